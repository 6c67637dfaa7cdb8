// The reporter's side of reopen on regression (REPORT_REOPEN_WINDOW; the rules are in
// lib/core/find/regression.ts, the search in lib/core/find/reopenable.ts): reopen the issue a recovery
// closed within the window, and record the occurrence on it. Concurrent runs agree without a lock: every
// run finds that issue, closed or already reopened, and reopening is idempotent, so each reopens it if it
// still looks closed and comments once; the first "failed again" comment after the recovery names the run
// that reopened it. An issue filed meanwhile by a run that could not look is closed as a duplicate of it.
import type { RetrySettings } from './close.ts'
import { failCreate } from './create.ts'
import { filedAs, type Filed } from './outcome.ts'
import { postCommentOnce } from './comments.ts'
import { converge } from './converge.ts'
import { findHolderIssue, holdsReport, listBound, type ReportKey } from '../find/grouping.ts'
import { findReopened, findRecovered, occurrenceOnRecovered, type Recovered, type ReopenWindow } from '../find/reopenable.ts'
import { regressionRecorded } from '../find/regression.ts'
import { DEDUP_LABEL, type Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import type { Comment, Issue, Tracker } from '../tracker.ts'
import { describeError, retryTransient } from '../retry/transient.ts'
import { isBug, RateLimited } from '../errors.ts'

/** How far back a recovery counts, and how hard to try the writes. */
export interface ReopenTarget extends RetrySettings, ReopenWindow {}

/**
 * What reopening ended with: this run reopened `issue`, or found it reopened and added its occurrence,
 * or found it reopened and could not add it (a duplicate, as when an open issue holds the report).
 */
export interface Reopened {
  readonly outcome: 'reopened' | 'commented' | 'duplicate'
  readonly issue: Issue
  /** The occurrence number of the comment this run added; undefined when it could not add one. */
  readonly occurrence: number | undefined
}

// The open issues holding the report that are newer than the reopened `issue`: filed by concurrent runs
// that could not look for it. A failed look finds none; those runs' own convergence still applies.
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

// Reopening is idempotent, so unlike a create it is safe to send again after an unclear failure; an issue
// a concurrent run reopened already needs nothing sent. Returns whether the issue is open.
async function reopen(tracker: Tracker, target: ReopenTarget, recovered: Recovered, log: Log): Promise<boolean> {
  if (recovered.open) return true
  const { number } = recovered.issue
  try {
    await retryTransient(target, `reopening issue #${number}`, () => tracker.reopenIssue(number), log)
    return true
  } catch (error) {
    log.warn(`Could not reopen issue #${number}, so a new issue is filed (${describeError(error)})`)
    return false
  }
}

/**
 * Reopens `recovered` (unless a concurrent run has) and adds this run's occurrence: "failed again N
 * minutes after recovery" when it is the first since the recovery, an ordinary occurrence when another
 * run got there first; with the log excerpt when there is one. Then closes any issue a concurrent run
 * filed for the same report meanwhile, in favour of this older one. Returns undefined when the reopen
 * itself failed (the caller then files a new issue).
 */
export async function reopenIssue(tracker: Tracker, target: ReopenTarget, key: ReportKey, recovered: Recovered, failure: Failure, log: Log): Promise<Reopened | undefined> {
  const { issue } = recovered
  if (!(await reopen(tracker, target, recovered, log))) return undefined
  for (const filed of await filedMeanwhile(tracker, key, issue)) await converge(tracker, target, filed, async () => issue, log)

  let recorded = { occurrence: 0, first: false }
  const render = (existing: readonly Comment[]) => {
    const { body, ...rest } = occurrenceOnRecovered(recovered, existing, failure, tracker.kind)
    recorded = rest
    return body
  }
  let comment: Comment
  try {
    comment = await postCommentOnce(tracker, target, issue.number, render, log)
  } catch (error) {
    log.warn(`Could not comment on issue #${issue.number}, so this occurrence is not recorded there (${describeError(error)})`)
    if (recovered.open) log.info(`Open issue #${issue.number} holds this report: ${issue.url}`)
    else log.info(`Reopened issue #${issue.number}: ${issue.url}`)
    return { outcome: recovered.open ? 'duplicate' : 'reopened', issue, occurrence: undefined }
  }
  const { occurrence, first } = recorded
  // Two runs may both have seen no regression comment yet: the first one posted names the reopener.
  const reopener = first ? await tracker.listComments(issue.number).then(regressionRecorded, () => comment) : undefined
  if (reopener && reopener.id === comment.id) {
    log.info(`Reopened issue #${issue.number}: ${issue.url}`)
    return { outcome: 'reopened', issue, occurrence }
  }
  log.info(`Commented on issue #${issue.number} (occurrence ${occurrence}): ${comment.url}`)
  return { outcome: 'commented', issue, occurrence }
}

/**
 * When no open issue holds the report: reopens the issue a recovery closed within the window, or comments
 * on it when a concurrent run has reopened it already, and returns what was filed; undefined when there
 * is nothing to reopen (or it could not be looked for, or reopened), so the caller files a new issue.
 */
export async function reopenStep(tracker: Tracker, target: ReopenTarget, key: ReportKey, failure: Failure, log: Log): Promise<Filed | undefined> {
  let recovered: Recovered | undefined
  try {
    recovered = await findRecovered(tracker, target, key)
  } catch (error) {
    // A limit beyond REPORT_MAX_WAIT stops the run, as in the duplicate check; a bug surfaces as itself.
    if (error instanceof RateLimited) failCreate(error, log)
    if (isBug(error)) throw error
    log.warn(`Could not look for a recently recovered issue, so none was reopened (${describeError(error)})`)
    return undefined
  }
  if (!recovered) return undefined
  const done = await reopenIssue(tracker, target, key, recovered, failure, log)
  return done && filedAs(done.outcome, done.issue, done.occurrence)
}

/**
 * The lowest-numbered open issue that holds the report: by the grouping rule, or one a concurrent run
 * reopened. What a run that has just filed converges on.
 */
export async function oldestHolder(tracker: Tracker, target: ReopenTarget, key: ReportKey): Promise<Issue | undefined> {
  const [holder, reopened] = await Promise.all([findHolderIssue(tracker, key), findReopened(tracker, target, key)])
  return [holder, reopened?.issue].filter((issue): issue is Issue => issue !== undefined).sort((a, b) => a.number - b.number)[0]
}
