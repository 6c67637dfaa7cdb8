// The connection opened ahead over TLS (lib/http/agent.ts), in processes of their own, because a process's
// trusted roots (NODE_EXTRA_CA_CERTS) are read at its start, and because what is checked is that such a
// process exits on its own: test/helpers/https-ahead.mts.
import { once } from 'node:events'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { makeTls, type BenchTls } from '../../../bench/network/tls.ts'
import { compiledChild } from '../../helpers/child-build.ts'
import { runCommand } from '../../helpers/helpers.ts'
import { refusedAddress } from '../../helpers/refused-address.ts'

// A certificate for 127.0.0.1 and localhost, signed by a CA made for this file (openssl, temporary folder).
let tls: BenchTls
// uvu drops an error thrown in a before hook (its runner returns from a finally): said here, or the file fails without a word.
test.before(() => {
  try {
    tls = makeTls()
  } catch (error) {
    console.error(`before: ${(error as Error).message}`)
    throw error
  }
})
// Optional: when making the certificates failed, `before` reported why, and there is nothing to remove.
test.after(() => tls?.remove())

interface Origin {
  readonly port: number
  readonly server: Server
  /** Per TLS connection the server accepted: the SNI name the client sent (false for none). */
  readonly connections: (string | false)[]
  /** Per request, the index of the connection it came on. */
  readonly requests: number[]
}

const servers: Server[] = []
test.after.each(() => {
  for (const s of servers.splice(0)) s.close(), s.closeAllConnections()
})

async function origin(host = '127.0.0.1'): Promise<Origin> {
  const sockets: TLSSocket[] = []
  const connections: (string | false)[] = []
  const requests: number[] = []
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    requests.push(sockets.indexOf(req.socket as TLSSocket))
    res.end('ok')
  })
  // Idle connections are never closed from this side: a client that waited for that would not exit.
  server.keepAliveTimeout = 0
  server.on('secureConnection', (socket: TLSSocket) => (sockets.push(socket), connections.push(socket.servername as string | false)))
  servers.push(server)
  server.listen(0, host)
  await once(server, 'listening')
  return { port: (server.address() as AddressInfo).port, server, connections, requests }
}

// The child's environment: what it needs and nothing else (runCommand starts from a clean one). A child
// whose idle or unused connection held it open would be killed at the time limit, and the test fail.
const child = async (env: Record<string, string>) => runCommand(process.execPath, [await compiledChild('https-ahead')], env, { timeoutMs: 30_000 })
const trusted = () => ({ NODE_EXTRA_CA_CERTS: tls.caFile })

for (const later of [false, true]) {
  const when = later ? 'a while later' : 'in the same turn as the preconnect'
  test(`over TLS the connection opened ahead carries the first request (${when}), and the process exits with it idle`, async () => {
    const o = await origin()
    const url = `https://127.0.0.1:${o.port}/`
    const r = await child({ ...trusted(), AHEAD: url, GET: `${url}x`, ...(later ? { LATER: '1' } : {}) })
    assert.is(r.code, 0, r.stderr)
    assert.equal(JSON.parse(r.stdout), { status: 200, body: 'ok', connects: 1 })
    assert.is(r.stderr, '')
    // One connection, verified against NODE_EXTRA_CA_CERTS, with no SNI for an IP address.
    assert.equal(o.connections, [false])
    assert.equal(o.requests, [0])
  })
}

test('a host name is sent as SNI and checked against the certificate', async () => {
  const o = await origin()
  const url = `https://localhost:${o.port}/`
  const r = await child({ ...trusted(), AHEAD: url, GET: url, LATER: '1' })
  assert.is(r.code, 0, r.stderr)
  assert.equal(JSON.parse(r.stdout), { status: 200, body: 'ok', connects: 1 })
  assert.equal(o.connections, ['localhost'])
  assert.equal(o.requests, [0])
})

test('an untrusted certificate is refused, ahead and by the request, which reports it', async () => {
  const o = await origin()
  const url = `https://127.0.0.1:${o.port}/`
  const r = await child({ AHEAD: url, GET: url, LATER: '1' })
  assert.is(r.code, 0, r.stderr)
  assert.equal(JSON.parse(r.stdout), { error: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' })
  assert.is(r.stderr, '')
  assert.equal(o.requests, [])
})

test('a certificate for another address is refused: the IP address is checked without SNI', async () => {
  // 127.0.0.2 is loopback too, but the certificate names 127.0.0.1 and localhost only.
  const o = await origin('127.0.0.2')
  const url = `https://127.0.0.2:${o.port}/`
  const r = await child({ ...trusted(), AHEAD: url, GET: url, LATER: '1' })
  assert.is(r.code, 0, r.stderr)
  assert.equal(JSON.parse(r.stdout), { error: 'ERR_TLS_CERT_ALTNAME_INVALID' })
  assert.equal(o.requests, [])
})

test('a connection opened ahead and never used neither holds the exit nor prints anything', async () => {
  const o = await origin()
  const r = await child({ ...trusted(), AHEAD: `https://127.0.0.1:${o.port}/` })
  assert.equal([r.code, r.stdout, r.stderr], [0, '', ''])
})

test('a connection refused ahead stays silent: the process exits, and the request reports the refusal', async () => {
  const refused = await refusedAddress()
  try {
    const url = `https://${refused.host}:${refused.port}/`
    const idle = await child({ ...trusted(), AHEAD: url })
    assert.equal([idle.code, idle.stdout, idle.stderr], [0, '', ''])
    const used = await child({ ...trusted(), AHEAD: url, GET: url, LATER: '1' })
    assert.equal([used.code, JSON.parse(used.stdout), used.stderr], [0, { error: 'ECONNREFUSED' }, ''])
  } finally {
    await refused.close()
  }
})

test.run()
