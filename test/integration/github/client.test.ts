import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createGitHub } from '../../../lib/github/client.ts'
import { describeError, isTransient, withAttempts } from '../../../lib/core/retry/transient.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { gitHubPages } from '../../../lib/github/pages.ts'

const servers = useLoopback(test, { github: true })
// A second origin, for what must never reach one the client was not given.
const others = useLoopback(test, { github: true })

const client = (log = memoryLog(), extra = {}) =>
  createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 3, retryDelaySeconds: 0.01, ...extra }, log)

test('sends Bearer auth, the v3 Accept header and JSON content type', async () => {
  const { data } = await client().request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' })
  assert.is(data.full_name, 'acme/shop')
  const [req] = servers.gh.requests
  assert.is(req!.headers.authorization, `Bearer ${servers.gh.token}`)
  assert.is(req!.headers.accept, 'application/vnd.github.v3+json')
  assert.is(req!.headers['content-type'], 'application/json')
})

test('a request is sent without waiting on a timer: plugin-throttling\'s limiters are ours (Bottleneck\'s yield with setTimeout(0) at each step)', async () => {
  const github = client(memoryLog(), { writeIntervalSeconds: 0 })
  const delays: number[] = []
  const original = globalThis.setTimeout
  globalThis.setTimeout = ((fn: () => void, ms?: number) => (delays.push(ms ?? 0), original(fn, ms))) as typeof setTimeout
  try {
    await github.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' })
    await github.request('POST /repos/{owner}/{repo}/issues', { owner: 'acme', repo: 'shop', title: 'paced 0 s apart' })
    await github.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' })
  } finally {
    globalThis.setTimeout = original
  }
  assert.equal(delays.filter((ms) => ms <= 1), [], `timers of ${delays.join(', ')} ms were set`)
  assert.is(servers.gh.requests.length, 3)
})

test('the token is not sent to another origin named in a Link header', async () => {
  others.gh.token = servers.gh.token
  servers.gh.addIssue({ title: 'one' })
  servers.gh.inject('GET', /\/issues$/, { status: 200, body: [], headers: { link: `<${others.gh.url}/repos/acme/shop/issues?page=2>; rel="next"` } })
  const pages = gitHubPages(client(), 'GET /repos/{owner}/{repo}/issues', { owner: 'acme', repo: 'shop' }, { what: 'issues' })
  const seen: number[] = []
  try {
    for await (const page of pages) seen.push(page.data.length)
  } catch (error) {
    assert.is((error as { status?: number }).status, 401, 'the other origin saw no token')
  }
  assert.is(others.gh.requests.length, 1)
  assert.is(others.gh.requests[0]!.headers.authorization, undefined)
})

test('reads are retried on 5xx and resets with backoff warnings; writes are not', async () => {
  const log = memoryLog()
  servers.gh.inject('GET', /^\/repos\/acme\/shop$/, { status: 502 })
  servers.gh.inject('GET', /^\/repos\/acme\/shop$/, { reset: true })
  const { data } = await client(log).request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' })
  assert.is(data.stargazers_count, 42)
  assert.is(servers.gh.calls('GET').length, 3)
  assert.is(log.lines.length, 2)
  assert.match(log.lines[0]!, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.01s\.\.\. \(GET \/repos\/acme\/shop: HTTP 502/)
  assert.match(log.lines[1]!, /^\[WARN\] Attempt 2\/3 failed, retrying in 0\.02s\.\.\./)

  servers.gh.inject('POST', /\/issues$/, { status: 503 })
  try {
    await client(log).request('POST /repos/{owner}/{repo}/issues', { owner: 'acme', repo: 'shop', title: 't' })
    assert.unreachable()
  } catch (error) {
    assert.is((error as { status?: number }).status, 503)
  }
  assert.is(servers.gh.calls('POST').length, 1)
})

test('4xx answers are not retried', async () => {
  servers.gh.inject('GET', /^\/repos\/acme\/shop$/, { status: 404, body: { message: 'Not Found' } })
  try {
    await client().request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' })
    assert.unreachable()
  } catch (error) {
    assert.not.ok(isTransient(error))
    assert.match(describeError(error), /^HTTP 404/)
  }
  assert.is(servers.gh.requests.length, 1)
})

test('a request that hangs times out and counts as transient', async () => {
  servers.gh.inject('GET', /^\/repos\/acme\/shop$/, { hang: true }, 5)
  const started = Date.now()
  try {
    await client(memoryLog(), { timeoutMs: 100, retryAttempts: 2 }).request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' })
    assert.unreachable()
  } catch (error) {
    assert.ok(isTransient(error))
    // As GitLab's client says it (lib/gitlab/client.ts).
    assert.is(describeError(error), 'no answer from the API (timed out after 0.1s)')
  }
  assert.is(servers.gh.requests.length, 2)
  assert.ok(Date.now() - started < 5000)
})

test('withAttempts overrides the GET attempts for every page of a paginated list, and only inside it', async () => {
  for (let i = 0; i < 150; i++) servers.gh.addIssue({ title: `t${i}` })
  const log = memoryLog()
  const c = client(log)
  const list = () => gitHubPages(c, 'GET /repos/{owner}/{repo}/issues', { owner: 'acme', repo: 'shop', per_page: 100 }, { what: 'issues' })
  const first = list()[Symbol.asyncIterator]()
  assert.is((await withAttempts(1, () => first.next())).value!.data.length, 100)
  servers.gh.inject('GET', /\/issues$/, { status: 502 }, 1)
  try {
    await withAttempts(1, () => first.next())
    assert.unreachable('page 2 was tried once')
  } catch (error) {
    assert.is((error as { status?: number }).status, 502)
  }
  assert.is(servers.gh.requests.length, 2)
  servers.gh.inject('GET', /\/issues$/, { status: 502 }, 1)
  let pages = 0
  for await (const _ of list()) pages++
  assert.is(pages, 2)
  assert.is(servers.gh.requests.length, 5, 'outside withAttempts the failed page is retried')
})

// plugin-throttling waits a rate limit out in its own limiter; a caller's deadline must end that wait too,
// or the process stays alive past it for up to REPORT_MAX_WAIT and sends the request again.
test('a caller\'s signal ends a primary rate-limit wait: rejected with its reason at once, nothing sent after it', async () => {
  const log = memoryLog()
  const reset = String(Math.floor(Date.now() / 1000) + 30)
  servers.gh.inject('GET', /^\/repos\/acme\/shop\/issues$/, { status: 403, body: { message: 'API rate limit exceeded for installation ID 1.' }, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } }, 5)
  const stop = new AbortController()
  setTimeout(() => stop.abort(new Error('the deadline')), 200)
  const started = Date.now()
  const error = await client(log, { maxWaitSeconds: 60, retryAttempts: 1 }).request('GET /repos/{owner}/{repo}/issues', { owner: 'acme', repo: 'shop', request: { signal: stop.signal } }).then(() => undefined, (e: Error) => e)
  assert.ok(Date.now() - started < 3000, `settled after ${Date.now() - started} ms`)
  assert.is(error?.message, 'the deadline')
  assert.is(log.lines.filter((l) => /rate limit on GET \/repos\/acme\/shop\/issues; waiting \d+s$/.test(l)).length, 1, log.lines.join('\n'))
  assert.is(servers.gh.calls('GET', /\/issues$/).length, 1)
})

test('one [WARN] when the remaining quota falls under 100', async () => {
  const log = memoryLog()
  servers.gh.rateLimit = { limit: 5000, remaining: 99, reset: Math.floor(Date.now() / 1000) + 60 }
  const c = client(log)
  await c.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' })
  await c.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' })
  assert.equal(log.lines.length, 1)
  assert.match(log.lines[0]!, /^\[WARN\] GitHub API quota is low: 99 requests left until /)
})

test.run()
