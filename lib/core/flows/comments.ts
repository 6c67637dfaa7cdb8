import type { RetrySettings } from './close.ts'
import { isOccurrenceComment, nextOccurrence, renderOccurrence } from '../text/comment-text.ts'
import type { Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import type { Comment, Tracker } from '../tracker.ts'
import type { Changes } from '../changes.ts'
import type { NewIssueExtras } from './create.ts'
import { PREVIOUS_OCCURRENCE } from '../text/what-changed.ts'
import { sameCommit } from './what-changed.ts'
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
  retry: RetrySettings & Pick<NewIssueExtras, 'changesSince'>,
  issue: { readonly number: number; readonly body?: string },
  failure: Failure,
  log: Log,
): Promise<number | undefined> {
  let occurrence = 0
  let told = failure
  const render = (existing: readonly Comment[]) => {
    occurrence = nextOccurrence(existing.map((comment) => comment.body))
    return renderOccurrence(told, occurrence, tracker.kind)
  }
  try {
    // REPORT_CHANGES=auto: what changed since the previous occurrence's commit, when it differs (one more read).
    if (retry.changesSince) told = await sincePrevious(tracker, issue, failure, retry.changesSince)
    const comment = await postCommentOnce(tracker, retry, issue.number, render, log)
    log.info(`Commented on issue #${issue.number} (occurrence ${occurrence}): ${comment.url}`)
    return occurrence
  } catch (error) {
    log.warn(`Could not comment on issue #${issue.number}, so this occurrence is not recorded there (${describeError(error)})`)
    return undefined
  }
}

// The commit an occurrence comment or an issue body names on its `**Commit:**` line: the first such line.
// Both write theirs before anything quoted (the commit message's code block, the reason, the log excerpt),
// whose lines anyone who pushes can make look the same; a later match would let them pick the base.
const COMMIT_LINE = /^\*\*Commit:\*\* `([0-9a-f]{7,64})`/im
const commitIn = (text: string | undefined): string | undefined => COMMIT_LINE.exec(text ?? '')?.[1]

/**
 * `failure` with what changed since the previous occurrence: the commit of the newest occurrence comment,
 * else the issue's own. Unchanged when that is this commit, when none is named, or when it cannot be read.
 */
async function sincePrevious(tracker: Tracker, issue: { readonly number: number; readonly body?: string }, failure: Failure, since: (base: string) => Promise<Changes | undefined>): Promise<Failure> {
  const comments = await tracker.listComments(issue.number).catch(() => [] as readonly Comment[])
  const previous = [...comments].reverse().map((comment) => (isOccurrenceComment(comment.body) ? commitIn(comment.body) : undefined)).find(Boolean) ?? commitIn(issue.body)
  if (!previous || sameCommit(previous, failure.commitSha)) return failure
  const changes = await since(previous)
  return changes ? { ...failure, changes: { ...changes, source: PREVIOUS_OCCURRENCE } } : failure
}
