import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { pacing } from '../../../lib/github/pacing.ts'

// How long after two jobs were scheduled back to back on one limiter the second started. The first may
// start at once or late (a loaded machine delays it), but the second is let go no sooner than the
// interval after the first was, so this is never less than the interval, whatever the load: a bound
// that holds, where the gap between the two starts shrinks when the first one starts late.
async function gap(limiter: { schedule<T>(fn: () => Promise<T>): Promise<T> }): Promise<number> {
  const starts: number[] = []
  const scheduled = performance.now()
  await Promise.all([1, 2].map(() => limiter.schedule(async () => void starts.push(performance.now()))))
  return starts[1]! - scheduled
}

test('writes are held their interval apart, notifying POSTs three intervals: the plugin\'s ratio, in groups of our own', async () => {
  const { write, notifications } = pacing(0.1)
  assert.is(pacing(0.1).write, write, 'one pair of groups per interval and process')
  assert.is.not(pacing(0.2).write, write)
  // Node's timers may fire up to a millisecond early by their rounding.
  const writes = await gap(write.key('writes'))
  const notices = await gap(notifications.key('notices'))
  assert.ok(writes >= 99, `the second write started ${writes} ms after both were scheduled`)
  assert.ok(notices >= 299, `the second notifying POST started ${notices} ms after both were scheduled`)
})

test('each key is its own limiter: writes to two repositories do not wait for each other', async () => {
  const { write } = pacing(5)
  const started: string[] = []
  await Promise.all(['a', 'b'].map((key) => write.key(key).schedule(async () => void started.push(key))))
  assert.equal(started.sort(), ['a', 'b'])
})

test.run()
