// Concurrent reporters for the same failure can all see an empty list and all create. Trackers offer no
// lock, but issue numbers are handed out in commit order, so every run that looks after its own create
// sees the lowest-numbered match and agrees on it: that one stays open, every other run closes its own.
// A loser costs two writes, its create and its close as a duplicate (which GitHub shows on both issues);
// only a tracker that refuses the duplicate reason (GitLab, which has none; an older GitHub Enterprise)
// costs a third, the "Duplicate of" comment.
import { ApiError, DuplicateRefused } from '../errors.ts'
import { closeIssue, type RetrySettings } from './close.ts'
import type { Log } from '../log.ts'
import type { Issue, Tracker } from '../tracker.ts'
import { describeError } from '../retry/transient.ts'

/**
 * The comment left on an issue closed in favour of `survivor` where the server cannot close it as a
 * duplicate. GitHub marks an issue whose comment starts with "Duplicate of #n" as that issue's duplicate.
 * https://docs.github.com/en/issues/tracking-your-work-with-issues/administering-issues/marking-issues-or-pull-requests-as-a-duplicate
 */
export function duplicateComment(survivor: Pick<Issue, 'number'>): string {
  return (
    `Duplicate of #${survivor.number}\n\n` +
    'Another run of the deploy-failure reporter filed the same failure at the same time; the report is kept there.'
  )
}

/**
 * Called after this run created `own`. `recheck` lists again and returns the lowest-numbered open match.
 * When that is an older issue, closes `own` as its duplicate; where the tracker refuses that (a 422) or
 * cannot name the survivor ({@link DuplicateRefused}), comments a link to it on `own` and closes `own` as
 * not planned. Returns the survivor; otherwise returns `own`. Never throws: a failed look or close leaves
 * `own` open with a `[WARN]`, since a second open issue is better than a lost report.
 */
export async function converge(
  tracker: Tracker,
  retry: RetrySettings,
  own: Issue,
  recheck: () => Promise<Issue | undefined>,
  log: Log,
): Promise<Issue> {
  let survivor: Issue | undefined
  try {
    survivor = await recheck()
  } catch (error) {
    log.warn(`Could not look for issues filed at the same time, so #${own.number} stays open (${describeError(error)})`)
    return own
  }
  // Nothing older, or a lagging read that does not show even our own issue yet.
  if (!survivor || survivor.number >= own.number) return own

  try {
    try {
      await closeIssue(tracker, retry, own.number, { duplicateOf: survivor }, log)
    } catch (error) {
      // A server that does not know the duplicate reason (GitHub Enterprise before it) refuses it, and an
      // original without a usable id cannot be named by it.
      if (!(error instanceof DuplicateRefused || (error instanceof ApiError && error.status === 422))) throw error
      await tracker.addComment(own.number, duplicateComment(survivor))
      await closeIssue(tracker, retry, own.number, 'not_planned', log)
    }
  } catch (cause) {
    log.warn(`Could not close #${own.number} as a duplicate of #${survivor.number}; close it by hand (${describeError(cause)})`)
    return own
  }
  return survivor
}
