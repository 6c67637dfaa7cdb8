// The reporter's one pass, readable top-down in fileReport: look up the open issue that holds the report,
// comment on it or skip; else reopen the issue a recent recovery closed; else create one and converge
// with concurrent runs; then notify the chat. Each step is a small function below, delegating to the
// module that does the work.
import type { ChatNotifier, ChatResult } from '../chat.ts'
import type { RetrySettings } from './close.ts'
import { converge } from './converge.ts'
import { createOnce, failCreate, type NewIssueExtras } from './create.ts'
import { findHolderIssue, type Grouping, type ReportKey } from '../find/grouping.ts'
import { noticeOf, notifyChat } from './notify.ts'
import { filedAs, type Filed, type Outcome } from './outcome.ts'
import type { Failure } from '../text/issue.ts'
import { issueTitle } from './issue-text.ts'
import type { Log } from '../log.ts'
import type { Issue, Tracker } from '../tracker.ts'
import { describeError } from '../retry/transient.ts'
import { isBug, RateLimited } from '../errors.ts'
import { withChanges } from './changes-step.ts'

export type { Outcome } from './outcome.ts'

/** How hard to try, and what to do on a duplicate. */
export interface Target extends RetrySettings, NewIssueExtras {
  /** ON_DUPLICATE; `comment` records a repeated failure on the open issue. Default `skip`. */
  readonly onDuplicate?: 'skip' | 'comment'
  /** REPORT_GROUP: which open issue holds a report (lib/core/find/grouping.ts). Default `title`, the spec's. */
  readonly group?: Grouping
  /** REPORT_REOPEN_WINDOW in hours (lib/core/flows/reopen.ts); 0 or absent never reopens. */
  readonly reopenWindowHours?: number
}

/** One report run: what every step reads. */
interface Run {
  readonly tracker: Tracker
  readonly target: Target
  readonly failure: Failure
  readonly key: ReportKey
  readonly log: Log
}

/**
 * The open `auto-deploy-failure` issue that already holds `title` by the spec's rule, if any: the oldest
 * match (see {@link findHolderIssue}).
 */
export function findExisting(tracker: Tracker, title: string, time: Date): Promise<Issue | undefined> {
  return findHolderIssue(tracker, { group: 'title', title, time })
}

/**
 * The spec's single pass, step by step: look up the open issue that holds the report and comment on it
 * or skip; else reopen the issue a recent recovery closed (REPORT_REOPEN_WINDOW); else create the issue
 * and converge with concurrent runs; then notify `chat` (when there is one). Returns the outcome, or
 * throws `CreateFailed` (lib/core/errors.ts) when the issue could not be filed, after the chat notice has
 * still gone out.
 */
export async function fileReport(tracker: Tracker, chat: ChatNotifier | undefined, target: Target, failure: Failure, log: Log): Promise<Outcome> {
  const title = await issueTitle(target.template, failure, tracker)
  const run: Run = { tracker, target, failure, log, key: { group: target.group ?? 'title', title, time: failure.time } }
  let filed: Filed | undefined
  // A notice that names no issue goes out as soon as this run's issue is filed, alongside the look for
  // issues filed at the same time (converge.ts) rather than after it: one round trip less, the same text.
  let early: Promise<ChatResult> | undefined
  // The create waited for what changed already (REPORT_CHANGES=auto), so the notice has it at no cost.
  const send = (told: Failure) => chat!.send({ kind: 'failure', failure: noticeOf(told) })
  const notice = () => (target.pendingChanges ? withChanges(failure, target.pendingChanges).then(send) : send(failure))
  const onPosted = chat?.namesIssue === false ? () => void (early ??= notice()) : () => {}
  try {
    const holder = await lookUpHolder(run)
    if (holder) filed = await commentOrSkip(run, holder)
    else filed = (await reopenRecovered(run)) ?? (await convergeCreated(run, await create(run), onPosted))
    return filed.outcome
  } finally {
    // What changed is read beside the duplicate check: a run that filed nothing new does not wait for it.
    const created = filed?.outcome.outcome === 'created' || filed?.outcome.outcome === 'reopened'
    if (!created) target.pendingChanges?.cancel()
    if (chat) await notifyChat(tracker, chat, created ? await withChanges(failure, target.pendingChanges) : failure, filed, log, early)
  }
}

// The open issue that holds the report (lib/core/find/grouping.ts); none when the list call failed.
async function lookUpHolder({ tracker, key, log }: Run): Promise<Issue | undefined> {
  try {
    return await findHolderIssue(tracker, key)
  } catch (error) {
    // A limit beyond REPORT_MAX_WAIT stops the run: every further call would be refused too.
    if (error instanceof RateLimited) failCreate(error, log)
    // A bug is not a failed list call: it surfaces as itself rather than as a duplicate check skipped.
    if (isBug(error)) throw error
    // The spec: a list call that fails counts as an empty list.
    log.warn(`Could not list open issues, so no duplicate check was made (${describeError(error)})`)
    return undefined
  }
}

const holds = (issue: Issue) => `Open issue #${issue.number} holds this report: ${issue.url}`

// ON_DUPLICATE=comment records the occurrence on the holder (lib/core/flows/comments.ts); skip, or a
// comment that failed, only says which issue holds the report.
async function commentOrSkip({ tracker, target, failure, log }: Run, holder: Issue): Promise<Filed> {
  log.info('Duplicate issue found, skipping creation')
  // Loaded only in comment mode: every module costs start-up (npm run bench).
  const occurrence = target.onDuplicate === 'comment' ? await (await import('./comments.ts')).commentOnDuplicate(tracker, target, holder, failure, log) : undefined
  // The comment line names the issue already; otherwise say which issue holds the report.
  if (occurrence === undefined) log.info(holds(holder))
  return filedAs(occurrence === undefined ? 'duplicate' : 'commented', holder, occurrence)
}

// REPORT_REOPEN_WINDOW: the issue a recent recovery closed, reopened (lib/core/flows/reopen.ts);
// undefined when reopening is off or there is nothing to reopen.
async function reopenRecovered({ tracker, target, failure, key, log }: Run): Promise<Filed | undefined> {
  const reopenWindowHours = target.reopenWindowHours ?? 0
  if (reopenWindowHours <= 0) return undefined
  // Loaded only with REPORT_REOPEN_WINDOW set, like the comment module above.
  // A reopen is a write like a create: its comment says what changed since the last good deploy (REPORT_CHANGES=auto).
  return (await import('./reopen.ts')).reopenStep(tracker, { ...target, reopenWindowHours }, key, await withChanges(failure, target.pendingChanges), log)
}

// A new issue, filed once (lib/core/flows/create.ts).
function create({ tracker, target, failure, key, log }: Run): Promise<{ issue: Issue; posted: boolean }> {
  return createOnce(tracker, target, failure, key, log)
}

// Concurrent runs may each have created one: all keep the oldest (lib/core/flows/converge.ts). An issue
// a look found is already the oldest match; so is one a concurrent run reopened.
async function convergeCreated({ tracker, target, key, log }: Run, { issue, posted }: { issue: Issue; posted: boolean }, onPosted: () => void): Promise<Filed> {
  if (posted) onPosted()
  const reopenWindowHours = target.reopenWindowHours ?? 0
  const recheck =
    reopenWindowHours > 0
      ? async () => (await import('./reopen.ts')).oldestHolder(tracker, { ...target, reopenWindowHours }, key)
      : () => findHolderIssue(tracker, key)
  const survivor = posted ? await converge(tracker, target, issue, recheck, log) : issue
  if (survivor.number !== issue.number) {
    log.info(`Closed #${issue.number} as a duplicate of #${survivor.number}, the older open issue for this failure`)
    log.info(holds(survivor))
    return filedAs('duplicate', survivor)
  }
  log.info(`Created issue #${issue.number}: ${issue.url}`)
  return filedAs('created', issue)
}
