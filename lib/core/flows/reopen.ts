// The reporter's side of reopen on regression (REPORT_REOPEN_WINDOW; the rules are in regression.ts):
// find the issue a recovery closed within the window, reopen it, and record the occurrence on it.
// Concurrent runs agree without a lock: they see the same closed issues and pick the same one; the first
// regression comment after the recovery names the run that reopened it; and an issue filed meanwhile by
// a run that saw nothing to reopen is closed as a duplicate of the older, reopened one.
import type { RetrySettings } from './close.ts'
import { nextOccurrence, RECOVERY_MARKER, renderOccurrence } from '../text/comment-text.ts'
import { postCommentOnce } from './comments.ts'
import { converge } from './converge.ts'
import { holdsReport, listBound, titleEnvironment, type ReportKey } from '../find/grouping.ts'
import { DEDUP_LABEL, type Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import { isRecoveryClose, minutesSince, regressionRecorded, renderRegression, reopenCandidates } from '../find/regression.ts'
import type { Comment, Issue, Tracker } from '../tracker.ts'
import { describeError, retryTransient } from '../retry/transient.ts'

/** How far back a recovery counts, and how hard to try the writes. */
export interface ReopenTarget extends RetrySettings {
  /** REPORT_REOPEN_WINDOW in hours; 0 turns reopening off. */
  readonly reopenWindowHours: number
}

/** What reopening ended with: this run reopened `issue`, or found it reopened and added its occurrence. */
export interface Reopened {
  readonly outcome: 'reopened' | 'commented'
  readonly issue: Issue
  /** The occurrence number of the comment this run added; undefined when it could not add one. */
  readonly occurrence: number | undefined
}

const windowStart = (target: ReopenTarget, time: Date) => new Date(time.getTime() - target.reopenWindowHours * 3_600_000)

/**
 * The closed issue a run for `key` would reopen: the most recently closed issue for exactly this
 * environment within the window, if the resolver closed it (a person's close, or one as not planned, is
 * left alone). Reads only.
 */
export async function findReopenable(tracker: Tracker, target: ReopenTarget, key: ReportKey): Promise<Issue | undefined> {
  const environment = titleEnvironment(key.title)
  if (environment === undefined || target.reopenWindowHours <= 0) return undefined
  const closed: Issue[] = []
  for await (const page of tracker.closedIssues({ label: DEDUP_LABEL, closedSince: windowStart(target, key.time) })) closed.push(...page)
  // Only the latest close counts: if someone closed that one by hand, the environment is not "recovered".
  const [latest] = reopenCandidates(closed, environment)
  return latest && isRecoveryClose(latest, await tracker.listComments(latest.number)) ? latest : undefined
}

/**
 * An open issue for this environment that a recovery closed within the window and that is open again:
 * what a concurrent run reopened. Runs that filed meanwhile close theirs in its favour.
 */
export async function findReopened(tracker: Tracker, target: ReopenTarget, key: ReportKey): Promise<Issue | undefined> {
  const environment = titleEnvironment(key.title)
  if (environment === undefined || target.reopenWindowHours <= 0) return undefined
  const since = windowStart(target, key.time)
  for await (const page of tracker.openIssues({ label: DEDUP_LABEL, updatedSince: since })) {
    for (const issue of [...page].sort((a, b) => a.number - b.number)) {
      if (titleEnvironment(issue.title) !== environment) continue
      const comments = await tracker.listComments(issue.number)
      if (comments.some((c) => c.body.startsWith(RECOVERY_MARKER) && (!c.createdAt || c.createdAt >= since))) return issue
    }
  }
  return undefined
}

// The open issues holding the report that are newer than the reopened `issue`: filed by concurrent runs.
// A failed look finds none; those runs' own convergence still applies.
async function filedMeanwhile(tracker: Tracker, key: ReportKey, issue: Issue): Promise<Issue[]> {
  const filed: Issue[] = []
  try {
    const updatedSince = listBound(key)
    for await (const page of tracker.openIssues({ label: DEDUP_LABEL, ...(updatedSince ? { updatedSince } : {}) })) {
      filed.push(...page.filter((other) => other.number > issue.number && holdsReport(other, key)))
    }
  } catch {
    return []
  }
  return filed
}

/**
 * Reopens `issue` and adds this run's occurrence: "failed again N minutes after recovery" when it is
 * the first since the recovery, an ordinary occurrence when another run got there first. Then closes any
 * issue a concurrent run filed for the same report meanwhile, in favour of this older one. Returns
 * undefined when the reopen itself failed (the caller then files a new issue).
 */
export async function reopenIssue(tracker: Tracker, target: ReopenTarget, key: ReportKey, issue: Issue, failure: Failure, log: Log): Promise<Reopened | undefined> {
  try {
    // Reopening is idempotent, so unlike a create it is safe to send again after an unclear failure.
    await retryTransient(target, `reopening issue #${issue.number}`, () => tracker.reopenIssue(issue.number), log)
  } catch (error) {
    log.warn(`Could not reopen issue #${issue.number}, so a new issue is filed (${describeError(error)})`)
    return undefined
  }
  // A run that saw nothing to reopen may have filed the report meanwhile; the reopened issue is older.
  for (const filed of await filedMeanwhile(tracker, key, issue)) await converge(tracker, target, filed, async () => issue, log)

  const minutes = issue.closedAt ? minutesSince(issue.closedAt, failure.time) : 0
  let occurrence = 0
  let first = false
  const render = (existing: readonly Comment[]) => {
    occurrence = nextOccurrence(existing.map((comment) => comment.body))
    first = regressionRecorded(existing) === undefined
    return first ? renderRegression(failure, minutes, occurrence) : renderOccurrence(failure, occurrence)
  }
  let comment: Comment
  try {
    comment = await postCommentOnce(tracker, target, issue.number, render, log)
  } catch (error) {
    log.warn(`Could not comment on issue #${issue.number}, so this occurrence is not recorded there (${describeError(error)})`)
    log.info(`Reopened issue #${issue.number}: ${issue.url}`)
    return { outcome: 'reopened', issue, occurrence: undefined }
  }
  // Two runs may both have seen no regression comment yet: the first one posted names the reopener.
  const reopener = first ? await tracker.listComments(issue.number).then(regressionRecorded, () => comment) : undefined
  if (reopener && reopener.id === comment.id) {
    log.info(`Reopened issue #${issue.number}: ${issue.url}`)
    return { outcome: 'reopened', issue, occurrence }
  }
  log.info(`Commented on issue #${issue.number} (occurrence ${occurrence}): ${comment.url}`)
  return { outcome: 'commented', issue, occurrence }
}
