// A job limiter with the shape of Bottleneck's, written by hand for one reason: speed at each request.
//
// Bottleneck's local datastore yields to the event loop with `setTimeout(0)` before every step of every job
// (submit, register, run, free), and Node clamps that timer to 1 ms and runs it only in a loop's timers
// phase. plugin-throttling puts each request through two or three limiters, so a GET waited ~10 ms and a
// POST ~20 ms before it was sent, on loopback (`bench/limiter.mts`), and more on a busy machine: on the
// create path (list, create, re-check) that was the whole of the layout's 35 ms regression. This limiter
// starts a job in the turn it was scheduled when its limiter has room, and otherwise keeps Bottleneck's
// rules for the options plugin-throttling and our pacing use:
// - `maxConcurrent` (null: no limit) counts the running jobs' weights; `minTime` spaces job starts apart;
// - a job's `priority` (0 first, default 5; first come first served within one) and `weight` (default 1;
//   0 runs beside a full limiter: plugin-throttling's retries);
// - the `failed` event: a listener that returns a number retries the job after that many ms, in its slot;
// - `Group#key(id)`: one limiter per key. `Events` is Bottleneck's own, so `trigger` resolves as it does.
// One addition: a job whose arguments carry a signal ({@link limiterWithSignals}) ends its wait before a
// retry when that signal aborts, rejecting with its reason.
// It reaches plugin-throttling through its public `Bottleneck` option ("Bottleneck constructor"):
// https://github.com/octokit/plugin-throttling.js#options. Not supported: clustering (`connection`, for
// limits shared across processes through Redis); one run is one process.
import Bottleneck from 'bottleneck/light.js'
import { sleepUnless } from './transient.ts'

/** Where a job's abort signal is, among the arguments it was scheduled with. */
export type SignalOf = (args: readonly unknown[]) => AbortSignal | undefined

/** A limiter's settings: Bottleneck's names. */
export interface LimiterOptions {
  readonly maxConcurrent?: number | null
  readonly minTime?: number
  /** Bottleneck's Redis options: a clustered limiter is refused. */
  readonly connection?: unknown
  readonly [other: string]: unknown
}

/** A job's settings: Bottleneck's names. */
export interface JobOptions {
  readonly priority?: number
  readonly weight?: number
  readonly [other: string]: unknown
}

type Task = (...args: never[]) => unknown

interface Job {
  readonly task: Task
  readonly args: unknown[]
  readonly options: JobOptions
  readonly priority: number
  readonly weight: number
  readonly resolve: (value: unknown) => void
  readonly reject: (error: unknown) => void
  /** The signal its arguments carry ({@link limiterWithSignals}). */
  readonly signal: AbortSignal | undefined
}

const DEFAULT_PRIORITY = 5

/** Runs jobs at most `maxConcurrent` (by weight) at once and `minTime` ms apart, starting them at once when it may. */
export class Limiter {
  /** One limiter per key, all with the group's settings. */
  static Group: typeof LimiterGroup
  /** Bottleneck's emitter, which plugin-throttling builds its own events with. */
  static Events = Bottleneck.Events

  /** Where a job's signal is; none by default ({@link limiterWithSignals}). */
  protected signalOf(_args: readonly unknown[]): AbortSignal | undefined {
    return undefined
  }

  private readonly maxConcurrent: number
  private readonly minTime: number
  private readonly queue: Job[] = []
  private running = 0
  private nextStart = 0
  // Added by Bottleneck's emitter (constructor below): the same `on` and `trigger` Bottleneck's limiters have.
  declare on: (event: string, listener: (...args: never[]) => unknown) => this
  private readonly events: { trigger(event: string, ...args: unknown[]): Promise<unknown> }

  constructor(options: LimiterOptions = {}) {
    if (options.connection != null) throw new Error('Limiter: a clustered limiter (Bottleneck\'s `connection`) is not supported; each run limits its own requests')
    this.maxConcurrent = options.maxConcurrent ?? Infinity
    this.minTime = options.minTime ?? 0
    this.events = new Bottleneck.Events(this) as unknown as Limiter['events']
  }

  /** Bottleneck's `schedule([options], task, ...args)`: the task's result once it has run. */
  schedule<T>(...call: [JobOptions, (...args: never[]) => T | Promise<T>, ...unknown[]] | [(...args: never[]) => T | Promise<T>, ...unknown[]]): Promise<T> {
    const [options, task, ...args] = (typeof call[0] === 'function' ? [{}, ...call] : call) as [JobOptions, Task, ...unknown[]]
    return new Promise<T>((resolve, reject) => {
      // Bottleneck refuses such a job too; queued, it would wait forever and hold every job behind it.
      if ((options.weight ?? 1) > this.maxConcurrent) return reject(new Error(`Limiter: a job of weight ${options.weight} cannot run where at most ${this.maxConcurrent} may run at once`))
      const job: Job = { task, args, options, priority: options.priority ?? DEFAULT_PRIORITY, weight: options.weight ?? 1, resolve: resolve as Job['resolve'], reject, signal: this.signalOf(args) }
      // Behind every queued job of its priority or a more urgent one, ahead of the rest.
      const at = this.queue.findIndex((queued) => queued.priority > job.priority)
      this.queue.splice(at === -1 ? this.queue.length : at, 0, job)
      this.drain()
    })
  }

  private drain(): void {
    for (let job = this.queue[0]; job && this.running + job.weight <= this.maxConcurrent; job = this.queue[0]) {
      this.queue.shift()
      this.running += job.weight
      const now = performance.now()
      const at = Math.max(now, this.nextStart)
      this.nextStart = at + this.minTime
      if (at === now) void this.run(job)
      else this.startAt(job, at)
    }
  }

  // A timer counts from the event loop's clock, read when the loop last turned, so after a long turn it
  // fires early by as much: it is set again for what is left, so no job starts before its time.
  private startAt(job: Job, at: number): void {
    const left = at - performance.now()
    if (left > 0) setTimeout(() => this.startAt(job, at), Math.ceil(left))
    else void this.run(job)
  }

  private async run(job: Job): Promise<void> {
    try {
      for (let retryCount = 0; ; retryCount++) {
        try {
          job.resolve(await job.task(...(job.args as never[])))
          return
        } catch (error) {
          const info = { args: job.args, options: job.options, retryCount }
          const retryAfter = await this.events.trigger('failed', error, info)
          if (retryAfter == null) {
            job.reject(error)
            return
          }
          await this.events.trigger('retry', `Retrying after ${~~retryAfter} ms`, info)
          try {
            await sleepUnless(~~retryAfter, job.signal)
          } catch (reason) {
            job.reject(reason)
            return
          }
        }
      }
    } finally {
      this.running -= job.weight
      this.drain()
    }
  }
}

/**
 * Bottleneck's `Group`: `key(id)` is the limiter for that id, made on first use. Bottleneck's also drops a
 * key left idle for its `timeout`; a run's keys are few and live as long as it does.
 */
class LimiterGroup {
  private readonly limiters = new Map<string, Limiter>()
  private readonly options: LimiterOptions
  constructor(options: LimiterOptions = {}) {
    this.options = options
  }

  /** A new limiter of the group's kind. */
  protected make(options: LimiterOptions): Limiter {
    return new Limiter(options)
  }

  key(id = ''): Limiter {
    let limiter = this.limiters.get(id)
    if (!limiter) this.limiters.set(id, (limiter = this.make(this.options)))
    return limiter
  }
}

Limiter.Group = LimiterGroup

/**
 * A Limiter class (its Group's limiters too) whose jobs end their wait before a retry as soon as the signal
 * `signalOf` finds in their arguments aborts: a caller's deadline ends a rate-limit wait in progress rather
 * than the process staying alive for it, and no request follows. Passed where a Bottleneck class goes.
 */
export function limiterWithSignals(signalOf: SignalOf): typeof Limiter {
  class SignalLimiter extends Limiter {
    protected override signalOf(args: readonly unknown[]): AbortSignal | undefined {
      return signalOf(args)
    }
  }
  class SignalGroup extends LimiterGroup {
    protected override make(options: LimiterOptions): Limiter {
      return new SignalLimiter(options)
    }
  }
  SignalLimiter.Group = SignalGroup
  return SignalLimiter
}
