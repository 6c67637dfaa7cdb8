// The read-only history reads of the GitHub tracker, for `stats`: every labelled issue (open and closed)
// with its comment count, and the deployments of an environment. Both through the same throttled
// Octokit client and its paginate plugin, so tokens, proxies, retries and rate-limit waits are as for
// every other call; a page that cannot be read throws, so a history is never cut short silently.
import { countInWindow } from '../core/stats/deploy-window.ts'
import type { Tracker } from '../core/tracker.ts'
import { ApiError } from '../core/errors.ts'
import type { GitHub } from './client.ts'
import { issuePages, type GitHubRepo } from './issues.ts'

/** `history` and `countDeploys` of the GitHub tracker for `repo`. */
export function gitHubHistory(github: GitHub, repo: GitHubRepo): Required<Pick<Tracker, 'history' | 'countDeploys'>> {
  const where = { owner: repo.owner, repo: repo.repo }
  return {
    // Oldest first by creation: an issue filed while the pages are read lands after them, never shifting
    // one out of a page not yet read. `since` keeps issues updated at or after it (a close is an update).
    async *history({ label, since }) {
      yield* issuePages(github, repo, { state: 'all', label, sort: 'created', direction: 'asc', since })
    },

    // A workflow job with an `environment` records a deployment for each attempt, good or failed, so the
    // records count attempts. Newest first: reading stops at the first one older than the period. Their
    // statuses are not read: one more request per deployment would dwarf the whole history's cost.
    // https://docs.github.com/en/rest/deployments/deployments#list-deployments
    // A token that may not read deployments (403) leaves the rate unknown rather than failing the figures.
    async countDeploys({ environment, since, until }) {
      let count: number
      const pages = github.paginate.iterator('GET /repos/{owner}/{repo}/deployments', { ...where, environment, per_page: 100 })
      try {
        count = await countInWindow(pages, since, until)
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return { count: 0, includesFailed: true, refused: `HTTP ${error.status}: ${error.message}; the token needs read access to deployments` }
        throw error
      }
      return { count, includesFailed: true }
    },
  }
}
