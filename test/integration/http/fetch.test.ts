import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fetchOverHttp, STALE_AFTER_IDLE_MS } from '../../../lib/http/fetch.ts'
import { AnswerTooLarge } from '../../../lib/core/errors.ts'
import { redact } from '../../../lib/core/redact.ts'
import { refusedAddress } from '../../helpers/refused-address.ts'

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

test('a credential sent in Authorization or Proxy-Authorization is a secret from then on, so an answer echoing it is masked where printed', async () => {
  // Echoes the credentials it was sent, as a gateway naming the one it refused.
  const api = await started((req, res) => res.writeHead(401).end(`refused ${req.headers.authorization} and ${req.headers['proxy-authorization']}`))
  const basic = Buffer.from('proxy-user:fetch-Pr0xy-pass').toString('base64')
  const r = await fetchOverHttp(api.url, { headers: { Authorization: 'bearer fetch-sent-jwt-0123456789', 'Proxy-Authorization': `Basic ${basic}` } })
  assert.is(redact(await r.text()), 'refused bearer *** and Basic ***')
  assert.is(redact('password fetch-Pr0xy-pass, pair proxy-user:fetch-Pr0xy-pass'), 'password ***, pair ***')
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
  const refused = await refusedAddress()
  try {
    const error = (await fetchOverHttp(`http://${refused.host}:${refused.port}`).then(() => undefined, (e: unknown) => e)) as TypeError & { cause: { code: string } }
    assert.instance(error, TypeError)
    assert.is(error.cause.code, 'ECONNREFUSED')
  } finally {
    await refused.close()
  }
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

test('the size cap: a body of maxBytes is read; one byte more, announced or streamed, rejects with AnswerTooLarge', async () => {
  const body = 'x'.repeat(1000)
  const api = await started((req, res) => {
    if (req.url === '/announced') return void res.writeHead(200, { 'content-length': '1001' }).end('x'.repeat(1001))
    res.writeHead(200)
    res.write(req.url === '/over' ? `${body}x` : body)
    res.end()
  })
  assert.is(await (await fetchOverHttp(`${api.url}/at`, { maxBytes: 1000 })).text(), body)
  for (const path of ['/over', '/announced']) {
    try {
      await (await fetchOverHttp(`${api.url}${path}`, { maxBytes: 1000 })).text()
      assert.unreachable(path)
    } catch (error) {
      assert.instance(error, AnswerTooLarge)
      assert.is((error as AnswerTooLarge).status, 200)
      assert.is((error as Error).message, 'the answer is larger than 1000 bytes, so it was not read')
    }
  }
})

// A server that answers the first request of each connection, keeps the connection, and closes it when a
// second request arrives there: what a request meets when it is written on a kept-alive connection just as
// the server, past its idle time, closes it (the process was too busy to see the close first).
async function closingOnReuse(): Promise<{ url: string; connections: () => number; requests: string[]; close: () => void }> {
  const requests: string[] = []
  const sockets = new Set<Socket>()
  const server = createNetServer((socket) => {
    sockets.add(socket)
    let served = 0
    let data = ''
    socket.on('data', (chunk) => {
      data += chunk
      // Whole requests only: a head, then as many bytes as its Content-Length says.
      for (let end = data.indexOf('\r\n\r\n'); end !== -1; end = data.indexOf('\r\n\r\n')) {
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(data.slice(0, end))?.[1] ?? 0)
        if (data.length < end + 4 + length) return
        requests.push(data.slice(0, data.indexOf(' ')))
        data = data.slice(end + 4 + length)
        if (served++ > 0) return void socket.destroy()
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\nok')
      }
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => sockets.size,
    requests,
    close: () => {
      for (const socket of sockets) socket.destroy()
      server.close()
    },
  }
}

const idleFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The assertion for an answer stays outside the catch, so a request that succeeded fails with its own message.
const expectReset = async (sending: Promise<unknown>, what: string) => {
  const error = await sending.then(() => undefined, (e: unknown) => e)
  if (error === undefined) assert.unreachable(`${what} got an answer: it was sent again after the reset`)
  assert.instance(error, TypeError)
  assert.is((error as Error).message, 'fetch failed')
  assert.is(((error as Error).cause as NodeJS.ErrnoException).code, 'ECONNRESET')
}

test('kept-alive connections idle past STALE_AFTER_IDLE_MS and closed as a request is written: a GET goes out again on a new one, silently; a POST never takes one, it opens a new connection', async () => {
  const api = await closingOnReuse()
  const many = await closingOnReuse()
  const posting = await closingOnReuse()
  try {
    // Two connections in the pool, as a run that sent two requests at once keeps; three at the second
    // server, more than a run keeps; one at the third, for the POST. One wait for all three.
    assert.equal(await Promise.all([`${api.url}/a`, `${api.url}/b`].map(async (url) => (await fetchOverHttp(url)).text())), ['ok', 'ok'])
    assert.equal(await Promise.all(['a', 'b', 'c'].map(async (path) => (await fetchOverHttp(`${many.url}/${path}`)).text())), ['ok', 'ok', 'ok'])
    assert.is(await (await fetchOverHttp(`${posting.url}/a`)).text(), 'ok')
    await idleFor(STALE_AFTER_IDLE_MS + 100)
    // Three closed connections in a row: the third failure is the request's, for the retry policy to weigh.
    await expectReset(fetchOverHttp(`${many.url}/issues`), 'a GET past three closed connections')
    assert.equal(many.requests, ['GET', 'GET', 'GET', 'GET', 'GET', 'GET'], 'sent three times in all')
    assert.is(many.connections(), 3)

    assert.is(await (await fetchOverHttp(`${api.url}/second`)).text(), 'ok')
    // Both kept connections had been closed: the GET met each in turn, then went out on a new one.
    assert.equal(api.requests, ['GET', 'GET', 'GET', 'GET', 'GET'], 'the GET met the two closed connections, then went out again')
    assert.is(api.connections(), 3)
    // A POST with a connection idle as long in the pool: had it met the close there, it could not be sent
    // again (it may have been processed), so it never takes that connection; it goes out once, on a new one.
    const posted = await fetchOverHttp(`${posting.url}/issues`, { method: 'POST', body: '{"title":"t"}', headers: { 'content-type': 'application/json' } })
    assert.is(await posted.text(), 'ok')
    assert.equal(posting.requests, ['GET', 'POST'], 'the POST went out once')
    assert.is(posting.connections(), 2, 'on a connection of its own')
  } finally {
    api.close()
    many.close()
    posting.close()
  }
})

// A reset met at once on a connection kept from an earlier answer is the server's answer to the request.
test('a kept-alive connection closed as a GET is written right after an answer: fetch failed (ECONNRESET), sent once', async () => {
  const api = await closingOnReuse()
  try {
    assert.is(await (await fetchOverHttp(`${api.url}/first`)).text(), 'ok')
    await new Promise((resolve) => setImmediate(resolve)) // the connection back in the agent's pool
    await expectReset(fetchOverHttp(`${api.url}/issues`), 'a GET met at once')
    assert.equal(api.requests, ['GET', 'GET'], 'the GET went out once')
    assert.is(api.connections(), 1)
  } finally {
    api.close()
  }
})

// Only a connection idle that long is passed over: a write right after an answer takes the kept one (here
// closed as the POST is written, so the POST fails, sent once, for the caller's retry policy).
test('a POST right after an answer goes out on the kept-alive connection: closed as it is written, fetch failed (ECONNRESET), sent once', async () => {
  const api = await closingOnReuse()
  try {
    assert.is(await (await fetchOverHttp(`${api.url}/first`)).text(), 'ok')
    await new Promise((resolve) => setImmediate(resolve)) // the connection back in the agent's pool
    await expectReset(fetchOverHttp(`${api.url}/issues`, { method: 'POST', body: '{"title":"t"}', headers: { 'content-type': 'application/json' } }), 'a POST met at once')
    assert.equal(api.requests, ['GET', 'POST'], 'the POST went out once')
    assert.is(api.connections(), 1, 'on the kept connection')
  } finally {
    api.close()
  }
})

test.run()
