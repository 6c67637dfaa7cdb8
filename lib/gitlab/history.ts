// The read-only history reads of the GitLab tracker, for `stats`: every labelled issue (opened and
// closed) with its count of people's notes, and the deployments of an environment with their status. Through the same
// client as every other GitLab call (token, proxy, retries, rate-limit waits); a page that cannot be
// read throws, so a history is never cut short silently. https://docs.gitlab.com/api/issues/,
// https://docs.gitlab.com/api/deployments/
import type { DeployCount, Issue, Tracker } from '../core/tracker.ts'
import { ApiError } from '../core/errors.ts'
import type { GitLab } from './client.ts'
import { toIssue, type GitLabIssue } from './issues.ts'

/** `history` and `countDeploys` of the GitLab tracker for the project at `projectPath` (`/projects/<id>`). */
export function gitLabHistory(client: GitLab, projectPath: string, seen: (issue: GitLabIssue) => Issue = toIssue): Required<Pick<Tracker, 'history' | 'countDeploys'>> {
  return {
    // No `state` lists opened and closed ones; toIssue reads `user_notes_count`, which leaves GitLab's own system notes out.
    async *history({ label, since }) {
      const query = { labels: label, per_page: 100, order_by: 'created_at', sort: 'asc', updated_after: since.toISOString() }
      for await (const page of client.pages<GitLabIssue>(`${projectPath}/issues`, query)) yield page.data.map(seen)
    },

    // Every deployment with its `status`, 100 a page: the finished ones (success, failed) are the
    // attempts, the failed ones the failures; created, running, canceled, skipped or blocked ones are
    // not counted. Newest first: reading stops at the first page reaching back before the period.
    // A project without environments, or a token that may not read them (403, 404), leaves the rate unknown.
    async countDeploys({ environment, since, until }): Promise<DeployCount> {
      let count = 0
      let failed = 0
      const query = { environment, order_by: 'created_at', sort: 'desc', per_page: 100 }
      try {
        for await (const page of client.pages<{ created_at: string; status: string }>(`${projectPath}/deployments`, query)) {
          let older = false
          for (const d of page.data) {
            const at = new Date(d.created_at)
            if (at < since) older = true
            else if (at < until && (d.status === 'success' || d.status === 'failed')) {
              count++
              if (d.status === 'failed') failed++
            }
          }
          if (older) break
        }
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return { count: 0, includesFailed: true, refused: `HTTP ${error.status}: ${error.message}; the token needs read_api and the project its environments` }
        throw error
      }
      return { count, failed, includesFailed: true }
    },
  }
}
