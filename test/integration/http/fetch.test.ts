import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fetchOverHttp } from '../../../lib/http/fetch.ts'

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

// A loopback server answering with `handler`, recording what it was sent.
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = []
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
    handler(req, res)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server }
}

const servers: Server[] = []
const started = async (handler: Parameters<typeof serve>[0]) => {
  const s = await serve(handler)
  servers.push(s.server)
  return s
}
test.after.each(() => {
  for (const s of servers.splice(0)) s.close(), s.closeAllConnections()
})

test('sends method, headers and body; answers status, lower-case headers and the body as text and JSON', async () => {
  const api = await started((_, res) => res.writeHead(201, 'Created', { 'Content-Type': 'application/json', 'X-Twice': ['a', 'b'] }).end('{"n":1}'))
  const r = await fetchOverHttp(`${api.url}/things`, { method: 'POST', headers: { Authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"x":"é"}' })
  assert.equal([r.status, r.ok, r.statusText, r.url], [201, true, 'Created', `${api.url}/things`])
  assert.is(r.headers.get('content-type'), 'application/json')
  assert.is(new Map([...r.headers]).get('x-twice'), 'a, b')
  assert.equal(await r.json(), { n: 1 })
  const [sent] = api.seen
  assert.equal([sent!.method, sent!.url, sent!.headers.authorization, sent!.body], ['POST', '/things', 'Bearer t', '{"x":"é"}'])
  assert.is(sent!.headers['content-length'], String(Buffer.byteLength('{"x":"é"}')))
})

test('a redirect to another origin is followed without Authorization; a 303 after a POST becomes a GET without body', async () => {
  const other = await started((_, res) => res.end('there'))
  const api = await started((req, res) => res.writeHead(req.url === '/a' ? 307 : 303, { location: req.url === '/a' ? '/b' : `${other.url}/c` }).end())
  const r = await fetchOverHttp(`${api.url}/a`, { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'text/plain' }, body: 'payload' })
  assert.is(await r.text(), 'there')
  assert.is(r.url, `${other.url}/c`)
  assert.equal(api.seen.map((s) => [s.method, s.url, s.body, s.headers.authorization]), [['POST', '/a', 'payload', 'Bearer t'], ['POST', '/b', 'payload', 'Bearer t']])
  const [last] = other.seen
  assert.equal([last!.method, last!.body, last!.headers.authorization, last!.headers['content-type']], ['GET', '', undefined, undefined])
})

test("redirect: 'error' rejects as fetch does, and never reaches the redirect's target", async () => {
  const other = await started((_, res) => res.end())
  const api = await started((_, res) => res.writeHead(302, { location: `${other.url}/x` }).end())
  const error = await fetchOverHttp(api.url, { method: 'POST', body: '{}', redirect: 'error' }).then(() => undefined, (e: unknown) => e)
  assert.instance(error, TypeError)
  assert.is(other.seen.length, 0)
})

test('no answer: a TypeError with the network error as its cause', async () => {
  const api = await started(() => {})
  api.server.close()
  api.server.closeAllConnections()
  await once(api.server, 'close')
  const error = (await fetchOverHttp(api.url).then(() => undefined, (e: unknown) => e)) as TypeError & { cause: { code: string } }
  assert.instance(error, TypeError)
  assert.is(error.cause.code, 'ECONNREFUSED')
})

test('a body cut off midway makes text() reject; it never passes for a shorter answer', async () => {
  const api = await started((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
    res.write('[{"half":')
    setTimeout(() => res.destroy(), 20)
  })
  const r = await fetchOverHttp(api.url)
  await r.text().then(() => assert.unreachable('read a cut-off body'), (e: unknown) => assert.instance(e, Error))
})

test('the signal aborts a request that gets no answer, and a body that stalls, with its own reason', async () => {
  const reason = new Error('too slow')
  const silent = await started(() => {})
  const controller = new AbortController()
  setTimeout(() => controller.abort(reason), 30)
  assert.is(await fetchOverHttp(silent.url, { signal: controller.signal }).then(() => undefined, (e: unknown) => e), reason)
  const stalling = await started((_, res) => res.writeHead(200, { 'content-length': '10' }).write('12'))
  const late = new AbortController()
  const r = await fetchOverHttp(stalling.url, { signal: late.signal })
  late.abort(reason)
  assert.is(await r.text().then(() => undefined, (e: unknown) => e), reason)
})

test.run()
