import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createGitLab, ERROR_TEXT_LENGTH, nextPage, type GitLabOptions } from '../../../lib/gitlab/client.ts'
import { ApiError, RateLimited } from '../../../lib/core/errors.ts'
import { isTransient } from '../../../lib/core/retry/transient.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { gitlab: true })
// A second origin, for what must never reach one the client was not given.
const others = useLoopback(test, { gitlab: true })

const client = (log = memoryLog(), extra: Partial<GitLabOptions> = {}) =>
  createGitLab({ token: servers.gl.token, apiUrl: servers.gl.apiUrl, timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 3, retryDelaySeconds: 0.01, writeIntervalSeconds: 0, ...extra }, log)

const failure = async <E extends Error = ApiError>(p: Promise<unknown>, kind: abstract new (...args: never[]) => E = ApiError as never): Promise<E> => {
  try {
    await p
  } catch (error) {
    assert.instance(error, kind)
    return error as E
  }
  assert.unreachable(`expected a ${kind.name}`)
  throw new Error('unreachable')
}

test('sends Bearer auth and JSON to the API, finds the project by encoded path or numeric id', async () => {
  const byPath = await client().request<{ path_with_namespace: string; star_count: number }>({ method: 'GET', path: '/projects/acme%2Fplatform%2Fshop' })
  assert.is(byPath.data.path_with_namespace, 'acme/platform/shop')
  assert.is(byPath.data.star_count, 42)
  const byId = await client().request<{ path_with_namespace: string }>({ method: 'GET', path: `/projects/${servers.gl.projectId}` })
  assert.is(byId.data.path_with_namespace, 'acme/platform/shop')
  const [req] = servers.gl.requests
  assert.is(req!.headers.authorization, `Bearer ${servers.gl.token}`)
  assert.is(req!.headers.accept, 'application/json')
  assert.is(req!.path, '/projects/acme%2Fplatform%2Fshop')
  await client().request({ method: 'POST', path: '/projects/4242/issues', body: { title: 't', labels: 'a' } })
  assert.is(servers.gl.calls('POST')[0]!.headers['content-type'], 'application/json')
})

test('the loopback takes PRIVATE-TOKEN too, and refuses an unencoded path or a wrong token in GitLab\'s error shape', async () => {
  const ok = await fetch(`${servers.gl.apiUrl}/user`, { headers: { 'private-token': servers.gl.token } })
  assert.is(ok.status, 200)
  const unencoded = await fetch(`${servers.gl.apiUrl}/projects/acme/platform/shop`, { headers: { 'private-token': servers.gl.token } })
  assert.is(unencoded.status, 404)
  assert.equal(servers.gl.refused.splice(0), ['GET /projects/acme/platform/shop: no operation lib/ calls (test/helpers/openapi/gitlab-rest.ts lists them)'], 'sent on purpose')
  const error = await failure(client(memoryLog(), { token: 'wrong-token-value' }).request({ method: 'GET', path: '/user' }))
  assert.is(error.status, 401)
  assert.is(error.message, '401 Unauthorized')
  assert.is(error.transient, false)
  assert.is(servers.gl.calls().length, 3, '401 is not retried')
})

test('reads are retried on 5xx, resets and cut-off bodies with backoff warnings', async () => {
  const log = memoryLog()
  servers.gl.inject('GET', /^\/user$/, { status: 502 })
  servers.gl.inject('GET', /^\/user$/, { reset: true })
  const { data } = await client(log).request<{ username: string }>({ method: 'GET', path: '/user' })
  assert.is(data.username, 'reporter-bot')
  assert.is(servers.gl.calls('GET').length, 3)
  assert.is(log.lines.length, 2)
  assert.match(log.lines[0]!, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.01s\.\.\. \(GET \/user: HTTP 502: 502 Injected failure\)$/)
  assert.match(log.lines[1]!, /^\[WARN\] Attempt 2\/3 failed, retrying in 0\.02s\.\.\. \(GET \/user: no answer from the API/)

  servers.gl.inject('GET', /^\/user$/, { status: 200, body: '[{"iid":' }, 3)
  const invalid = await failure(client().request({ method: 'GET', path: '/user' }))
  assert.is(invalid.transient, true)
  assert.is(invalid.message, 'the answer was cut off or is not valid JSON')
  assert.is(servers.gl.calls('GET').length, 6)

  servers.gl.inject('GET', /^\/user$/, { stall: true }, 3)
  const cut = await failure(client(memoryLog(), { timeoutMs: 300 }).request({ method: 'GET', path: '/user' }))
  assert.is(cut.transient, true)
  assert.is(cut.message, 'timed out after 0.3s')
})

test('writes are sent once: a 503 or a committed-then-lost create is not repeated', async () => {
  servers.gl.inject('POST', /\/issues$/, { status: 503 })
  const e503 = await failure(client().request({ method: 'POST', path: '/projects/4242/issues', body: { title: 't' } }))
  assert.is(e503.status, 503)
  assert.is(e503.transient, true)
  servers.gl.inject('POST', /\/issues$/, { commitThen: 'reset' })
  const reset = await failure(client().request({ method: 'POST', path: '/projects/4242/issues', body: { title: 't' } }))
  assert.is(reset.status, undefined)
  assert.is(reset.transient, true)
  assert.is(servers.gl.calls('POST').length, 2)
  assert.is(servers.gl.issues.length, 1, 'the committed create stays the only one')
})

test('a hung request times out as a transient failure, retried for reads', async () => {
  servers.gl.inject('GET', /^\/user$/, { hang: true }, 3)
  const error = await failure(client(memoryLog(), { timeoutMs: 200 }).request({ method: 'GET', path: '/user' }))
  assert.is(error.status, undefined)
  assert.is(error.transient, true)
  assert.is(servers.gl.calls('GET').length, 3)
})

test('404 and 422 are answers, not retried, with GitLab\'s message', async () => {
  const e404 = await failure(client().request({ method: 'GET', path: '/projects/acme%2Fother' }))
  assert.is(e404.message, '404 Project Not Found')
  servers.gl.inject('PUT', /\/issues\/1$/, { status: 422, body: { message: { base: ['Spam detected'] } } })
  servers.gl.addIssue({ title: 'x' })
  const e422 = await failure(client().request({ method: 'PUT', path: '/projects/4242/issues/1', body: { state_event: 'close' } }))
  assert.is(e422.status, 422)
  assert.is(e422.message, '{"base":["Spam detected"]}')
  assert.is(servers.gl.calls().length, 2)
})

test('an error body echoing the token across the cut: masked before it is cut, so no piece survives and the rest of the text does', async () => {
  const { token } = servers.gl
  // Starting 10 characters before the cut: cut first, its first 10 characters would be kept.
  const echoed = `${'x'.repeat(ERROR_TEXT_LENGTH - 10)}${token} rest`
  // A proxy's plain-text page, and GitLab's JSON shape.
  for (const body of [echoed, { message: echoed }]) {
    servers.gl.inject('GET', /^\/user$/, { status: 502, body })
    const error = await failure(client().request({ method: 'GET', path: '/user', attempts: 1 }))
    assert.is(error.message, `${'x'.repeat(ERROR_TEXT_LENGTH - 10)}*** rest`)
    for (let i = 0; i + 6 <= token.length; i++) assert.not.ok(error.message.includes(token.slice(i, i + 6)), token.slice(i, i + 6))
  }
})

test('a 429 is waited out within REPORT_MAX_WAIT, for writes too, and resent once', async () => {
  const log = memoryLog()
  servers.gl.inject('POST', /\/issues$/, { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Retry later' } })
  await client(log).request({ method: 'POST', path: '/projects/4242/issues', body: { title: 't' } })
  assert.is(servers.gl.calls('POST').length, 2)
  assert.is(servers.gl.issues.length, 1)
  assert.equal(log.lines, ['[WARN] GitLab rate limit on POST /projects/4242/issues; waiting 0s'])
})

test('a 429 lifting beyond REPORT_MAX_WAIT fails fast saying "rate limit", with no further call', async () => {
  const log = memoryLog()
  servers.gl.inject('GET', /^\/user$/, { status: 429, headers: { 'retry-after': '3600' }, body: { message: 'Retry later' } })
  const error = await failure(client(log, { maxWaitSeconds: 60 }).request({ method: 'GET', path: '/user' }), RateLimited)
  assert.match(error.message, /rate limit/)
  assert.match(error.message, /in 3600s\), beyond the 60s REPORT_MAX_WAIT/)
  assert.is(isTransient(error), false)
  assert.is(error.status, 429)
  assert.is(servers.gl.calls().length, 1)
  assert.equal(log.lines, [])
})

test('a 429 without Retry-After waits until RateLimit-Reset', async () => {
  const reset = Math.floor(Date.now() / 1000) + 600
  servers.gl.inject('GET', /^\/user$/, { status: 429, headers: { 'ratelimit-reset': String(reset), 'ratelimit-remaining': '0' } })
  const error = await failure(client(memoryLog(), { maxWaitSeconds: 30 }).request({ method: 'GET', path: '/user' }), RateLimited)
  assert.ok(error.limit.waitSeconds > 30)
  assert.match(error.message, /^GitLab API primary rate limit hit on GET \/user; it resets at /)
})

// A caller's deadline (the changes read's, the CI read's) covers the waits between attempts: a signal that
// aborts ends a retry's back-off or a 429's wait at once, and nothing is sent after it. Before, both ran
// to their end (4 s here) whatever the signal said.
const deadlineAt = (ms: number) => {
  const stop = new AbortController()
  setTimeout(() => stop.abort(new Error('the deadline')), ms)
  return stop.signal
}
const settlesSoon = async (work: Promise<unknown>) => {
  const started = Date.now()
  const error = await work.then(() => undefined, (e: Error) => e)
  assert.ok(Date.now() - started < 2000, `settled after ${Date.now() - started} ms`)
  return error
}

test('a caller\'s signal ends a retry\'s back-off: rejected with its reason, no attempt after it', async () => {
  servers.gl.inject('GET', /^\/projects\/[^/]+$/, { status: 503 }, 5)
  const gl = client(memoryLog(), { retryAttempts: 2, retryDelaySeconds: 4 })
  const error = await settlesSoon(gl.request({ method: 'GET', path: '/projects/4242', signal: deadlineAt(200) }))
  assert.is(error?.message, 'the deadline')
  assert.is(servers.gl.calls('GET').length, 1)
})

test('a caller\'s signal ends a 429\'s wait: the caller stopped waiting, nothing resent', async () => {
  const log = memoryLog()
  servers.gl.inject('GET', /^\/projects\/[^/]+$/, { rateLimit: 4 }, 5)
  const error = await settlesSoon(client(log, { retryAttempts: 1, maxWaitSeconds: 60 }).request({ method: 'GET', path: '/projects/4242', signal: deadlineAt(200) }))
  assert.instance(error, ApiError)
  assert.is(error?.message, 'the caller stopped waiting')
  assert.is(isTransient(error), false)
  assert.equal(log.lines, ['[WARN] GitLab rate limit on GET /projects/4242; waiting 4s'])
  assert.is(servers.gl.calls('GET').length, 1)
})

test('a listing\'s signal reaches every page: a later page\'s back-off ends with it', async () => {
  for (let i = 0; i < 150; i++) servers.gl.addIssue({ title: `t${i}` })
  servers.gl.inject('GET', /^\/projects\/[^/]+\/issues$/, { status: 503 }, 5, 1)
  const sizes: number[] = []
  const signal = deadlineAt(300)
  const error = await settlesSoon((async () => {
    for await (const page of client(memoryLog(), { retryAttempts: 3, retryDelaySeconds: 4 }).pages<unknown>('/projects/4242/issues', { per_page: 100 }, undefined, signal)) sizes.push(page.data.length)
  })())
  assert.is(error?.message, 'the deadline')
  assert.equal(sizes, [100])
  assert.is(servers.gl.calls('GET').length, 2)
})

test('a low quota is warned about once', async () => {
  servers.gl.rateLimit = { limit: 2000, remaining: 5, reset: Math.floor(Date.now() / 1000) + 30 }
  const log = memoryLog()
  const c = client(log)
  await c.request({ method: 'GET', path: '/user' })
  await c.request({ method: 'GET', path: '/user' })
  assert.is(log.lines.length, 1)
  assert.match(log.lines[0]!, /^\[WARN\] GitLab API quota is low: 5 requests left until \d{4}-/)
})

test('pages follow x-next-page to the end, on the API\'s own address', async () => {
  for (let i = 0; i < 250; i++) servers.gl.addIssue({ title: `t${i}` })
  const sizes: number[] = []
  for await (const page of client().pages<unknown>('/projects/4242/issues', { per_page: 100 })) sizes.push(page.data.length)
  assert.equal(sizes, [100, 100, 50])
  assert.equal(servers.gl.calls('GET').map((r) => r.query.get('page')), [null, '2', '3'])
})

test('the token is not sent to another origin named in a Link header', async () => {
  others.gl.token = servers.gl.token
  servers.gl.inject('GET', /\/issues$/, { status: 200, body: [], headers: { link: `<${others.gl.apiUrl}/projects/4242/issues?page=2>; rel="next"` } })
  const error = await failure((async () => {
    for await (const _ of client().pages<unknown>('/projects/4242/issues', {})) void _
  })())
  assert.is(error.status, 401, 'the other origin saw no token')
  assert.is(others.gl.requests.length, 1)
  assert.is(others.gl.requests[0]!.headers.authorization, undefined)
})

test('writes from one process go out one at a time; reads do not wait for them', async () => {
  servers.gl.createLatencyMs = 100
  const c = client(memoryLog(), { writeIntervalSeconds: 0.001 })
  const post = () => c.request({ method: 'POST', path: '/projects/4242/issues', body: { title: 't' } })
  await Promise.all([post(), post(), post(), c.request({ method: 'GET', path: '/user' })])
  assert.is(servers.gl.issues.length, 3)
  assert.is(servers.gl.maxConcurrentCreates, 1)
  const order = servers.gl.requests.map((r) => r.method)
  assert.ok(order.indexOf('GET') < order.lastIndexOf('POST'), `the read overtook queued writes: ${order}`)
})

test('nextPage prefers x-next-page, falls back to Link, and ends on the last page', () => {
  const current = 'https://gl.example/api/v4/projects/1/issues?state=opened&page=1'
  assert.is(nextPage({ 'x-next-page': '2', link: '<https://evil.example/x>; rel="next"' }, current), 'https://gl.example/api/v4/projects/1/issues?state=opened&page=2')
  assert.is(nextPage({ 'x-next-page': '', link: '<https://gl.example/a?page=1>; rel="prev", <https://gl.example/b>; rel="next"' }, current), 'https://gl.example/b')
  assert.is(nextPage({ 'x-next-page': '', link: '<https://gl.example/a>; rel="first"' }, current), undefined)
  // A relative Link, as a proxy may send it, is read against the request's address rather than returned as is.
  assert.is(nextPage({ link: '</api/v4/projects/1/issues?page=2>; rel="next"' }, current), 'https://gl.example/api/v4/projects/1/issues?page=2')
  assert.is(nextPage({ link: '<issues?page=3>; rel="next"' }, current), 'https://gl.example/api/v4/projects/1/issues?page=3')
})

test.run()
