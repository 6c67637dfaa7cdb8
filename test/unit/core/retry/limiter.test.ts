import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Limiter, limiterWithSignals } from '../../../../lib/core/retry/limiter.ts'

const tick = () => new Promise((resolve) => setImmediate(resolve))
// A job that runs until its gate is opened.
const gated = () => {
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  return { gate, open }
}

test('a job on a limiter with room starts in the turn it was scheduled: no timer, no yield (Bottleneck yields before each step)', async () => {
  const limiter = new Limiter({ maxConcurrent: 10 })
  let started = false
  const done = limiter.schedule(async () => void (started = true))
  assert.ok(started, 'the task had not started when schedule returned')
  await done
  // A job's arguments are passed on, and its result (or a plain value) comes back.
  assert.is(await limiter.schedule((a: number, b: number) => a + b, 2, 3), 5)
  assert.is(await new Limiter().schedule({ priority: 1 }, async (word: string) => word.toUpperCase(), 'ok'), 'OK')
})

test('maxConcurrent counts running jobs; the rest wait their turn, first come first served', async () => {
  const limiter = new Limiter({ maxConcurrent: 2 })
  let running = 0
  let most = 0
  const order: number[] = []
  const gates = [0, 1, 2, 3, 4].map(gated)
  const jobs = gates.map(({ gate }, i) =>
    limiter.schedule(async () => {
      order.push(i)
      most = Math.max(most, ++running)
      await gate
      running--
    }),
  )
  await tick()
  assert.equal(order, [0, 1], 'two start, three wait')
  gates[1]!.open()
  await tick()
  assert.equal(order, [0, 1, 2])
  for (const { open } of gates) open()
  await Promise.all(jobs)
  assert.equal(order, [0, 1, 2, 3, 4])
  assert.is(most, 2)
})

test('priority: a more urgent job (lower number) goes ahead of waiting ones; weight 0 at the head runs beside a full limiter', async () => {
  const limiter = new Limiter({ maxConcurrent: 1 })
  const first = gated()
  const order: string[] = []
  const jobs = [
    limiter.schedule(() => first.gate.then(() => order.push('first'))),
    limiter.schedule(async () => void order.push('a')),
    limiter.schedule({ priority: 5 }, async () => void order.push('b')),
  ]
  // plugin-throttling's retries: priority 0 puts them at the head, weight 0 lets them run at once.
  await limiter.schedule({ priority: 0, weight: 0 }, async () => void order.push('weightless'))
  assert.equal(order, ['weightless'], 'a job of weight 0 ran while the limiter was full')
  jobs.push(limiter.schedule({ priority: 0 }, async () => void order.push('urgent')), limiter.schedule({ priority: 9 }, async () => void order.push('last')))
  first.open()
  await Promise.all(jobs)
  assert.equal(order, ['weightless', 'first', 'urgent', 'a', 'b', 'last'])
})

test('minTime spaces job starts: the second starts no sooner than minTime after the first', async () => {
  const limiter = new Limiter({ maxConcurrent: 1, minTime: 60 })
  const starts: number[] = []
  await Promise.all([1, 2].map(() => limiter.schedule(async () => void starts.push(performance.now()))))
  // Node's timers may fire up to a millisecond early by their rounding.
  assert.ok(starts[1]! - starts[0]! >= 59, `the second started ${starts[1]! - starts[0]!} ms after the first`)
})

test('failed: a listener that returns a number retries the job after that many ms; none rejects with the error', async () => {
  const limiter = new Limiter()
  const seen: { retryCount: number; args: unknown[] }[] = []
  limiter.on('failed', (async (_error: Error, info: { retryCount: number; args: unknown[] }) => {
    seen.push(info)
    return info.retryCount < 2 ? 5 : undefined
  }) as never)
  let calls = 0
  const flaky = async (label: string) => {
    calls++
    if (calls < 3) throw new Error(`flaky ${label}`)
    return `ok ${label}`
  }
  assert.is(await limiter.schedule(flaky, 'x'), 'ok x')
  assert.equal(seen.map((info) => [info.retryCount, info.args]), [[0, ['x']], [1, ['x']]])

  const failing = () => {
    throw new Error('thrown before any promise')
  }
  const error = await limiter.schedule(failing).then(() => undefined, (e: Error) => e)
  assert.is(error?.message, 'thrown before any promise', 'a synchronous throw rejects the job after the listener said no retry')
  // Without a listener, a failure is the job's rejection, and the limiter goes on.
  const plain = new Limiter({ maxConcurrent: 1 })
  await plain.schedule(failing).catch(() => {})
  assert.is(await plain.schedule(async () => 'next'), 'next')
})

test('a job whose arguments carry a signal ends its wait before a retry when the signal aborts: rejected with its reason, not run again', async () => {
  const SignalLimiter = limiterWithSignals((args) => args.find((a): a is AbortSignal => a instanceof AbortSignal))
  const limiter = new SignalLimiter()
  // A rate limit: retry in 30 s, as plugin-throttling's listener answers.
  limiter.on('failed', (async () => 30_000) as never)
  let runs = 0
  const stop = new AbortController()
  const started = performance.now()
  const job = limiter.schedule(async (_signal: AbortSignal) => {
    runs++
    throw new Error('rate limited')
  }, stop.signal)
  setTimeout(() => stop.abort(new Error('the deadline')), 50)
  const error = await job.then(() => undefined, (e: Error) => e)
  assert.is(error?.message, 'the deadline')
  assert.ok(performance.now() - started < 2_000, `waited ${(performance.now() - started).toFixed(0)} ms`)
  assert.is(runs, 1)
  // The limiter's slot is free again, and a job under a signal already aborted waits no more.
  assert.is(await limiter.schedule(async () => 'next'), 'next')
  const late = await limiter.schedule(async (_signal: AbortSignal) => Promise.reject(new Error('rate limited')), stop.signal).then(() => undefined, (e: Error) => e)
  assert.is(late?.message, 'the deadline')
  // A group's limiters are of the same kind.
  const grouped = new SignalLimiter.Group().key('a')
  grouped.on('failed', (async () => 30_000) as never)
  const inGroup = await grouped.schedule(async (_signal: AbortSignal) => Promise.reject(new Error('rate limited')), stop.signal).then(() => undefined, (e: Error) => e)
  assert.is(inGroup?.message, 'the deadline')
})

test('groups: one limiter per key, with the group\'s settings; a clustered limiter is refused', async () => {
  const group = new Limiter.Group({ maxConcurrent: 1 })
  assert.is(group.key('a'), group.key('a'))
  assert.is.not(group.key('a'), group.key('b'))
  const held = gated()
  const first = group.key('a').schedule(() => held.gate)
  let otherKey = false
  await group.key('b').schedule(async () => void (otherKey = true))
  assert.ok(otherKey, 'key b did not wait for key a')
  held.open()
  await first
  assert.throws(() => new Limiter({ connection: {} }), /clustered limiter .*not supported/)
  // A job heavier than the limiter allows is refused, not queued for ever.
  const refused = await new Limiter({ maxConcurrent: 1 }).schedule({ weight: 2 }, async () => 'ran').catch((error: Error) => error.message)
  assert.match(String(refused), /weight 2 cannot run where at most 1 may run at once/)
})

test.run()
