// Two resolvers at once (two good deploys of one environment, or a retried job) must leave each issue
// with one recovery comment and one close. Trackers have no lock, but comment ids grow in commit order:
// after posting, a resolver reads the comments again, and when another resolver's recovery comment came
// first it takes its own back and leaves the close to that one. A recovery comment already there before
// posting (a concurrent resolver's, or a run that failed to close) is not repeated; the issue is closed,
// which changes nothing when that resolver already has, and left to that resolver to announce.
// When the list said the issue had no comment and this run can take its own back, that first read is
// skipped: it could only find a comment posted since the list, which is a concurrent resolver's, and the
// re-read after posting converges on the first one all the same. One round trip less per issue.
import { closeIssue, type RetrySettings } from './close.ts'
import { isOccurrenceComment, RECOVERY_MARKER } from '../text/comment-text.ts'
import { postCommentOnce } from './comments.ts'
import { FLAP_HELD_MARKER } from '../noise/flap.ts'
import type { Log } from '../log.ts'
import type { Comment, Issue, Tracker } from '../tracker.ts'

/** Who recovered the issue (its recovery comment): this run, or another resolver, at the same time or before. */
export type RecoveredBy = 'this run' | 'another run'

// The recovery comments since the last occurrence: an older recovery, followed by a new failure, is history.
// A flapping issue's "left open" comment (REPORT_FLAP) is not one: the close after a calm window says so itself.
function currentRecoveries(comments: readonly Comment[]): Comment[] {
  const lastOccurrence = comments.findLastIndex((c) => isOccurrenceComment(c.body))
  return comments.slice(lastOccurrence + 1).filter((c) => c.body.startsWith(RECOVERY_MARKER) && !c.body.includes(FLAP_HELD_MARKER))
}

const firstById = (comments: readonly Comment[]) => comments.reduce<Comment | undefined>((a, c) => (a && a.id < c.id ? a : c), undefined)

/**
 * Comments `comment` (or what it makes of the issue's comments so far) on `issue` and closes it, once across concurrent resolvers (see above).
 * `issue.commentCount`, when the list gave it, spares the first read of the comments at 0.
 * Throws when a write fails, with `progress.step` saying which; a comment that could not be taken back
 * is a `[WARN]` (two comments, one close). A tracker that cannot delete comments skips the take-back.
 */
export async function recoverOnce(
  tracker: Tracker,
  retry: RetrySettings,
  issue: Pick<Issue, 'number' | 'commentCount'>,
  comment: string | ((comments: readonly Comment[]) => string),
  log: Log,
  progress = { step: '' },
): Promise<RecoveredBy> {
  const { number } = issue
  progress.step = 'commenting on it'
  // Without a take-back (deleteComment), the first read is what keeps a second recovery comment off an issue.
  const before = issue.commentCount === 0 && tracker.deleteComment ? [] : await tracker.listComments(number)
  const already = currentRecoveries(before).length > 0
  if (!already) {
    const mine = await postCommentOnce(tracker, retry, number, typeof comment === 'string' ? comment : comment(before), log)
    if (tracker.deleteComment) {
      const first = firstById(currentRecoveries(await tracker.listComments(number)))
      if (first && first.id !== mine.id) {
        try {
          await tracker.deleteComment(number, mine.id)
        } catch {
          log.warn(`Another resolver commented on issue #${number} first, and this run's comment could not be taken back: ${mine.url}`)
        }
        return 'another run'
      }
    }
  }
  progress.step = 'closing it after the comment'
  await closeIssue(tracker, retry, number, 'completed', log)
  return already ? 'another run' : 'this run'
}
