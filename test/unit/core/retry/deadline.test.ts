import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { until, whyUnread } from '../../../../lib/core/retry/deadline.ts'

const TIMEOUT = { variable: 'REPORT_CHANGES_TIMEOUT', ms: 2000, off: 'REPORT_CHANGES=off' }

test('until: the work\'s own answer, or its own error, while the signal holds', async () => {
  assert.is(await until(Promise.resolve(7), new AbortController().signal), 7)
  const refused = new Error('HTTP 403')
  await until(Promise.reject(refused), new AbortController().signal).then(() => assert.unreachable(), (error: unknown) => assert.is(error, refused))
})

test('until: the abort ends the wait, and says it was the deadline', async () => {
  const stop = new AbortController()
  const waiting = until(new Promise(() => undefined), stop.signal)
  stop.abort()
  const error = await waiting.then(() => assert.unreachable(), (e: unknown) => e)
  assert.match(whyUnread(error, TIMEOUT), /^it took longer than REPORT_CHANGES_TIMEOUT \(2 s\); raise REPORT_CHANGES_TIMEOUT, or set REPORT_CHANGES=off$/)
})

// Work begun under a signal that had already aborted (a comparison started just as its guess was dropped)
// still fails later; that failure is the wait's, not an unhandled rejection that ends the process.
test('until: work that fails after an abort that came first is not left unhandled', async () => {
  const unhandled: unknown[] = []
  const seen = (reason: unknown) => void unhandled.push(reason)
  process.on('unhandledRejection', seen)
  try {
    const stop = new AbortController()
    stop.abort()
    let fail!: (error: Error) => void
    const work = new Promise<never>((_, reject) => (fail = reject))
    const error = await until(work, stop.signal).then(() => assert.unreachable(), (e: unknown) => e)
    assert.match(whyUnread(error, TIMEOUT), /took longer than REPORT_CHANGES_TIMEOUT/)
    fail(new Error('aborted'))
    // Unhandled rejections are reported after the microtasks drain.
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.equal(unhandled, [])
  } finally {
    process.off('unhandledRejection', seen)
  }
})

test.run()
