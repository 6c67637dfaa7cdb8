// The pacing of writes that plugin-throttling applies, in groups of our own so that the interval is ours
// and so that a run's first write goes out at once.
//
// GitHub asks for at least one second between writes (POST, PATCH, PUT, DELETE) to avoid secondary limits:
// https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#pause-between-mutative-requests
// plugin-throttling paces writes 1 s apart and POSTs that notify people (issues, comments) 3 s apart, in
// groups shared by the whole process. Production keeps exactly that (an interval of 1 s); the interval is
// configurable only so tests and rate-limit-free GitHub Enterprise servers need not wait, and the groups
// are still the plugin's mechanism, shared per process, so the pacing code path always runs.
import Bottleneck from 'bottleneck/light.js'

const NOTIFY_FACTOR = 3

/** plugin-throttling's `write` and `notifications` groups for `seconds` between writes, one pair per process. */
export interface Pacing {
  readonly write: Bottleneck.Group
  readonly notifications: Bottleneck.Group
}

const pacingGroups = new Map<number, Pacing>()

/** The process's write and notification groups for an interval of `seconds` (3 × for notifying POSTs). */
export function pacing(seconds: number): Pacing {
  let groups = pacingGroups.get(seconds)
  if (!groups) {
    const minTime = Math.round(seconds * 1000)
    groups = {
      write: firstAtOnce(new Bottleneck.Group({ maxConcurrent: 1, minTime })),
      notifications: firstAtOnce(new Bottleneck.Group({ maxConcurrent: 1, minTime: minTime * NOTIFY_FACTOR })),
    }
    pacingGroups.set(seconds, groups)
  }
  return groups
}

// A Bottleneck limiter passes even a job that need not wait through several timer turns of its datastore
// (`yieldLoop`, a `setTimeout` each: ~4-5 ms per limiter, ~9 ms for a write's two). Nothing can have been
// written before the first write, so it need not queue: it runs at once, and the limiter is handed an
// empty job at the same moment, so that its clock starts then and every later write still waits its
// full interval after it, exactly as before.
function firstAtOnce(group: Bottleneck.Group): Bottleneck.Group {
  group.on('created', (limiter: Bottleneck) => {
    const schedule = limiter.schedule.bind(limiter) as (...args: unknown[]) => Promise<unknown>
    let first = true
    limiter.schedule = ((...args: unknown[]) => {
      if (!first) return schedule(...args)
      first = false
      void schedule(() => Promise.resolve())
      const at = typeof args[0] === 'function' ? 0 : 1
      const job = args[at] as (...jobArgs: unknown[]) => unknown
      return Promise.resolve().then(() => job(...args.slice(at + 1)))
    }) as Bottleneck['schedule']
  })
  return group
}
