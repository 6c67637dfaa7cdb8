// Filing the new issue, once: a create is not safe to repeat blindly, so every retry looks first.
import type { RetrySettings } from './close.ts'
import { findHolderIssue, type ReportKey } from '../find/grouping.ts'
import { checkDedupLabel } from '../find/unlabelled.ts'
import { LABELS, type Failure } from '../text/issue.ts'
import type { IssueTemplate } from '../text/template.ts'
import { issueBody } from './issue-text.ts'
import type { Log } from '../log.ts'
import type { Issue, Tracker } from '../tracker.ts'
import { describeError, isTransient, retryTransient, withAttempts } from '../retry/transient.ts'
import { CreateFailed, isBug } from '../errors.ts'
import type { Changes, PendingChanges } from '../changes.ts'
import { authorAssignees } from '../text/authors.ts'
import { withChanges } from './changes-step.ts'

/** What a new issue carries besides the spec's title, body and two labels. */
export interface NewIssueExtras {
  /** REPORT_LABELS, added after the spec's two on a new issue. */
  readonly extraLabels?: readonly string[]
  /** REPORT_ASSIGNEES, assigned on a new issue; the spec's empty list when absent. */
  readonly assignees?: readonly string[]
  /** REPORT_TEMPLATE, read and checked: the title and body a new issue gets (lib/core/text/template.ts). */
  readonly template?: IssueTemplate
  /** REPORT_MILESTONE: the title of the milestone a new issue is set to. */
  readonly milestone?: string
  /** What changed (REPORT_CHANGES=auto), read beside the duplicate check; a new issue waits for it. */
  readonly pendingChanges?: PendingChanges
  /** REPORT_ASSIGN=authors: the authors of what changed are assigned after `assignees`. */
  readonly assignAuthors?: boolean
  /** What changed between `base` (the previous occurrence's commit) and this one; for occurrence comments. */
  readonly changesSince?: (base: string) => Promise<Changes | undefined>
}

/**
 * Ends the run as not filed: the spec's `Failed to create issue` line, then the cause, and throws
 * {@link CreateFailed}; a bug is thrown as itself, for the entry to name it as one (lib/cli/args.ts
 * reportFailure).
 */
export function failCreate(cause: unknown, log: Log): never {
  log.error('Failed to create issue')
  if (isBug(cause)) throw cause
  log.error(describeError(cause))
  throw new CreateFailed(cause)
}

/**
 * Creates the issue for `key`, retrying transient failures with the backoff helper. A create that failed
 * without a clear answer (timeout, reset, 5xx) may have been committed, so every retry first looks again,
 * and creates only when that look answered and found nothing. `posted` tells whether this run's own
 * create answered (rather than a look finding the issue). Throws through {@link failCreate}.
 */
export async function createOnce(
  tracker: Tracker,
  target: RetrySettings & NewIssueExtras,
  failure: Failure,
  key: ReportKey,
  log: Log,
): Promise<{ issue: Issue; posted: boolean }> {
  // What changed joins the body here, after the duplicate check it was read beside (changes-step.ts).
  const told = await withChanges(failure, target.pendingChanges)
  const body = await issueBody(target.template, told, tracker)
  const assignees = [...(target.assignees ?? [])]
  if (target.assignAuthors && told.changes) assignees.push(...authorAssignees(told.changes, assignees))
  const { title } = key
  // One request per look: the loop below is the retry, so page requests must not retry on their own.
  const lookAgain = () => withAttempts(1, () => findHolderIssue(tracker, key))
  const attempt = async (n: number) => {
    const committed = n > 1 ? await lookAgain() : undefined
    if (committed) return { issue: committed, posted: false }
    const labels = [...LABELS, ...(target.extraLabels ?? [])]
    const issue = await tracker.createIssue({ title, body, labels, assignees, ...(target.milestone ? { milestone: target.milestone } : {}) })
    checkDedupLabel(issue, log)
    return { issue, posted: true }
  }
  try {
    return await retryTransient(target, 'creating the issue', attempt, log)
  } catch (cause) {
    // The last create's answer may have been lost after a commit: one last look.
    const committed = isTransient(cause) ? await lookAgain().catch(() => undefined) : undefined
    if (committed) return { issue: committed, posted: false }
    failCreate(cause, log)
  }
}
