import type { Repo } from '../tracker/github/close.ts'
import { nextOccurrence, renderOccurrence } from './comment-text.ts'
import { describeError, retryTransient, type GitHub } from '../tracker/github/client.ts'
import type { Failure } from './issue.ts'
import type { Log } from './log.ts'

/** Where the issues live, and how hard to try a write. */
export type CommentTarget = Repo

/** The fields of an issue comment this tool reads. */
export interface IssueComment {
  /** Grows in commit order; JSON numbers, though GitHub's types also allow a bigint. */
  readonly id: number | bigint
  readonly body?: string | null
  readonly html_url: string
}

/** Every comment on issue `issueNumber`, oldest first, following the `Link` header page by page. */
export async function listComments(github: GitHub, target: CommentTarget, issueNumber: number): Promise<IssueComment[]> {
  const comments: IssueComment[] = []
  const pages = github.paginate.iterator('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: target.owner,
    repo: target.repo,
    issue_number: issueNumber,
    per_page: 100,
  })
  for await (const page of pages) comments.push(...page.data)
  return comments
}

/**
 * Adds one comment to issue `issueNumber` and returns it. `body` is the text, or renders it from the
 * issue's comments as read just before the post. A POST that got no clear answer (5xx, reset, timeout)
 * may have been committed, and the client never retries writes blindly; so before trying again this
 * reads the comments, and one with exactly the body sent last counts as done: at most one comment.
 * Retries follow the backoff helper; other errors are thrown at once, the last transient one after
 * the final attempt.
 */
export async function postCommentOnce(
  github: GitHub,
  target: CommentTarget,
  issueNumber: number,
  body: string | ((existing: readonly IssueComment[]) => string),
  log: Log,
): Promise<IssueComment> {
  let sent: string | undefined
  const post = async (attempt: number): Promise<IssueComment> => {
    const existing = typeof body === 'function' || attempt > 1 ? await listComments(github, target, issueNumber) : []
    const committed = sent === undefined ? undefined : existing.find((comment) => comment.body === sent)
    if (committed) return committed
    sent = typeof body === 'function' ? body(existing) : body
    const { data } = await github.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: target.owner,
      repo: target.repo,
      issue_number: issueNumber,
      body: sent,
    })
    return data
  }
  return retryTransient(target, `commenting on issue #${issueNumber}`, post, log)
}

/**
 * ON_DUPLICATE=comment: records this occurrence of `failure` as one comment on the open issue that
 * already holds it, numbered from the reporter's earlier occurrence comments. Returns whether the
 * comment was added; a failure is one `[WARN]` line, because the report itself already exists.
 */
export async function commentOnDuplicate(
  github: GitHub,
  target: CommentTarget,
  issue: { readonly number: number },
  failure: Failure,
  log: Log,
): Promise<boolean> {
  let occurrence = 0
  const render = (existing: readonly IssueComment[]) => {
    occurrence = nextOccurrence(existing.map((comment) => comment.body))
    return renderOccurrence(failure, occurrence)
  }
  try {
    const comment = await postCommentOnce(github, target, issue.number, render, log)
    log.info(`Commented on issue #${issue.number} (occurrence ${occurrence}): ${comment.html_url}`)
    return true
  } catch (error) {
    log.warn(`Could not comment on issue #${issue.number}, so this occurrence is not recorded there (${describeError(error)})`)
    return false
  }
}
