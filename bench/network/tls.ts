// The bench's own certificate authority and a server certificate for 127.0.0.1, made with openssl into a
// temporary folder at every run and removed after it: nothing here is ever committed or trusted beyond
// the processes the bench starts (NODE_EXTRA_CA_CERTS for Node, --cacert / CURL_CA_BUNDLE for curl).
// ECDSA P-256, like api.github.com's certificate.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface BenchTls {
  /** The CA certificate file (PEM), for NODE_EXTRA_CA_CERTS and curl's --cacert. */
  readonly caFile: string
  readonly key: Buffer
  readonly cert: Buffer
  /** Removes the folder with the keys. */
  remove(): void
}

/** Makes a CA and a certificate for `127.0.0.1` and `localhost` signed by it, valid for two days. */
export function makeTls(): BenchTls {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'))
  const at = (name: string) => join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  try {
    openssl('req', '-x509', ...ec, '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '2', '-subj', '/CN=deploy-failure-reporter bench CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign')
    openssl('req', ...ec, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1')
    writeFileSync(at('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n')
    openssl('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-out', at('server.pem'), '-days', '2', '-extfile', at('server.ext'))
    return {
      caFile: at('ca.pem'),
      key: readFileSync(at('server.key')),
      cert: readFileSync(at('server.pem')),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('openssl was not found on PATH: the bench and the TLS tests make a throwaway certificate authority with it; install it (Debian: apt-get install openssl) or put it on PATH', { cause: error })
    }
    throw error
  }
}
