// plugin-throttling's limiters without the timer clamp between their steps.
//
// Every request passes Bottleneck limiters: plugin-throttling's retry limiter (which waits out
// `retry-after` and rate-limit resets), its global group, and for a write the write and notification
// groups (writes 1 s apart, notifying POSTs 3 s). Their local datastore yields to the event loop before
// each step of a job (register, submit, free…) with `setTimeout(resolve, 0)`, which Node clamps to 1 ms
// and runs only after the timers phase comes round: 4-5 ms per limiter and job, ~10 ms per read and
// ~15-30 ms per write on a busy machine, for no wait anyone asked for (npm run bench; maintainers/performance.md).
//
// What was measured first, through the plugin's own options: its `Bottleneck` option (the full build
// instead of the light one: the same datastore, 8 ms more to load); its groups' settings (no setting
// skips the datastore's yields); and a retry limiter of our own for requests that need no retry (every
// request can meet a 403/429 with `retry-after`, which only that limiter waits out, so none qualifies).
// None removes the yields. So the datastore's `yieldLoop` is given `setImmediate` instead: still a turn
// of the event loop between steps, as Bottleneck intends, but without the clamp. Every limiter, queue,
// `minTime` and `maxConcurrent` stays as it was: writes stay serial and paced, `retry-after` is honoured
// (both tested). A wait of its own (`yieldLoop(t)` with t > 0) keeps its timer.
// https://github.com/SGrondin/bottleneck/blob/master/src/LocalDatastore.coffee (yieldLoop)
import Bottleneck from 'bottleneck/light.js'

interface Datastore {
  yieldLoop(t?: number): Promise<void>
}

let done = false

/** Makes every local Bottleneck limiter of the process (the plugin's and ours) yield with `setImmediate`. Idempotent. */
export function promptLimiters(): void {
  if (done) return
  done = true
  // The datastore's class is not exported; a limiter made for the purpose leads to it (and is dropped).
  const store = (new Bottleneck() as unknown as { _store: Datastore })._store
  const datastore = Object.getPrototypeOf(store) as Datastore
  const original = datastore.yieldLoop
  if (typeof original !== 'function') return // another Bottleneck build: left as it is
  datastore.yieldLoop = function (this: Datastore, t = 0) {
    return t > 0 ? original.call(this, t) : new Promise<void>((resolve) => setImmediate(resolve))
  }
}
