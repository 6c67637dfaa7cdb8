// Two resolvers at once (two good deploys of one environment, or a retried job) must leave each issue
// with one recovery comment and one close. GitHub has no lock, but comment ids grow in commit order:
// after posting, a resolver reads the comments again, and when another resolver's recovery comment came
// first it takes its own back and leaves the close to that one. A recovery comment already there before
// posting (a concurrent resolver's, or a run that failed to close) is not repeated; the issue is closed
// if it is still open.
import { closeIssue } from '../tracker/github/close.ts'
import type { GitHub } from '../tracker/github/client.ts'
import { isOccurrenceComment, RECOVERY_MARKER } from './comment-text.ts'
import { listComments, postCommentOnce, type CommentTarget, type IssueComment } from './comments.ts'
import type { Log } from './log.ts'

/** Who closed the issue: this run, or a resolver running at the same time (or before it). */
export type RecoveredBy = 'this run' | 'another run'

// The recovery comments since the last occurrence: an older recovery, followed by a new failure, is history.
function currentRecoveries(comments: readonly IssueComment[]): IssueComment[] {
  const lastOccurrence = comments.findLastIndex((c) => isOccurrenceComment(c.body))
  return comments.slice(lastOccurrence + 1).filter((c) => c.body?.startsWith(RECOVERY_MARKER))
}

const firstById = (comments: readonly IssueComment[]) => comments.reduce<IssueComment | undefined>((a, c) => (a && a.id < c.id ? a : c), undefined)

/**
 * Comments `comment` on issue `issueNumber` and closes it, once across concurrent resolvers (see above).
 * Throws when a write fails, with `progress.step` saying which; a comment that could not be taken back
 * is a `[WARN]` (two comments, one close).
 */
export async function recoverOnce(
  github: GitHub,
  target: CommentTarget,
  issueNumber: number,
  comment: string,
  log: Log,
  progress = { step: 'commenting on it' },
): Promise<RecoveredBy> {
  progress.step = 'commenting on it'
  const before = currentRecoveries(await listComments(github, target, issueNumber))
  if (before.length) {
    const { data } = await github.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: target.owner, repo: target.repo, issue_number: issueNumber })
    if (data.state === 'closed') return 'another run'
  } else {
    const mine = await postCommentOnce(github, target, issueNumber, comment, log)
    const first = firstById(currentRecoveries(await listComments(github, target, issueNumber)))
    if (first && first.id !== mine.id) {
      try {
        await github.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', { owner: target.owner, repo: target.repo, comment_id: Number(mine.id) })
      } catch (error) {
        log.warn(`Another resolver commented on issue #${issueNumber} first, and this run's comment could not be taken back: ${mine.html_url}`)
      }
      return 'another run'
    }
  }
  progress.step = 'closing it after the comment'
  await closeIssue(github, target, issueNumber, 'completed', log)
  return 'this run'
}
