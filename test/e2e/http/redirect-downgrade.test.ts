// Rule: no redirect downgrades https to plain http (docs/security.md, "Bounds"). An https origin (a CA
// made for this file, trusted by a child process through NODE_EXTRA_CA_CERTS) redirecting to a plain-http
// loopback server: fetch.ts (every API call, chat, Slack, the pager) and stream.ts (the job logs) refuse to
// follow, and the plain-http server is sent nothing. The same redirect from http to http is followed.
import { once } from 'node:events'
import { createServer as createHttps, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { makeTls, type BenchTls } from '../../../bench/network/tls.ts'
import { compiledChild } from '../../helpers/child-build.ts'
import { runCommand } from '../../helpers/helpers.ts'
import { LoopbackServer } from '../../helpers/loopback-server.ts'

let tls: BenchTls
let plainHits = 0
const plain = new LoopbackServer((_, res) => {
  plainHits++
  res.end('plain')
})
let secure: Server
let secureUrl = ''
// uvu drops an error thrown in a before hook (its runner returns from a finally): said here, or the file fails without a word.
test.before(async () => {
  try {
    tls = makeTls()
  } catch (error) {
    console.error(`before: ${(error as Error).message}`)
    throw error
  }
  await plain.listen()
  secure = createHttps({ key: tls.key, cert: tls.cert }, (req, res) => res.writeHead(302, { location: `${plain.url}${req.url}` }).end())
  secure.listen(0, '127.0.0.1')
  await once(secure, 'listening')
  secureUrl = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`
})
// Each part only if `before` got that far: when it failed (no openssl), its own error says why.
test.after(async () => {
  secure?.closeAllConnections()
  secure?.close()
  await plain?.close()
  tls?.remove()
})

const child = async (from: string) => runCommand(process.execPath, [await compiledChild('https-redirect')], { FROM: from, NODE_EXTRA_CA_CERTS: tls.caFile }, { timeoutMs: 30_000 })

test('https redirected to http: refused by fetch and by the streamed GET, and the http server is sent nothing', async () => {
  plainHits = 0
  const r = await child(`${secureUrl}/logs/1?sig=short-lived`)
  assert.is(r.code, 0, r.stderr)
  const [fetched, streamed] = r.stdout.trim().split('\n').map((line) => JSON.parse(line) as { status?: number; error?: string })
  assert.match(fetched!.error ?? '', /refused a redirect from https to http:\/\/127\.0\.0\.1:\d+/)
  assert.match(streamed!.error ?? '', /refused a redirect from https to http:\/\/127\.0\.0\.1:\d+/)
  assert.not.ok(`${fetched!.error}${streamed!.error}`.includes('sig='), 'the address, which may be a credential, is not named')
  assert.is(plainHits, 0)
})

test('http redirected to http is followed as before', async () => {
  plainHits = 0
  const hop = new LoopbackServer((req, res) => res.writeHead(302, { location: `${plain.url}${req.url}` }).end())
  await hop.listen()
  try {
    const r = await child(`${hop.url}/x`)
    assert.equal(r.stdout.trim().split('\n').map((line) => JSON.parse(line)), [{ status: 200 }, { status: 200 }])
    assert.is(plainHits, 2)
  } finally {
    await hop.close()
  }
})

test.run()
