import { retryTransient, type GitHub } from './client.ts'
import type { Log } from '../../core/log.ts'

/** Where an issue lives and how hard to retry the closing write. */
export interface Repo {
  readonly owner: string
  readonly repo: string
  readonly retryAttempts: number
  readonly retryDelaySeconds: number
}

/**
 * Closes issue `issueNumber` with `reason`. Closing is idempotent, so unlike a create it is safe to send
 * again after an ambiguous failure (5xx, reset, timeout); the client retries only reads, so the retry is
 * here. Throws the last error when every attempt failed.
 * https://docs.github.com/en/rest/issues/issues#update-an-issue
 */
export async function closeIssue(github: GitHub, repo: Repo, issueNumber: number, reason: 'completed' | 'not_planned', log: Log): Promise<void> {
  const patch = () =>
    github.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', {
      owner: repo.owner,
      repo: repo.repo,
      issue_number: issueNumber,
      state: 'closed',
      state_reason: reason,
    })
  await retryTransient(repo, `closing issue #${issueNumber}`, patch, log)
}

/**
 * Closes issue `issueNumber` as a duplicate of `canonical`, the way GitHub's own "Close as duplicate"
 * does: `state_reason: "duplicate"` with `duplicate_issue_id`, the canonical issue's `id` (not its
 * number), so GitHub shows the link on both issues. Returns false, having changed nothing, when the
 * server refuses that with a 422 (GitHub Enterprise versions before the duplicate reason); the caller
 * then closes another way. Retried like {@link closeIssue}.
 * https://docs.github.com/en/rest/issues/issues#update-an-issue
 */
export async function closeAsDuplicate(github: GitHub, repo: Repo, issueNumber: number, canonical: { readonly id: number }, log: Log): Promise<boolean> {
  const patch = () =>
    github.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', {
      owner: repo.owner,
      repo: repo.repo,
      issue_number: issueNumber,
      state: 'closed',
      state_reason: 'duplicate',
      duplicate_issue_id: canonical.id,
    })
  try {
    await retryTransient(repo, `closing issue #${issueNumber} as a duplicate`, patch, log)
    return true
  } catch (error) {
    if ((error as { status?: number }).status === 422) return false
    throw error
  }
}
