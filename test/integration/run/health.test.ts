import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkHealth, HEALTH_DEFAULTS, healthUrl } from '../../../lib/run/health.ts'
import { Unreachable } from '../../../lib/core/errors.ts'
import { startLoopbackGitHub } from '../../helpers/loopback-github.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { runInProcess } from '../../helpers/in-process.ts'

const FAST = { ...HEALTH_DEFAULTS, retryDelayMs: 10 }

test('the spec settings are the defaults: 5 s connect timeout, 3 retries, 2 s apart', () => {
  assert.is(HEALTH_DEFAULTS.connectTimeoutMs, 5000)
  assert.is(HEALTH_DEFAULTS.retries, 3)
  assert.is(HEALTH_DEFAULTS.retryDelayMs, 2000)
})

test('healthUrl appends /health once', () => {
  assert.is(healthUrl('https://api.example.com'), 'https://api.example.com/health')
  assert.is(healthUrl('https://api.example.com/v2//'), 'https://api.example.com/v2/health')
})

test('checkHealth resolves to the final status: transient ones retried, others returned at once', async () => {
  const gh = await startLoopbackGitHub()
  try {
    gh.inject('GET', /^\/health$/, { status: 502 }, 2)
    assert.is(await checkHealth(gh.url, FAST), 200)
    assert.is(gh.calls('GET', /^\/health$/).length, 3)
    gh.healthStatus = 401
    assert.is(await checkHealth(gh.url, FAST), 401)
    assert.is(gh.calls('GET', /^\/health$/).length, 4, '401 is not retried')
    gh.healthStatus = 503
    assert.is(await checkHealth(gh.url, { ...FAST, retries: 1 }), 503)
    assert.is(gh.calls('GET', /^\/health$/).length, 6)
  } finally {
    await gh.close()
  }
})

test("each failed attempt that another follows is the report's [WARN] line on the log (issue 32)", async () => {
  const gh = await startLoopbackGitHub()
  try {
    gh.inject('GET', /^\/health$/, { status: 502 }, 2)
    const log = memoryLog()
    assert.is(await checkHealth(gh.url, FAST, log), 200)
    assert.equal(log.lines, [1, 2].map((n) => `[WARN] Attempt ${n}/4 failed, retrying in 0.01s... (GET ${gh.url}/health: HTTP 502)`))
  } finally {
    await gh.close()
  }
})

test('no answer at all throws Unreachable with the reason and the attempt count', async () => {
  const gh = await startLoopbackGitHub()
  const url = gh.url
  await gh.close()
  try {
    await checkHealth(url, { ...FAST, retries: 2 })
    assert.unreachable()
  } catch (error) {
    assert.instance(error, Unreachable)
    assert.is((error as Error).message, `API unreachable: GET ${url}/health failed (connection refused) in all 3 attempts`)
    assert.is(((error as Error).cause as { code?: string }).code, 'ECONNREFUSED')
  }
})

test('a password in the address is never printed: it is registered where the address is read', async () => {
  const gh = await startLoopbackGitHub()
  try {
    const password = 'Us3rinfoPassw0rdSecret'
    const r = await runInProcess('health.mts', [gh.url.replace('http://', `http://ops:${password}@`)])
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout, `[INFO] API is healthy: GET ${gh.url.replace('http://', 'http://***@')}/health returned 200\n`)
    assert.not.ok(r.stderr.includes(password), r.stderr)
    // A malformed address is echoed by its error, which names it and the form expected, without the password.
    const bad = await runInProcess('health.mts', [`https://ops:${password}@exa mple`])
    assert.is(bad.code, 2, bad.stderr)
    assert.match(bad.stdout + bad.stderr, '<api_address> must be an http(s) URL such as https://api.example.com, got "https://***@exa mple"')
    assert.not.ok((bad.stdout + bad.stderr).includes(password.slice(0, 8)), bad.stdout + bad.stderr)
  } finally {
    await gh.close()
  }
})

// undici's answer timers are idle timers: an answer sent a byte every 500 ms held an attempt for ever
// with --timeout 1 (checkHealth never settled before each attempt had a deadline of its own).
test('an answer that never ends, a byte every 500 ms: each attempt ends at the connect and answer timeouts added up, and is retried', async () => {
  const gh = await startLoopbackGitHub()
  try {
    gh.inject('GET', /^\/health$/, { drip: true, everyMs: 500 }, 10)
    const log = memoryLog()
    const started = Date.now()
    // Given up on after 6 s, so that a check that never ends fails here rather than holding the test.
    let timer: NodeJS.Timeout | undefined
    const givenUp = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still reading after 6 s'), 6000)))
    const check = checkHealth(gh.url, { connectTimeoutMs: 500, retries: 1, retryDelayMs: 10, responseTimeoutMs: 1000 }, log).then((status) => `status ${status}`, (e: Error) => e)
    const error = (await Promise.race([check, givenUp])) as Error
    clearTimeout(timer)
    const seconds = (Date.now() - started) / 1000
    assert.ok(seconds < 5, `settled after ${seconds} s: ${String(error)}`)
    assert.instance(error, Unreachable)
    assert.is(error!.message, `API unreachable: GET ${gh.url}/health failed (no whole answer within 1.5 s) in all 2 attempts`)
    assert.equal(log.lines, [`[WARN] Attempt 1/2 failed, retrying in 0.01s... (GET ${gh.url}/health: no whole answer within 1.5 s)`])
    assert.is(gh.calls('GET', /^\/health$/).length, 2)
  } finally {
    await gh.close()
  }
})

test.run()
