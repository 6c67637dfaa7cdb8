// The reporter's reopen step, loaded only when REPORT_REOPEN_WINDOW is set: every module costs start-up.
import { failCreate } from './create.ts'
import { findHolderIssue, type ReportKey } from '../find/grouping.ts'
import { findReopened, findRecovered, type Recovered } from '../find/reopenable.ts'
import type { Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import { filedAs, type Filed } from './outcome.ts'
import { reopenIssue, type ReopenTarget } from './reopen.ts'
import type { Issue, Tracker } from '../tracker.ts'
import { describeError } from '../retry/transient.ts'
import { isBug, RateLimited } from '../errors.ts'

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
