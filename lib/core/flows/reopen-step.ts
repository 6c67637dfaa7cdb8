// The reporter's reopen step, loaded only when REPORT_REOPEN_WINDOW is set: every module costs start-up.
import { findHolderIssue, type ReportKey } from '../find/grouping.ts'
import type { Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import { findReopenable, findReopened, reopenIssue, type ReopenTarget } from './reopen.ts'
import type { Outcome } from './report.ts'
import type { Issue, Tracker } from '../tracker.ts'
import { describeError } from '../retry/transient.ts'
import { CreateFailed, RateLimited } from '../../errors.ts'

/**
 * When no open issue holds the report: reopens the issue a recovery closed within the window, if there
 * is one, and returns the outcome; undefined when there is nothing to reopen (or it could not be looked
 * for, or reopened), so the caller files a new issue.
 */
export async function reopenStep(
  tracker: Tracker,
  target: ReopenTarget,
  key: ReportKey,
  failure: Failure,
  log: Log,
): Promise<{ outcome: Outcome; occurrence?: number | undefined; issue: Issue } | undefined> {
  let closed: Issue | undefined
  try {
    closed = await findReopenable(tracker, target, key)
  } catch (error) {
    // A limit beyond REPORT_MAX_WAIT stops the run, as in the duplicate check.
    if (error instanceof RateLimited) {
      log.error('Failed to create issue')
      log.error(describeError(error))
      throw new CreateFailed(error)
    }
    log.warn(`Could not look for a recently recovered issue, so none was reopened (${describeError(error)})`)
    return undefined
  }
  if (!closed) return undefined
  const done = await reopenIssue(tracker, target, key, closed, failure, log)
  if (!done) return undefined
  return { outcome: { outcome: done.outcome, number: done.issue.number, url: done.issue.url, title: key.title }, occurrence: done.occurrence, issue: done.issue }
}

/**
 * The lowest-numbered open issue that holds the report: by the grouping rule, or one a concurrent run
 * reopened. What a run that has just filed converges on.
 */
export async function oldestHolder(tracker: Tracker, target: ReopenTarget, key: ReportKey): Promise<Issue | undefined> {
  const [holder, reopened] = await Promise.all([findHolderIssue(tracker, key), findReopened(tracker, target, key)])
  return [holder, reopened].filter((issue): issue is Issue => issue !== undefined).sort((a, b) => a.number - b.number)[0]
}
