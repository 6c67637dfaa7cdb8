// Reopen on regression (REPORT_REOPEN_WINDOW), read-only: the issue a recovery closed within the window,
// which a new failure of its environment reopens rather than filing another. Concurrent runs need no
// lock to agree on it: the closed issue is looked for first and, when the closed list does not show it,
// the open issues are read after that list; a concurrent run's reopen that hid it from the closed list
// has then happened before the second read, which shows it open. So every run that starts once the
// recovery is done finds the same issue, closed or already reopened, and none files its own.
import type { Failure } from '../text/issue.ts'
import type { Flavor } from '../text/markdown.ts'
import { DEDUP_LABEL } from '../text/issue.ts'
import { nextOccurrence, RECOVERY_MARKER, renderOccurrence } from '../text/comment-text.ts'
import type { Comment, Issue, Tracker } from '../tracker.ts'
import { titleEnvironment, type ReportKey } from './grouping.ts'
import { isRecoveryClose, minutesSince, regressionRecorded, renderRegression, reopenCandidates } from './regression.ts'

/** How far back a recovery counts. */
export interface ReopenWindow {
  /** REPORT_REOPEN_WINDOW in hours; 0 turns reopening off. */
  readonly reopenWindowHours: number
}

/** The issue a recovery closed within the window: still closed, or already reopened by a concurrent run. */
export interface Recovered {
  readonly issue: Issue
  /** Whether it is open again, so that no reopen needs sending. */
  readonly open: boolean
  /** When it recovered (its close, or the recovery comment), when known: the "N minutes after recovery". */
  readonly recoveredAt: Date | undefined
}

const windowStart = (window: ReopenWindow, time: Date) => new Date(time.getTime() - window.reopenWindowHours * 3_600_000)

// The environment a reopen looks for, or undefined when reopening is off or the title names none.
const environmentOf = (window: ReopenWindow, key: ReportKey) => (window.reopenWindowHours > 0 ? titleEnvironment(key.title) : undefined)

/**
 * The closed issue a run for `key` would reopen: the most recently closed issue for exactly this
 * environment within the window, if the resolver closed it (a person's close, or one as not planned, is
 * left alone).
 */
export async function findReopenable(tracker: Tracker, window: ReopenWindow, key: ReportKey): Promise<Issue | undefined> {
  const environment = environmentOf(window, key)
  if (environment === undefined) return undefined
  const closed: Issue[] = []
  for await (const page of tracker.closedIssues({ label: DEDUP_LABEL, closedSince: windowStart(window, key.time) })) closed.push(...page)
  // Only the latest close counts: if someone closed that one by hand, the environment is not "recovered".
  const [latest] = reopenCandidates(closed, environment)
  return latest && isRecoveryClose(latest, await tracker.listComments(latest.number)) ? latest : undefined
}

/**
 * The lowest-numbered open issue for this environment with a recovery comment within the window: one a
 * concurrent run reopened. With when that recovery comment was posted, when the tracker says.
 */
export async function findReopened(tracker: Tracker, window: ReopenWindow, key: ReportKey): Promise<Recovered | undefined> {
  const environment = environmentOf(window, key)
  if (environment === undefined) return undefined
  const since = windowStart(window, key.time)
  for await (const page of tracker.openIssues({ label: DEDUP_LABEL, updatedSince: since })) {
    for (const issue of [...page].sort((a, b) => a.number - b.number)) {
      if (titleEnvironment(issue.title) !== environment) continue
      const comments = await tracker.listComments(issue.number)
      const recovery = comments.findLast((c) => c.body.startsWith(RECOVERY_MARKER) && (!c.createdAt || c.createdAt >= since))
      if (recovery) return { issue, open: true, recoveredAt: recovery.createdAt }
    }
  }
  return undefined
}

/**
 * The issue a failure for `key` reopens, whether still closed or already reopened by a concurrent run
 * (the order of the two reads is what makes concurrent runs agree; see above); undefined when there is
 * none. Reads only; throws when a read fails.
 */
export async function findRecovered(tracker: Tracker, window: ReopenWindow, key: ReportKey): Promise<Recovered | undefined> {
  const closed = await findReopenable(tracker, window, key)
  if (closed) return { issue: closed, open: false, recoveredAt: closed.closedAt }
  return findReopened(tracker, window, key)
}

/** The comment recording a failure on a recovered issue, given its comments as read just before. */
export interface OccurrenceOnRecovered {
  readonly body: string
  readonly occurrence: number
  /** Whether it is the first since the recovery ("failed again N minutes after recovery"). */
  readonly first: boolean
}

/**
 * The occurrence comment for `failure` on `recovered`: "failed again N minutes after recovery" when no
 * run has recorded one since the recovery, an ordinary occurrence when another run got there first.
 */
export function occurrenceOnRecovered(recovered: Recovered, existing: readonly Comment[], failure: Failure, flavor?: Flavor): OccurrenceOnRecovered {
  const occurrence = nextOccurrence(existing.map((comment) => comment.body))
  const first = regressionRecorded(existing) === undefined
  const minutes = recovered.recoveredAt ? minutesSince(recovered.recoveredAt, failure.time) : 0
  const body = first ? renderRegression(failure, minutes, occurrence, flavor) : renderOccurrence(failure, occurrence, flavor)
  return { body, occurrence, first }
}
