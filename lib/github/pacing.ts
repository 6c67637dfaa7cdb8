// The pacing of writes that plugin-throttling applies, in groups of our own so that the interval is ours.
// They reach the plugin through its public `write` and `notifications` options, built from the same limiter
// the client gives the plugin as its `Bottleneck` (lib/core/retry/limiter.ts).
//
// GitHub asks for at least one second between writes (POST, PATCH, PUT, DELETE) to avoid secondary limits:
// https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#pause-between-mutative-requests
// plugin-throttling paces writes 1 s apart and POSTs that notify people (issues, comments) 3 s apart, in
// groups shared by the whole process. Production keeps exactly that (an interval of 1 s); the interval is
// configurable only so tests and rate-limit-free GitHub Enterprise servers need not wait, and the groups
// are still the plugin's mechanism, shared per process, so the pacing code path always runs.
import type Bottleneck from 'bottleneck'
import { Limiter } from '../core/retry/limiter.ts'

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
      // The plugin's option types name Bottleneck's Group, whose `key(id).schedule` ours has.
      write: new Limiter.Group({ maxConcurrent: 1, minTime }) as unknown as Bottleneck.Group,
      notifications: new Limiter.Group({ maxConcurrent: 1, minTime: minTime * NOTIFY_FACTOR }) as unknown as Bottleneck.Group,
    }
    pacingGroups.set(seconds, groups)
  }
  return groups
}
