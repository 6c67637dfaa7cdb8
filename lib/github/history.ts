// The read-only history reads of the GitHub tracker, for `stats`: every labelled issue (open and closed)
// with its comment count, and the deployments of an environment with their latest statuses. Through the
// same throttled Octokit client (and its guarded listing, pages.ts), so tokens, proxies, retries and rate-limit
// waits are as for every other call; a page that cannot be read throws, so a history is never cut short
// silently.
import { countInWindow } from '../core/stats/deploy-window.ts'
import type { DeployCount, Tracker } from '../core/tracker.ts'
import { ApiError } from '../core/errors.ts'
import type { GitHub } from './client.ts'
import { gitHubPages } from './pages.ts'
import { graphql, type Answer } from './graphql.ts'
import { guardedCursorPages } from '../http/paginate.ts'
import { issuePages, type GitHubRepo } from './issues.ts'

// A workflow job with an `environment` records a deployment for each attempt, good or failed, and sets
// its status. GraphQL gives each deployment's latest status with it, 100 deployments a request: the same
// requests as listing them over REST, where the statuses would cost one more request per deployment.
// Newest first: reading stops at the first page that reaches back before the period.
// https://docs.github.com/en/graphql/reference/objects#deployment
const DEPLOYMENTS = `query($owner: String!, $repo: String!, $environment: String!, $after: String) {
  repository(owner: $owner, name: $repo) {
    deployments(first: 100, after: $after, environments: [$environment], orderBy: {field: CREATED_AT, direction: DESC}) {
      nodes { createdAt latestStatus { state } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`

interface Deployments {
  readonly nodes: readonly { readonly createdAt: string; readonly latestStatus: { readonly state: string } | null }[]
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null }
}

interface DeploymentPage {
  readonly repository: { readonly deployments: Deployments } | null
}

// An attempt that finished: it failed (FAILURE, ERROR) or succeeded (SUCCESS; INACTIVE is a success a
// later one superseded). Queued, pending, waiting or running ones, and those without a status, are left out.
// https://docs.github.com/en/graphql/reference/enums#deploymentstatusstate
const FAILED = new Set(['FAILURE', 'ERROR'])
const FINISHED = new Set([...FAILED, 'SUCCESS', 'INACTIVE'])

/** The finished deployments of the period and the failed among them, or why their statuses could not be read. */
type StatusCount = { readonly count: number; readonly failed: number } | { readonly unread: string }

async function countByStatus(github: GitHub, repo: GitHubRepo, environment: string, since: Date, until: Date): Promise<StatusCount> {
  let count = 0
  let failed = 0
  // Through the same guard as every listing (lib/http/paginate.ts): a server that names a cursor already
  // sent, or lists past the cap, ends the count with one [WARN] and the pages read, never counted twice.
  const read = (after: string | null) => graphql<DeploymentPage>(github, DEPLOYMENTS, { owner: repo.owner, repo: repo.repo, environment, after })
  const next = (answer: Answer<DeploymentPage>) => {
    const pageInfo = 'problem' in answer ? undefined : answer.data.repository?.deployments.pageInfo
    return (pageInfo?.hasNextPage && pageInfo.endCursor) || undefined
  }
  try {
    for await (const answer of guardedCursorPages(read, next, { what: `the deployments of ${environment}`, log: github.log })) {
      if ('problem' in answer) return { unread: `GraphQL: ${answer.problem.type ?? 'error'}: ${answer.problem.message ?? ''}`.trim() }
      const deployments: Deployments | undefined = answer.data.repository?.deployments
      if (!deployments) return { unread: 'GraphQL found no repository' }
      let older = false
      for (const node of deployments.nodes) {
        const at = new Date(node.createdAt)
        if (at < since) older = true
        else if (at < until && FINISHED.has(node.latestStatus?.state ?? '')) {
          count++
          if (FAILED.has(node.latestStatus!.state)) failed++
        }
      }
      if (older) break
    }
  } catch (error) {
    // No GraphQL here (an older GitHub Enterprise Server), or not for this token.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) return { unread: `GraphQL answered HTTP ${error.status}` }
    throw error
  }
  return { count, failed }
}

/** `history` and `countDeploys` of the GitHub tracker for `repo`. */
export function gitHubHistory(github: GitHub, repo: GitHubRepo): Required<Pick<Tracker, 'history' | 'countDeploys'>> {
  const where = { owner: repo.owner, repo: repo.repo }
  return {
    // Oldest first by creation: an issue filed while the pages are read lands after them, never shifting
    // one out of a page not yet read. `since` keeps issues updated at or after it (a close is an update).
    async *history({ label, since }) {
      yield* issuePages(github, repo, { state: 'all', label, sort: 'created', direction: 'asc', since })
    },

    // Their statuses through GraphQL; where GraphQL will not answer, the deployments alone over REST
    // (https://docs.github.com/en/rest/deployments/deployments#list-deployments), and the rate counts
    // failed runs, saying why. A token that may not read deployments (403) leaves the rate unknown
    // rather than failing the figures.
    async countDeploys({ environment, since, until }): Promise<DeployCount> {
      const byStatus = await countByStatus(github, repo, environment, since, until)
      if (!('unread' in byStatus)) return { count: byStatus.count, failed: byStatus.failed, includesFailed: true }
      let count: number
      const pages = gitHubPages<{ created_at: string }>(github, 'GET /repos/{owner}/{repo}/deployments', { ...where, environment, per_page: 100 }, { what: `the deployments of ${environment}` })
      try {
        count = await countInWindow(pages, since, until)
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return { count: 0, includesFailed: true, refused: `HTTP ${error.status}: ${error.message}; the token needs read access to deployments` }
        throw error
      }
      return { count, includesFailed: true, statusesUnread: byStatus.unread }
    },
  }
}
