import type { ChatNotifier, ChatResult } from '../chat.ts'
import { issueRef, recordThread } from './chat-thread.ts'
import type { RetrySettings } from './close.ts'
import { converge } from './converge.ts'
import { findHolderIssue, type Grouping, type ReportKey } from '../find/grouping.ts'
import { LABELS, renderBody, renderTitle, type Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import type { Issue, Tracker } from '../tracker.ts'
import { describeError, isTransient, retryTransient, withAttempts } from '../retry/transient.ts'
import { CreateFailed, isBug, RateLimited } from '../../errors.ts'
import { checkDedupLabel } from '../find/unlabelled.ts'

/** What a run ended with; `--json` prints it. */
export interface Outcome {
  readonly outcome: 'created' | 'duplicate' | 'commented' | 'reopened' | 'failed'
  readonly number: number | null
  readonly url: string | null
  readonly title: string
}

/** How hard to try, and what to do on a duplicate. */
export interface Target extends RetrySettings {
  /** ON_DUPLICATE; `comment` records a repeated failure on the open issue. Default `skip`. */
  readonly onDuplicate?: 'skip' | 'comment'
  /** REPORT_GROUP: which open issue holds a report (lib/core/find/grouping.ts). Default `title`, the spec's. */
  readonly group?: Grouping
  /** REPORT_REOPEN_WINDOW in hours (lib/core/flows/reopen.ts); 0 or absent never reopens. */
  readonly reopenWindowHours?: number
  /** REPORT_LABELS, added after the spec's two on a new issue. */
  readonly extraLabels?: readonly string[]
  /** REPORT_ASSIGNEES, assigned on a new issue; the spec's empty list when absent. */
  readonly assignees?: readonly string[]
}

/**
 * The open `auto-deploy-failure` issue that already holds `title` by the spec's rule, if any: the oldest
 * match (see {@link findHolderIssue}).
 */
export function findExisting(tracker: Tracker, title: string, time: Date): Promise<Issue | undefined> {
  return findHolderIssue(tracker, { group: 'title', title, time })
}

/**
 * The spec's single pass: duplicate check, then create, then notify `chat` (when there is one). Returns
 * the outcome, or throws {@link CreateFailed} when the issue could not be filed (after the chat notice
 * has still gone out).
 */
export async function fileReport(tracker: Tracker, chat: ChatNotifier | undefined, target: Target, failure: Failure, log: Log): Promise<Outcome> {
  const title = renderTitle(failure, tracker.limits.title)
  // The chat notice never carries the log excerpt: a chat channel is no place for a job log.
  const notice: Failure = failure.log === undefined ? failure : (({ log: _excerpt, ...rest }) => rest)(failure)
  let filed: { issue: Issue; occurrence?: number | undefined } | undefined
  // A notice that names no issue goes out once this run's issue is filed, alongside the look for issues
  // filed at the same time (converge.ts) rather than after it: one round trip less, the same text.
  let early: Promise<ChatResult> | undefined
  const onFiled = chat?.namesIssue === false ? () => void (early ??= chat.send({ kind: 'failure', failure: notice })) : undefined
  try {
    const { outcome, occurrence, issue } = await fileIssue(tracker, target, failure, title, log, onFiled)
    if (issue) filed = { issue, occurrence }
    return outcome
  } finally {
    if (chat) {
      const ref = filed && issueRef(filed.issue)
      const result = early
        ? await early
        : await chat.send(
            filed?.occurrence === undefined || !ref
              ? { kind: 'failure', failure: notice, ...(ref ? { issue: ref } : {}) }
              : { kind: 'recurrence', failure: notice, issue: ref, occurrence: filed.occurrence },
          )
      // A notice that started a thread (Slack's Web API): later notices for this issue reply in it.
      if (filed) await recordThread(tracker, filed.issue, result, log)
    }
  }
}

async function lookUp(tracker: Tracker, key: ReportKey, log: Log): Promise<Issue | undefined> {
  try {
    return await findHolderIssue(tracker, key)
  } catch (error) {
    // A limit beyond REPORT_MAX_WAIT stops the run: every further call would be refused too.
    if (error instanceof RateLimited) fail(error, log)
    // A bug is not a failed list call: it surfaces as itself rather than as a duplicate check skipped.
    if (isBug(error)) throw error
    // The spec: a list call that fails counts as an empty list.
    log.warn(`Could not list open issues, so no duplicate check was made (${describeError(error)})`)
    return undefined
  }
}

function fail(cause: unknown, log: Log): never {
  log.error('Failed to create issue')
  // A bug is thrown as itself, for the entry to name it as one (lib/cli/args.ts reportFailure).
  if (isBug(cause)) throw cause
  log.error(describeError(cause))
  throw new CreateFailed(cause)
}

const holds = (issue: Issue) => `Open issue #${issue.number} holds this report: ${issue.url}`

async function fileIssue(tracker: Tracker, target: Target, failure: Failure, title: string, log: Log, onFiled?: () => void): Promise<{ outcome: Outcome; occurrence?: number | undefined; issue?: Issue }> {
  const key: ReportKey = { group: target.group ?? 'title', title, time: failure.time }
  const existing = await lookUp(tracker, key, log)
  if (existing) {
    log.info('Duplicate issue found, skipping creation')
    // Loaded only in comment mode: every module costs start-up (npm run bench).
    const occurrence = target.onDuplicate === 'comment' ? await (await import('./comments.ts')).commentOnDuplicate(tracker, target, existing, failure, log) : undefined
    // The comment line names the issue already; otherwise say which issue holds the report.
    if (occurrence === undefined) log.info(holds(existing))
    return { outcome: { outcome: occurrence === undefined ? 'duplicate' : 'commented', number: existing.number, url: existing.url, title }, occurrence, issue: existing }
  }
  const reopenTarget = { ...target, reopenWindowHours: target.reopenWindowHours ?? 0 }
  const reopening = reopenTarget.reopenWindowHours > 0
  // Loaded only with REPORT_REOPEN_WINDOW set, like the comment module above.
  if (reopening) {
    const reopened = await (await import('./reopen-step.ts')).reopenStep(tracker, reopenTarget, key, failure, log)
    if (reopened) return reopened
  }
  const { issue, posted } = await create(tracker, target, failure, key, log)
  if (posted) onFiled?.()
  // Concurrent runs may each have created one: all keep the oldest (see converge.ts). An issue a look
  // found is already the oldest match; so is one a concurrent run reopened.
  const recheck = reopening
    ? async () => (await import('./reopen-step.ts')).oldestHolder(tracker, reopenTarget, key)
    : () => findHolderIssue(tracker, key)
  const survivor = posted ? await converge(tracker, target, issue, recheck, log) : issue
  if (survivor.number !== issue.number) {
    log.info(`Closed #${issue.number} as a duplicate of #${survivor.number}, the older open issue for this failure`)
    log.info(holds(survivor))
    return { outcome: { outcome: 'duplicate', number: survivor.number, url: survivor.url, title }, issue: survivor }
  }
  log.info(`Created issue #${issue.number}: ${issue.url}`)
  return { outcome: { outcome: 'created', number: issue.number, url: issue.url, title }, issue }
}

// Creates the issue, retrying transient failures with the backoff helper. A create that failed without a
// clear answer (timeout, reset, 5xx) may have been committed, so every retry first looks again, and
// creates only when that look answered and found nothing. `posted` tells whether this run's own create
// answered (rather than a look finding the issue).
async function create(tracker: Tracker, target: Target, failure: Failure, key: ReportKey, log: Log): Promise<{ issue: Issue; posted: boolean }> {
  const body = renderBody(failure, tracker.kind)
  const { title } = key
  // One request per look: the loop below is the retry, so page requests must not retry on their own.
  const lookAgain = () => withAttempts(1, () => findHolderIssue(tracker, key))
  const attempt = async (n: number) => {
    const committed = n > 1 ? await lookAgain() : undefined
    if (committed) return { issue: committed, posted: false }
    const labels = [...LABELS, ...(target.extraLabels ?? [])]
    const issue = await tracker.createIssue({ title, body, labels, assignees: target.assignees ?? [] })
    checkDedupLabel(issue, log)
    return { issue, posted: true }
  }
  try {
    return await retryTransient(target, 'creating the issue', attempt, log)
  } catch (cause) {
    // The last create's answer may have been lost after a commit: one last look.
    const committed = isTransient(cause) ? await lookAgain().catch(() => undefined) : undefined
    if (committed) return { issue: committed, posted: false }
    fail(cause, log)
  }
}
