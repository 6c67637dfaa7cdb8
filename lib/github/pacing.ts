// The pacing of writes that plugin-throttling applies, in groups of our own so that the interval is ours.
// They reach the plugin through its public `write` and `notifications` options, and Bottleneck is used as
// it is: nothing here replaces a limiter's methods or its datastore's internals.
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
      write: new Bottleneck.Group({ maxConcurrent: 1, minTime }),
      notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: minTime * NOTIFY_FACTOR }),
    }
    pacingGroups.set(seconds, groups)
  }
  return groups
}
