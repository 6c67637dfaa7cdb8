import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AHEAD_MAX_IDLE_MS, transportFor } from '../../../lib/http/agent.ts'
import { fetchOverHttp } from '../../../lib/http/fetch.ts'
import { refusedAddress } from '../../helpers/refused-address.ts'

// A loopback server that records each connection and which connection each request came on.
async function counting(): Promise<{ url: string; connections: Socket[]; requests: Socket[]; server: Server }> {
  const connections: Socket[] = []
  const requests: Socket[] = []
  const server = createServer((req, res) => {
    requests.push(req.socket)
    res.end('ok')
  })
  server.on('connection', (socket: Socket) => connections.push(socket))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections, requests, server }
}

const servers: Server[] = []
test.after.each(() => {
  for (const s of servers.splice(0)) s.close(), s.closeAllConnections()
})

test('a connection opened ahead carries the first request, and the next ones reuse it (keep-alive)', async () => {
  const s = await counting()
  servers.push(s.server)
  transportFor('http:').open(new URL(s.url))
  await once(s.server, 'connection')
  assert.is(s.connections.length, 1)
  for (const path of ['/a', '/b', '/c']) assert.is(await (await fetchOverHttp(`${s.url}${path}`)).text(), 'ok')
  assert.is(s.connections.length, 1, 'no second connection')
  assert.equal(s.requests, [s.connections[0], s.connections[0], s.connections[0]])
})

test('open(url, 3) keeps three connections ready, and three requests at once take one each (REPORT_FILE_AFTER and REPORT_FLAP beside the duplicate check)', async () => {
  const s = await counting()
  servers.push(s.server)
  const url = new URL(s.url)
  transportFor('http:').open(url, 1)
  transportFor('http:').open(url, 3)
  // Loopback connects within milliseconds; a second is far past that on a busy machine.
  for (const until = Date.now() + 1000; s.connections.length < 3 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 10))
  assert.is(s.connections.length, 3, 'three opened ahead')
  // A fourth call asks for no more than three in all.
  transportFor('http:').open(url, 3)
  const answers = await Promise.all(['/list', '/runs', '/record'].map(async (path) => (await fetchOverHttp(`${s.url}${path}`)).text()))
  assert.equal(answers, ['ok', 'ok', 'ok'])
  assert.is(s.connections.length, 3, 'no connection opened while a request waited')
  assert.is(new Set(s.requests).size, 3)
})

test('a connection that failed ahead is not handed out: the request opens its own and succeeds', async () => {
  // Nothing listens there yet: the connection ahead is refused.
  const refused = await refusedAddress()
  try {
    const url = `http://${refused.host}:${refused.port}`
    transportFor('http:').open(new URL(url))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const again = createServer((_, res) => res.end('back'))
    servers.push(again)
    again.listen(refused.port, refused.host)
    await once(again, 'listening')
    assert.is(await (await fetchOverHttp(`${url}/x`)).text(), 'back')
  } finally {
    await refused.close()
  }
})

test('a connection opened ahead that the server closed no longer counts: opening again makes a new one', async () => {
  const s = await counting()
  servers.push(s.server)
  const url = new URL(s.url)
  transportFor('http:').open(url)
  await once(s.server, 'connection')
  s.connections[0]!.destroy()
  // The client's end sees the close within milliseconds on loopback.
  await new Promise((resolve) => setTimeout(resolve, 100))
  transportFor('http:').open(url)
  for (const until = Date.now() + 2000; s.connections.length < 2 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 10))
  assert.is(s.connections.length, 2, 'a second connection was opened in place of the closed one')
  assert.is(await (await fetchOverHttp(`${s.url}/x`)).text(), 'ok')
  assert.equal(s.requests, [s.connections[1]])
})

// A server closes an idle connection after its keep-alive timeout (Node's: 5 s); a request written as that
// close arrives fails with ECONNRESET. One opened ahead and left unused too long is replaced instead.
test('a connection opened ahead and left idle past AHEAD_MAX_IDLE_MS is replaced at its first request, before a server would close it', async () => {
  const s = await counting()
  servers.push(s.server)
  s.server.keepAliveTimeout = AHEAD_MAX_IDLE_MS + 2_000
  transportFor('http:').open(new URL(s.url))
  await once(s.server, 'connection')
  await new Promise((resolve) => setTimeout(resolve, AHEAD_MAX_IDLE_MS + 100))
  assert.is(await (await fetchOverHttp(`${s.url}/late`)).text(), 'ok')
  assert.is(s.connections.length, 2, 'a fresh connection carried the request')
  assert.is(s.requests[0], s.connections[1])
  // The stale one was closed, not left open.
  assert.ok(s.connections[0]!.destroyed || (await Promise.race([once(s.connections[0]!, 'close').then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 1000))])))
})

test.run()
