import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryLog } from '../../../../lib/core/log.ts'
import { describeError, isTransient, readAttempts, retryTransient, withAttempts } from '../../../../lib/core/retry/transient.ts'
import { ApiError, RateLimited } from '../../../../lib/core/errors.ts'

const RETRY = { retryAttempts: 3, retryDelaySeconds: 0.001 }

test('transient: only an ApiError that says so; a bug (TypeError) or a rate limit never', () => {
  assert.ok(isTransient(new ApiError('x', { transient: true })))
  assert.not.ok(isTransient(new ApiError('x', { status: 404, transient: false })))
  assert.not.ok(isTransient(new TypeError("Cannot read properties of undefined (reading 'map')")))
  assert.not.ok(isTransient(undefined))
  const limited = new RateLimited({ kind: 'primary', waitSeconds: 600, resetsAt: Date.now() + 600_000 }, 'GET /x', 60, { status: 403 })
  assert.not.ok(isTransient(limited))
})

test('a TypeError thrown inside the client is not retried: rethrown unchanged after one attempt, no warning', async () => {
  const log = memoryLog()
  const bug = new TypeError('bug')
  let calls = 0
  try {
    await retryTransient(RETRY, 'listing issues', async () => {
      calls++
      throw bug
    }, log)
    assert.unreachable()
  } catch (error) {
    assert.is(error, bug)
  }
  assert.is(calls, 1)
  assert.equal(log.lines, [])
})

test('a transient ApiError is retried with the attempt warning; the last error itself is thrown', async () => {
  const log = memoryLog()
  let calls = 0
  const last = new ApiError('Bad Gateway', { status: 502, transient: true })
  try {
    await retryTransient(RETRY, 'closing issue #2', async () => {
      calls++
      throw last
    }, log)
    assert.unreachable()
  } catch (error) {
    assert.is(error, last)
  }
  assert.is(calls, 3)
  assert.equal(log.lines, [
    '[WARN] Attempt 1/3 failed, retrying in 0.001s... (closing issue #2: HTTP 502: Bad Gateway)',
    '[WARN] Attempt 2/3 failed, retrying in 0.002s... (closing issue #2: HTTP 502: Bad Gateway)',
  ])
})

test('describeError: HTTP status, no answer with its network cause, anything else by its message', () => {
  assert.is(describeError(new ApiError('Not Found', { status: 404, transient: false })), 'HTTP 404: Not Found')
  const reset = new ApiError('other side closed', { transient: true, cause: Object.assign(new Error('fetch failed'), { code: 'UND_ERR_SOCKET' }) })
  assert.is(describeError(reset), 'no answer from the API (other side closed: UND_ERR_SOCKET)')
  assert.is(describeError(new ApiError('cut off', { transient: true })), 'no answer from the API (cut off)')
  // A request abandoned at its timeout: the DOMException's legacy numeric code (23) is not shown.
  const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError')
  assert.is(describeError(new ApiError(timeout.message, { transient: true, cause: timeout })), 'no answer from the API (The operation was aborted due to timeout)')
  assert.is(describeError(new ApiError('timed out after 0.5s', { transient: true, cause: timeout })), 'no answer from the API (timed out after 0.5s)')
  assert.is(describeError(new ApiError('no route', { transient: true, cause: new Error('fetch failed') })), 'no answer from the API (no route: fetch failed)')
  assert.is(describeError(new TypeError('bug')), 'bug')
})

test('withAttempts overrides the read attempts inside it only', async () => {
  assert.is(readAttempts(3), 3)
  assert.is(await withAttempts(1, async () => readAttempts(3)), 1)
  assert.is(readAttempts(3), 3)
})

test.run()
