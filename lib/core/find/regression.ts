// Reopen on regression (REPORT_REOPEN_WINDOW): when an environment that a good deploy recovered fails
// again soon after, the issue the resolver closed is reopened rather than a new one filed. Only the
// resolver's own closes count; an issue a person closed, or closed as not planned, stays closed.
import { OCCURRENCE_MARKER, RECOVERY_MARKER, occurrenceComment, occurrenceFacts } from '../text/comment-text.ts'
import type { Failure } from '../text/issue.ts'
import type { Flavor } from '../text/markdown.ts'
import { parseTitle } from './recovery.ts'

/** Opens (after the occurrence marker) the comment that records a failure after a recovery. */
export const REGRESSION_MARKER = '<!-- deploy-failure-reporter:regression -->'

// The resolver comments and then closes at once (retries included, well within this); a close long
// after its recovery comment was someone else's, after a reopen.
const CLOSE_AFTER_COMMENT_MS = 10 * 60 * 1000

/** What is known of a closed issue: when it was closed, and why when the service says. */
export interface ClosedIssue {
  readonly number: number
  readonly title: string
  readonly state: 'open' | 'closed'
  readonly closedAt?: Date | undefined
  /** GitHub's `state_reason`; undefined where the service has none (GitLab). */
  readonly closedAs?: 'completed' | 'not_planned' | 'duplicate' | undefined
}

/** What is known of a comment. */
export interface TimedComment {
  readonly id: number
  readonly body: string
  readonly createdAt?: Date | undefined
}

const isRecoveryComment = (comment: TimedComment) => comment.body.startsWith(RECOVERY_MARKER)
const isRegressionComment = (comment: TimedComment) => comment.body.startsWith(`${OCCURRENCE_MARKER}\n${REGRESSION_MARKER}`)

/**
 * Whether the resolver closed `issue` (given its comments, oldest first): closed, not as not planned
 * nor as a duplicate, and the close followed the resolver's recovery comment at once. Where comments
 * carry no time, the recovery comment must be the last one.
 */
export function isRecoveryClose(issue: ClosedIssue, comments: readonly TimedComment[]): boolean {
  if (issue.state !== 'closed' || (issue.closedAs !== undefined && issue.closedAs !== 'completed')) return false
  const recovery = comments.findLast(isRecoveryComment)
  if (!recovery) return false
  if (recovery.createdAt && issue.closedAt) {
    const gap = issue.closedAt.getTime() - recovery.createdAt.getTime()
    return gap >= -CLOSE_AFTER_COMMENT_MS && gap <= CLOSE_AFTER_COMMENT_MS
  }
  return comments.at(-1) === recovery
}

/**
 * The closed issues worth looking at for `environment`, in the order to try them: for exactly that
 * environment (as the resolver matches it), most recently closed first, then lowest number, so
 * concurrent runs try the same ones in the same order.
 */
export function reopenCandidates<T extends ClosedIssue>(issues: Iterable<T>, environment: string): T[] {
  return [...issues]
    .filter((issue) => issue.state === 'closed' && issue.closedAt !== undefined && parseTitle(issue.title)?.environment === environment)
    .sort((a, b) => b.closedAt!.getTime() - a.closedAt!.getTime() || a.number - b.number)
}

/** Whole minutes from `closedAt` to `time`, never below 0. */
export function minutesSince(closedAt: Date, time: Date): number {
  return Math.max(0, Math.floor((time.getTime() - closedAt.getTime()) / 60_000))
}

/**
 * The occurrence comment on a reopened issue: "Failed again N minutes after recovery", what failed, and
 * the log excerpt when there is one (see occurrenceComment).
 */
export function renderRegression(failure: Failure, minutes: number, occurrence: number, flavor: Flavor = 'github'): string {
  const heading = `### Failed again ${minutes} minute${minutes === 1 ? '' : 's'} after recovery: occurrence ${occurrence}`
  return occurrenceComment([OCCURRENCE_MARKER, REGRESSION_MARKER, heading, '', ...occurrenceFacts(failure)], failure, flavor)
}

/**
 * Whether a regression comment already follows the last recovery comment in `comments`: then another
 * run reopened the issue first, and this one's occurrence is an ordinary one.
 */
export function regressionRecorded(comments: readonly TimedComment[]): TimedComment | undefined {
  let last = -1
  comments.forEach((comment, i) => {
    if (isRecoveryComment(comment)) last = i
  })
  return comments.slice(last + 1).find(isRegressionComment)
}
