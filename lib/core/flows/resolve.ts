import type { ChatNotifier } from '../chat.ts'
import { issueRef } from './chat-thread.ts'
import type { RetrySettings } from './close.ts'
import { renderRecoveryComment, type Recovery } from '../text/comment-text.ts'
import { joinOutages, outageOf, recoveredLine, type Outage } from '../text/recovered.ts'
import { recoverOnce } from './recover-once.ts'
import { DEDUP_LABEL } from '../text/issue.ts'
import type { Log } from '../log.ts'
import { selectRecoverable } from '../find/recovery.ts'
import type { Issue, Tracker } from '../tracker.ts'
import { describeError } from '../retry/transient.ts'
import { ListFailed } from '../errors.ts'

/** What a resolver run ended with; `--json` prints it. */
export interface Resolution {
  /** `failed` only when something should have been closed and nothing was. */
  readonly outcome: 'resolved' | 'nothing' | 'failed'
  /** The issues closed (with `--dry-run`: that would be closed). */
  readonly closed: readonly number[]
  /** The issues that could not be closed; each is named in an `[ERROR]` line. */
  readonly failed: readonly number[]
}

/** What a dry run would write: each issue's recovery comment, and the chat notice's recovery line. */
export interface RecoveryPreview {
  readonly comments: readonly { readonly number: number; readonly text: string }[]
  /** `Recovered after … and N failed runs` for the chat notice, when the outage's start is known. */
  readonly recovered?: string
}

// The comments a real run would write, from each issue's comments as they are (read-only): a comment
// list that cannot be read leaves that issue's recovery line out, with a warning, rather than failing
// the dry run.
async function previewRecovery(tracker: Tracker, issues: readonly Issue[], recovery: Recovery, log: Log): Promise<RecoveryPreview> {
  const outages: Outage[] = []
  const comments: { number: number; text: string }[] = []
  for (const issue of issues) {
    let outage: Outage = { start: undefined, failedRuns: 0 }
    try {
      outage = outageOf(issue.createdAt, issue.commentCount === 0 ? [] : await tracker.listComments(issue.number))
    } catch (error) {
      log.warn(`Could not read the comments of issue #${issue.number}, so its recovery line is left out (${describeError(error)})`)
    }
    outages.push(outage)
    comments.push({ number: issue.number, text: renderRecoveryComment(recovery, recoveredLine(outage, recovery.time)) })
  }
  const recovered = recoveredLine(joinOutages(outages), recovery.time)
  return { comments, ...(recovered ? { recovered } : {}) }
}

/**
 * Every open `auto-deploy-failure` issue whose title is for `environment` and that was filed before
 * `time`, oldest first. All pages are read before anything is closed: closing shifts the later pages of
 * a list of open issues under a reader.
 */
export async function findRecoverable(tracker: Tracker, environment: string, time?: Date): Promise<Issue[]> {
  const found: Issue[] = []
  for await (const page of tracker.openIssues({ label: DEDUP_LABEL })) found.push(...selectRecoverable(page, environment, time))
  return found
}

/**
 * After a good deploy of `recovery.environment`: comments on and closes each of its open failure issues
 * (comment first, so a closed issue always says why; an issue whose comment failed stays open for the
 * next good deploy), then sends `chat` one recovery notice when anything was closed. A failure on one
 * issue is an `[ERROR]` line naming it, and the rest are still closed. With `dryRun`, lists and writes
 * nothing, and hands `preview` the texts a real run would write (their recovery lines included).
 * Throws {@link ListFailed} when the issues cannot be listed.
 */
export async function resolveRecovery(
  tracker: Tracker,
  chat: ChatNotifier | undefined,
  retry: RetrySettings,
  recovery: Recovery,
  log: Log,
  { dryRun = false, preview }: { dryRun?: boolean; preview?: (texts: RecoveryPreview) => void } = {},
): Promise<Resolution> {
  let issues: Issue[]
  try {
    issues = await findRecoverable(tracker, recovery.environment, recovery.time)
  } catch (error) {
    throw new ListFailed(error, describeError(error))
  }
  if (issues.length === 0) {
    log.info(`No open ${DEDUP_LABEL} issue for ${recovery.environment}; nothing to close`)
    return { outcome: 'nothing', closed: [], failed: [] }
  }
  if (dryRun) {
    for (const issue of issues) log.info(`Would close issue #${issue.number}: ${issue.url}`)
    if (preview) preview(await previewRecovery(tracker, issues, recovery, log))
    return { outcome: 'resolved', closed: issues.map((issue) => issue.number), failed: [] }
  }

  // Each comment says how long its issue's outage lasted; the chat notice, the environment's whole outage.
  const outages = new Map<number, Outage>()
  const commentFor = (issue: Issue) => (comments: Parameters<typeof outageOf>[1]) => {
    const outage = outageOf(issue.createdAt, comments)
    outages.set(issue.number, outage)
    return renderRecoveryComment(recovery, recoveredLine(outage, recovery.time))
  }
  const closed: number[] = []
  const closedHere: Issue[] = []
  const failed: number[] = []
  for (const issue of issues) {
    const progress = { step: '' }
    try {
      // One comment and one close per issue even with another resolver at work (recover-once.ts).
      if ((await recoverOnce(tracker, retry, issue, commentFor(issue), log, progress)) === 'this run') {
        log.info(`Closed issue #${issue.number}: ${issue.url}`)
        closedHere.push(issue)
      } else {
        log.info(`Issue #${issue.number} is closed by another resolver run: ${issue.url}`)
      }
      closed.push(issue.number)
    } catch (error) {
      log.error(`Could not close issue #${issue.number}, it stays open (${progress.step}: ${describeError(error)})`)
      failed.push(issue.number)
    }
  }
  // The run that closed an issue announces it; a concurrent run does not announce it again.
  const recovered = recoveredLine(joinOutages(closedHere.map((issue) => outages.get(issue.number) ?? { start: undefined, failedRuns: 0 })), recovery.time)
  if (closedHere.length && chat) await chat.send({ kind: 'recovery', recovery, closed: closedHere.map(issueRef), ...(recovered ? { recovered } : {}) })
  return { outcome: closed.length ? 'resolved' : 'failed', closed, failed }
}
