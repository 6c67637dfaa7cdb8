// Concurrent reporters for the same failure can all see an empty list and all create. GitHub offers no
// lock, but issue numbers are handed out in commit order, so every run that looks after its own create
// sees the lowest-numbered match and agrees on it: that one stays open, every other run closes its own.
// A loser costs two writes, its create and its close as a duplicate (which GitHub shows on both issues);
// only a server that refuses the duplicate reason costs a third, the "Duplicate of" comment.
import { closeAsDuplicate, closeIssue, type Repo } from '../tracker/github/close.ts'
import type { ListedIssue } from './dedup.ts'
import { describeError, type GitHub } from '../tracker/github/client.ts'
import type { Log } from './log.ts'


/**
 * The comment left on an issue closed in favour of `survivor` where the server cannot close it as a
 * duplicate. GitHub marks an issue whose comment starts with "Duplicate of #n" as that issue's duplicate.
 * https://docs.github.com/en/issues/tracking-your-work-with-issues/administering-issues/marking-issues-or-pull-requests-as-a-duplicate
 */
export function duplicateComment(survivor: ListedIssue): string {
  return (
    `Duplicate of #${survivor.number}\n\n` +
    'Another run of the deploy-failure reporter filed the same failure at the same time; the report is kept there.'
  )
}

/**
 * Called after this run created `own`. `recheck` lists again and returns the lowest-numbered open match.
 * When that is an older issue, closes `own` as its duplicate (`state_reason: "duplicate"`); where the
 * server refuses that, comments a link to it on `own` and closes `own` as not planned. Returns the
 * survivor; otherwise returns `own`. Never throws: a failed look or close leaves `own` open
 * with a `[WARN]`, since a second open issue is better than a lost report.
 */
export async function converge(
  github: GitHub,
  repo: Repo,
  own: ListedIssue,
  recheck: () => Promise<ListedIssue | undefined>,
  log: Log,
): Promise<ListedIssue> {
  let survivor: ListedIssue | undefined
  try {
    survivor = await recheck()
  } catch (error) {
    log.warn(`Could not look for issues filed at the same time, so #${own.number} stays open (${describeError(error)})`)
    return own
  }
  // Nothing older, or a lagging read that does not show even our own issue yet.
  if (!survivor || survivor.number >= own.number) return own

  try {
    const closed = survivor.id !== undefined && (await closeAsDuplicate(github, repo, own.number, { id: Number(survivor.id) }, log))
    if (!closed) {
      await github.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: repo.owner,
        repo: repo.repo,
        issue_number: own.number,
        body: duplicateComment(survivor),
      })
      await closeIssue(github, repo, own.number, 'not_planned', log)
    }
  } catch (cause) {
    log.warn(`Could not close #${own.number} as a duplicate of #${survivor.number}; close it by hand (${describeError(cause)})`)
    return own
  }
  return survivor
}
