import Bottleneck from 'bottleneck/light.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { promptLimiters } from '../../lib/github/limiter-yield.ts'

test('limiters still queue: with maxConcurrent 1, jobs run one at a time and in order', async () => {
  promptLimiters()
  const limiter = new Bottleneck({ maxConcurrent: 1 })
  const events: string[] = []
  const job = (name: string) => async () => {
    events.push(`start ${name}`)
    await new Promise((resolve) => setImmediate(resolve))
    events.push(`end ${name}`)
    return name
  }
  const results = await Promise.all(['a', 'b', 'c'].map((name) => limiter.schedule(job(name))))
  assert.equal(results, ['a', 'b', 'c'])
  assert.equal(events, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
})

test('a job held by minTime is still held: the second of two jobs waits for the interval', async () => {
  promptLimiters()
  const limiter = new Bottleneck({ maxConcurrent: 1, minTime: 60_000 })
  const ran: string[] = []
  await limiter.schedule(async () => ran.push('first'))
  const second = limiter.schedule(async () => ran.push('second'))
  await new Promise((resolve) => setTimeout(resolve, 50))
  assert.equal(ran, ['first'])
  await limiter.stop({ dropWaitingJobs: true })
  await second.then(
    () => assert.unreachable('the held job ran'),
    (error: Error) => assert.match(error.message, /stop/i),
  )
})

test('a limiter step yields a turn of the event loop (setImmediate), not only microtasks', async () => {
  promptLimiters()
  const limiter = new Bottleneck()
  const order: string[] = []
  setImmediate(() => order.push('immediate'))
  await limiter.schedule(async () => order.push('job'))
  assert.equal(order, ['immediate', 'job'])
})

test.run()
