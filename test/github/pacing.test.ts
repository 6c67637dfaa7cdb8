import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { pacing } from '../../lib/github/pacing.ts'

// Microtask turns only: a limiter that queued the job would need at least one timer turn first.
const microtasks = async (n = 5) => {
  for (let i = 0; i < n; i++) await Promise.resolve()
}

test('the first write of a process runs at once, without a timer turn; the next one waits its interval', async () => {
  const limiter = pacing(60).write.key('first-write')
  const ran: string[] = []
  const first = limiter.schedule({}, async (name: string) => ran.push(name), 'first')
  await microtasks()
  assert.equal(ran, ['first'])
  assert.is(await first, 1)
  const second = limiter.schedule({}, async () => ran.push('second'))
  // The limiter's clock started with the first write: the second one is held for the 60 s interval.
  await new Promise((resolve) => setTimeout(resolve, 50))
  assert.equal(ran, ['first'])
  await limiter.stop({ dropWaitingJobs: true })
  await second.then(
    () => assert.unreachable('the dropped write ran'),
    (error: Error) => assert.match(error.message, /stop/i),
  )
})

test('notifying POSTs wait three intervals after the first, writes one: the groups keep the plugin\'s ratio', () => {
  const { write, notifications } = pacing(0.5)
  assert.is(pacing(0.5).write, write, 'one pair of groups per interval and process')
  assert.is(write.key('ratio').jobStatus('none'), null)
  assert.is((write as unknown as { limiterOptions: { minTime: number } }).limiterOptions.minTime, 500)
  assert.is((notifications as unknown as { limiterOptions: { minTime: number } }).limiterOptions.minTime, 1500)
})

test.run()
