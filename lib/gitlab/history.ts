// The read-only history reads of the GitLab tracker, for `stats`: every labelled issue (opened and
// closed) with its count of people's notes, and the good deploys of an environment. Through the same
// client as every other GitLab call (token, proxy, retries, rate-limit waits); a page that cannot be
// read throws, so a history is never cut short silently. https://docs.gitlab.com/api/issues/,
// https://docs.gitlab.com/api/deployments/
import { countInWindow } from '../core/stats/deploy-window.ts'
import type { Issue, Tracker } from '../core/tracker.ts'
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

    // Good deploys only (`status=success`): a failed one is a failed run the issues already count.
    // Newest first: reading stops at the first page reaching back before the period.
    // A project without environments, or a token that may not read them (403, 404), leaves the rate unknown.
    async countDeploys({ environment, since, until }) {
      let count: number
      const query = { environment, status: 'success', order_by: 'created_at', sort: 'desc', per_page: 100 }
      try {
        count = await countInWindow(client.pages<{ created_at: string }>(`${projectPath}/deployments`, query), since, until)
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return { count: 0, includesFailed: false, refused: `HTTP ${error.status}: ${error.message}; the token needs read_api and the project its environments` }
        throw error
      }
      return { count, includesFailed: false }
    },
  }
}
