import type { RetrySettings } from './close.ts'
import { nextOccurrence, renderOccurrence } from '../text/comment-text.ts'
import type { Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import type { Comment, Tracker } from '../tracker.ts'
import { describeError, retryTransient } from '../retry/transient.ts'

/**
 * Adds one comment to issue `number` and returns it. `body` is the text, or renders it from the issue's
 * comments as read just before the post. A post that got no clear answer (5xx, reset, timeout) may have
 * been committed, and trackers never retry writes blindly; so before trying again this reads the
 * comments, and one with exactly the body sent last counts as done: at most one comment. Retries follow
 * the backoff helper; other errors are thrown at once, the last transient one after the final attempt.
 */
export async function postCommentOnce(
  tracker: Tracker,
  retry: RetrySettings,
  number: number,
  body: string | ((existing: readonly Comment[]) => string),
  log: Log,
): Promise<Comment> {
  let sent: string | undefined
  const post = async (attempt: number): Promise<Comment> => {
    const existing = typeof body === 'function' || attempt > 1 ? await tracker.listComments(number) : []
    const committed = sent === undefined ? undefined : existing.find((comment) => comment.body === sent)
    if (committed) return committed
    sent = typeof body === 'function' ? body(existing) : body
    return tracker.addComment(number, sent)
  }
  return retryTransient(retry, `commenting on issue #${number}`, post, log)
}

/**
 * ON_DUPLICATE=comment: records this occurrence of `failure` as one comment on the open issue that
 * already holds it, numbered from the reporter's earlier occurrence comments, with the log excerpt when
 * there is one. Returns the occurrence
 * number when the comment was added; a failure is one `[WARN]` line (and undefined), because the report
 * itself already exists.
 */
export async function commentOnDuplicate(
  tracker: Tracker,
  retry: RetrySettings,
  issue: { readonly number: number },
  failure: Failure,
  log: Log,
): Promise<number | undefined> {
  let occurrence = 0
  const render = (existing: readonly Comment[]) => {
    occurrence = nextOccurrence(existing.map((comment) => comment.body))
    return renderOccurrence(failure, occurrence, tracker.kind)
  }
  try {
    const comment = await postCommentOnce(tracker, retry, issue.number, render, log)
    log.info(`Commented on issue #${issue.number} (occurrence ${occurrence}): ${comment.url}`)
    return occurrence
  } catch (error) {
    log.warn(`Could not comment on issue #${issue.number}, so this occurrence is not recorded there (${describeError(error)})`)
    return undefined
  }
}
