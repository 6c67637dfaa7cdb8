import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { pacing } from '../../../lib/github/pacing.ts'

// The gap between the starts of two jobs scheduled back to back on one limiter.
async function gap(limiter: { schedule<T>(fn: () => Promise<T>): Promise<T> }): Promise<number> {
  const starts: number[] = []
  await Promise.all([1, 2].map(() => limiter.schedule(async () => void starts.push(performance.now()))))
  return starts[1]! - starts[0]!
}

test('writes are held their interval apart, notifying POSTs three intervals: the plugin\'s ratio, in groups of our own', async () => {
  const { write, notifications } = pacing(0.1)
  assert.is(pacing(0.1).write, write, 'one pair of groups per interval and process')
  assert.is.not(pacing(0.2).write, write)
  // Bottleneck counts minTime from when it lets a job go; the job itself starts a few turns later, so the
  // gap between starts may fall short of it by that much (a loaded machine: ~10 ms), never by a third.
  const writes = await gap(write.key('writes'))
  const notices = await gap(notifications.key('notices'))
  assert.ok(writes >= 70, `writes ${writes} ms apart`)
  assert.ok(notices >= 210, `notifying POSTs ${notices} ms apart`)
})

test('each key is its own limiter: writes to two repositories do not wait for each other', async () => {
  const { write } = pacing(5)
  const started: string[] = []
  await Promise.all(['a', 'b'].map((key) => write.key(key).schedule(async () => void started.push(key))))
  assert.equal(started.sort(), ['a', 'b'])
})

test.run()
