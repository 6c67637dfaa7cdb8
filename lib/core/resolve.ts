import { postChat } from '../chat/webhook.ts'
import { renderRecoveryComment, type Recovery } from './comment-text.ts'
import type { CommentTarget } from './comments.ts'
import { recoverOnce } from './recover-once.ts'
import { describeError, type GitHub } from '../tracker/github/client.ts'
import { DEDUP_LABEL } from './issue.ts'
import type { Log } from './log.ts'
import { openReportPages } from '../tracker/github/open-issues.ts'
import { selectRecoverable, renderRecoveryChat, type RecoverableIssue } from './recovery.ts'

/** Where the issues live, where the chat notice goes, and how hard to try. */
export interface ResolveTarget extends CommentTarget {
  readonly chatWebhook: string | undefined
}

/** What a resolver run ended with; `--json` prints it. */
export interface Resolution {
  /** `failed` only when something should have been closed and nothing was. */
  readonly outcome: 'resolved' | 'nothing' | 'failed'
  /** The issues closed (with `--dry-run`: that would be closed). */
  readonly closed: readonly number[]
  /** The issues that could not be closed; each is named in an `[ERROR]` line. */
  readonly failed: readonly number[]
}

/** Thrown when the open issues could not be listed, so nothing was closed. */
export class ListFailed extends Error {
  constructor(cause: unknown) {
    super(`Could not list the open ${DEDUP_LABEL} issues, so none was closed (${describeError(cause)})`, { cause })
    this.name = 'ListFailed'
  }
}

/**
 * Every open `auto-deploy-failure` issue whose title is for `environment` and that was filed before
 * `time`, oldest first. All pages are read before anything is closed: closing shifts the later pages of
 * a `state=open` list under a reader.
 */
export async function findRecoverable(github: GitHub, target: CommentTarget, environment: string, time?: Date): Promise<RecoverableIssue[]> {
  const found: RecoverableIssue[] = []
  for await (const page of openReportPages(github, target)) found.push(...selectRecoverable(page.data, environment, time))
  return found
}

/**
 * After a good deploy of `recovery.environment`: comments on and closes each of its open failure issues
 * (comment first, so a closed issue always says why; an issue whose comment failed stays open for the
 * next good deploy), then posts one recovery notice when anything was closed. A failure on one issue is
 * an `[ERROR]` line naming it, and the rest are still closed. With `dryRun`, lists and writes nothing.
 * Throws {@link ListFailed} when the issues cannot be listed.
 */
export async function resolveRecovery(
  github: GitHub,
  target: ResolveTarget,
  recovery: Recovery,
  log: Log,
  { dryRun = false } = {},
): Promise<Resolution> {
  let issues: RecoverableIssue[]
  try {
    issues = await findRecoverable(github, target, recovery.environment, recovery.time)
  } catch (error) {
    throw new ListFailed(error)
  }
  if (issues.length === 0) {
    log.info(`No open ${DEDUP_LABEL} issue for ${recovery.environment}; nothing to close`)
    return { outcome: 'nothing', closed: [], failed: [] }
  }
  if (dryRun) {
    for (const issue of issues) log.info(`Would close issue #${issue.number}: ${issue.html_url}`)
    return { outcome: 'resolved', closed: issues.map((issue) => issue.number), failed: [] }
  }

  const comment = renderRecoveryComment(recovery)
  const closed: number[] = []
  const closedHere: number[] = []
  const failed: number[] = []
  for (const issue of issues) {
    const progress = { step: '' }
    try {
      // One comment and one close per issue even with another resolver at work (recover-once.ts).
      if ((await recoverOnce(github, target, issue.number, comment, log, progress)) === 'this run') {
        log.info(`Closed issue #${issue.number}: ${issue.html_url}`)
        closedHere.push(issue.number)
      } else {
        log.info(`Issue #${issue.number} is closed by another resolver run: ${issue.html_url}`)
      }
      closed.push(issue.number)
    } catch (error) {
      log.error(`Could not close issue #${issue.number}, it stays open (${progress.step}: ${describeError(error)})`)
      failed.push(issue.number)
    }
  }
  // The run that closed an issue announces it; a concurrent run does not announce it again.
  if (closedHere.length && target.chatWebhook) await postChat(target.chatWebhook, renderRecoveryChat(recovery, closedHere))
  return { outcome: closed.length ? 'resolved' : 'failed', closed, failed }
}
