import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { attempt, attemptWarning, backoff, backoffDelay, retry } from '../../../../lib/core/retry/retry.ts'
import { AttemptsExhausted } from '../../../../lib/core/errors.ts'

const recorder = () => {
  const lines: string[] = []
  const sleeps: number[] = []
  return {
    lines,
    sleeps,
    options: {
      onFailure: (n: number, max: number, s: number) => void lines.push(attemptWarning(n, max, s)),
      onExhausted: (max: number) => void lines.push(`[ERROR] All ${max} attempts failed`),
      sleep: async (ms: number) => void sleeps.push(ms),
    },
  }
}

const failing = (failures: number) => {
  let calls = 0
  return {
    fn: async () => {
      calls++
      if (calls <= failures) throw new Error(`fail ${calls}`)
      return `ok after ${calls}`
    },
    calls: () => calls,
  }
}

test('retry returns the first success and warns once per failure', async () => {
  const r = recorder()
  const f = failing(2)
  assert.is(await retry(5, 2, f.fn, r.options), 'ok after 3')
  assert.equal(r.lines, ['[WARN] Attempt 1/5 failed, retrying in 2s...', '[WARN] Attempt 2/5 failed, retrying in 2s...'])
  assert.equal(r.sleeps, [2000, 2000])
})

test('retry: every failure but the last warns and sleeps; the last is followed at once by the [ERROR] line (issue 32)', async () => {
  const r = recorder()
  const f = failing(99)
  try {
    await retry(3, 1, f.fn, r.options)
    assert.unreachable()
  } catch (error) {
    assert.instance(error, AttemptsExhausted)
    assert.is(((error as Error).cause as Error).message, 'fail 3')
  }
  assert.is(f.calls(), 3)
  assert.equal(r.lines, [
    '[WARN] Attempt 1/3 failed, retrying in 1s...',
    '[WARN] Attempt 2/3 failed, retrying in 1s...',
    '[ERROR] All 3 attempts failed',
  ])
  assert.equal(r.sleeps, [1000, 1000])
})

test('backoff: defaults 3 attempts, 1 s doubling (1, 2; none after the last), no [ERROR] line', async () => {
  const r = recorder()
  try {
    await backoff(undefined, undefined, failing(99).fn, r.options)
    assert.unreachable()
  } catch (error) {
    assert.instance(error, AttemptsExhausted)
  }
  assert.equal(r.sleeps, [1000, 2000])
  assert.equal(r.lines, ['[WARN] Attempt 1/3 failed, retrying in 1s...', '[WARN] Attempt 2/3 failed, retrying in 2s...'])
  assert.equal([1, 2, 3, 4].map((n) => backoffDelay(n, 0.5)), [0.5, 1, 2, 4])
})

test('errors that are not retryable are rethrown at once', async () => {
  const r = recorder()
  const f = failing(99)
  try {
    await attempt(5, () => 1, f.fn, { ...r.options, retryable: () => false })
    assert.unreachable()
  } catch (error) {
    assert.is((error as Error).message, 'fail 1')
  }
  assert.is(f.calls(), 1)
  assert.equal(r.lines, [])
})

test('waitAfterLast: true warns and sleeps after the last failure too', async () => {
  const r = recorder()
  const f = failing(99)
  try {
    await backoff(3, 1, f.fn, { ...r.options, waitAfterLast: true })
    assert.unreachable()
  } catch (error) {
    assert.instance(error, AttemptsExhausted)
  }
  assert.is(f.calls(), 3)
  assert.equal(r.sleeps, [1000, 2000, 4000])
  assert.is(r.lines.length, 3)
})

test('the attempt number is passed to the function', async () => {
  const seen: number[] = []
  await attempt(3, () => 0, async (n) => {
    seen.push(n)
    if (n < 3) throw new Error('x')
  }, recorder().options)
  assert.equal(seen, [1, 2, 3])
})

test.run()
