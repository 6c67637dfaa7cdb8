// GitHub asks for at least one second between writes (POST, PATCH, PUT, DELETE) to avoid secondary limits:
// https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#pause-between-mutative-requests
// plugin-throttling paces writes 1 s apart and POSTs that notify people (issues, comments) 3 s apart, in
// groups shared by the whole process. Production keeps exactly that (an interval of 1 s); the interval is
// configurable only so tests and rate-limit-free GitHub Enterprise servers need not wait, and the groups
// are still the plugin's mechanism, shared per process, so the pacing code path always runs.
import Bottleneck from 'bottleneck/light.js'

const NOTIFY_FACTOR = 3
const pacingGroups = new Map<number, { write: Bottleneck.Group; notifications: Bottleneck.Group }>()

/** plugin-throttling's `write` and `notifications` groups for writes `seconds` apart, one pair per process. */
export function pacing(seconds: number): { write: Bottleneck.Group; notifications: Bottleneck.Group } {
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
