import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { streamGet, type StreamedAnswer } from '../../../lib/http/stream.ts'
import { ApiError } from '../../../lib/core/errors.ts'
import { redact } from '../../../lib/core/redact.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { gitlabCi: true })
// A second origin.
const other = useLoopback(test, { gitlabCi: true })

const never = () => new AbortController().signal
const read = async (answer: StreamedAnswer): Promise<string> => {
  const chunks: Uint8Array[] = []
  for await (const chunk of answer.body) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}
const rejection = async (p: Promise<unknown>): Promise<unknown> => {
  try {
    await p
  } catch (error) {
    return error
  }
  assert.unreachable('expected a rejection')
}

const credentials = () => ({ origin: servers.glci.url, headers: { authorization: 'Bearer secret-0123456789' } })

test('credentials go to their origin only; once a redirect has left it, never again', async () => {
  const { glci } = servers
  glci.stored.set('home', 'home trace')
  other.glci.stored.set('away', { location: `${glci.url}/storage/home?X-Amz-Signature=s` })
  glci.stored.set('start', { location: `${other.glci.url}/storage/away?X-Amz-Signature=s` })
  // The storage route refuses credentials, so reaching the end proves none were sent after the first hop.
  const answer = await streamGet({ url: `${glci.url}/storage/start?X-Amz-Signature=s`, headers: { 'user-agent': 'test' }, credentials: { ...credentials(), headers: { 'x-marker': 'only-at-home' } }, signal: never() })
  assert.is(answer.status, 200)
  assert.is(await read(answer), 'home trace')
  assert.equal(glci.calls(/^\/storage\//).map((r) => [r.path, r.headers['x-marker'], r.headers['user-agent']]), [
    ['/storage/start', 'only-at-home', 'test'],
    ['/storage/home', undefined, 'test'],
  ])
  assert.is(other.glci.calls()[0]!.headers['x-marker'], undefined)
  assert.equal([...glci.credentialsSeenByStorage, ...other.glci.credentialsSeenByStorage], [])
})

test('a credential sent in Authorization, on every hop or at its origin only, is a secret from then on', async () => {
  const answer = await streamGet({
    url: `${servers.glci.apiUrl}/projects/1/jobs/1/trace`,
    headers: { Authorization: 'Bearer stream-every-hop-0123' },
    credentials: { origin: servers.glci.url, headers: { authorization: 'Bearer stream-at-origin-0123' } },
    signal: never(),
  })
  await read(answer)
  assert.is(redact('echoed stream-every-hop-0123 and stream-at-origin-0123'), 'echoed *** and ***')
})

test('an error answer is given as it is, its body readable', async () => {
  const answer = await streamGet({ url: `${servers.glci.apiUrl}/projects/1/jobs/1/trace`, credentials: credentials(), signal: never() })
  assert.is(answer.status, 401)
  assert.match(await read(answer), /401 Unauthorized/)
})

test('refused: a redirect loop, a non-http(s) address, a Location that is not a URL', async () => {
  const { glci } = servers
  glci.stored.set('loop', { location: `${glci.url}/storage/loop?X-Amz-Signature=s` })
  const loop = await rejection(streamGet({ url: `${glci.url}/storage/loop?X-Amz-Signature=s`, signal: never() }))
  assert.instance(loop, ApiError)
  assert.is((loop as ApiError).message, 'more than 10 redirects')
  assert.is(glci.calls().length, 11)
  glci.stored.set('ftp', { location: 'ftp://files.example/trace?token=abc' })
  const ftp = await rejection(streamGet({ url: `${glci.url}/storage/ftp?X-Amz-Signature=s`, signal: never() }))
  assert.is((ftp as ApiError).message, 'redirected to a non-http(s) address (ftp:)')
  assert.is((ftp as ApiError).transient, false)
  glci.stored.set('bad', { location: 'http://[::1' })
  assert.match((await rejection(streamGet({ url: `${glci.url}/storage/bad?X-Amz-Signature=s`, signal: never() })) as Error).message, /not a URL/)
})

test('a body cut off midway rejects, it never ends early; an abort rejects with the signal\'s reason', async () => {
  const { glci } = servers
  glci.stored.set('cut', { cut: 'the first half' })
  const answer = await streamGet({ url: `${glci.url}/storage/cut?X-Amz-Signature=s`, signal: never() })
  const cut = await rejection(read(answer))
  assert.instance(cut, ApiError)
  assert.is((cut as ApiError).transient, true)
  glci.stored.set('slow', { endless: true, everyMs: 10 })
  const stop = new AbortController()
  const slow = await streamGet({ url: `${glci.url}/storage/slow?X-Amz-Signature=s`, signal: stop.signal })
  const reason = new Error('stopped by the test')
  const reading = rejection(read(slow))
  stop.abort(reason)
  assert.is(await reading, reason)
  assert.is(await rejection(streamGet({ url: `${glci.url}/storage/slow?X-Amz-Signature=s`, signal: stop.signal })), reason)
})

test.run()
