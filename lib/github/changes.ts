// What changed since the last good deploy, read from GitHub through the same throttled Octokit client as
// every other call: the last good deploy from lib/github/last-good.ts; the commits from compare; their pull
// requests from one listing of the recently merged ones, read beside the search (lib/core/merged-pulls.ts
// matches them to the commits). https://docs.github.com/en/rest/commits/commits#compare-two-commits
//
// Why not GraphQL's associatedPullRequests: plugin-throttling paces every GraphQL request as a write
// (https://github.com/octokit/plugin-throttling.js, src/wrap-request.ts), so a query before the issue's
// create held the create back a full second (npm run bench, bench/changes.mts); its maintainers declined a
// switch for it (octokit/plugin-throttling.js#380). A REST listing is a read, paced by nothing.
import { mergedPullLookup } from '../core/merged-pulls.ts'
import { BaseGone, type ChangeCommit, type ChangesService, type ChangeStatus, type Comparison, type PullLookup } from '../core/changes.ts'
import { ApiError } from '../core/errors.ts'
import { cannot, isSha, PERMISSION, unexpected, withSignal, type GitHubCode } from './changes-read.ts'
import type { GitHub } from './client.ts'
import { deploymentSource, runSource } from './last-good.ts'

/** Commits per compare page: GitHub's largest. */
const PAGE = 100

interface CompareCommit {
  readonly sha?: unknown
  readonly commit?: { readonly message?: unknown; readonly author?: { readonly name?: unknown } | null }
  readonly author?: { readonly login?: unknown } | null
  readonly parents?: readonly { readonly sha?: unknown }[]
}

const commitOf = (c: CompareCommit): ChangeCommit => {
  if (!isSha(c.sha) || typeof c.commit?.message !== 'string') throw unexpected('the comparison')
  const name = typeof c.commit.author?.name === 'string' ? c.commit.author.name : 'unknown'
  const login = typeof c.author?.login === 'string' ? c.author.login : undefined
  const parents = Array.isArray(c.parents) ? c.parents.map((p) => p.sha).filter(isSha).map((sha) => sha.toLowerCase()) : []
  return { sha: c.sha.toLowerCase(), subject: c.commit.message.split('\n', 1)[0]!, author: name, ...(login ? { login } : {}), parents }
}

const STATUSES: readonly ChangeStatus[] = ['ahead', 'behind', 'diverged', 'identical']

// The last page's number from a `link` header, when there are more pages.
const lastPage = (link: unknown): number | undefined => {
  const match = typeof link === 'string' ? /[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link) : null
  return match ? Number(match[1]) : undefined
}

/**
 * Compares `base...head`: the first page, and when there are more, the last two together, so that at least
 * the newest hundred commits are listed (the last page alone may hold one) and matched to pull requests.
 * https://docs.github.com/en/rest/commits/commits#compare-two-commits
 */
async function compare(github: GitHub, code: GitHubCode, base: string, head: string, signal: AbortSignal): Promise<Comparison & { url?: string }> {
  const { owner, repo } = code
  const page = (n: number) =>
    github.request('GET /repos/{owner}/{repo}/compare/{basehead}', { owner, repo, basehead: `${base}...${head}`, per_page: PAGE, page: n, ...withSignal(signal) })
  let first: Awaited<ReturnType<typeof page>>
  try {
    first = await page(1)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new BaseGone(base, { cause: error })
    throw cannot(`the comparison of ${base.slice(0, 7)}...${head.slice(0, 7)}`, error, PERMISSION.contents)
  }
  const data = first.data as { status?: unknown; total_commits?: unknown; behind_by?: unknown; commits?: unknown; html_url?: unknown }
  if (!STATUSES.includes(data.status as ChangeStatus) || !Number.isInteger(data.total_commits) || !Array.isArray(data.commits)) throw unexpected('the comparison')
  let commits = (data.commits as CompareCommit[]).map(commitOf)
  const last = lastPage(first.headers.link)
  if (last !== undefined && last > 1) {
    try {
      // The page before the last is the first page itself when there are two: no request for it then.
      const tail = await Promise.all([last - 1, last].map(async (n) => (n === 1 ? data : ((await page(n)).data as { commits?: unknown }))))
      if (!tail.every((part) => Array.isArray(part.commits))) throw unexpected('the comparison')
      commits = tail.flatMap((part) => (part.commits as CompareCommit[]).map(commitOf))
    } catch (error) {
      throw cannot(`the comparison of ${base.slice(0, 7)}...${head.slice(0, 7)}`, error, PERMISSION.contents)
    }
  }
  return {
    status: data.status as ChangeStatus,
    // GitHub lists them oldest first.
    commits: commits.reverse(),
    total: data.total_commits as number,
    behindBy: Number.isInteger(data.behind_by) ? (data.behind_by as number) : 0,
    ...(typeof data.html_url === 'string' ? { url: data.html_url } : {}),
  }
}

/** Merged pull requests are read from this many of the most recently updated closed ones: GitHub's largest page. */
export const RECENT_PULLS = 100

interface ListedPull {
  readonly number?: unknown
  readonly title?: unknown
  readonly html_url?: unknown
  readonly merged_at?: unknown
  readonly merge_commit_sha?: unknown
  readonly user?: { readonly login?: unknown } | null
}

/**
 * The pull requests of commits: one listing of the most recently updated closed pull requests, started as
 * the search begins, whose merge commits are matched to the compared commits. A pull request merged since
 * the last good deploy was updated since, so it is among them unless a hundred others were updated later.
 */
function recentPulls(github: GitHub, code: GitHubCode): PullLookup {
  return mergedPullLookup(async (signal) => {
    let data: unknown
    try {
      ;({ data } = await github.request('GET /repos/{owner}/{repo}/pulls', { owner: code.owner, repo: code.repo, state: 'closed', sort: 'updated', direction: 'desc', per_page: RECENT_PULLS, ...withSignal(signal) }))
    } catch (error) {
      throw cannot('the pull requests', error, PERMISSION.pulls)
    }
    if (!Array.isArray(data)) throw unexpected('the list of pull requests')
    // An unmerged pull request's merge_commit_sha is a test merge that never reached the branch.
    return (data as ListedPull[]).flatMap((p) => {
      if (!Number.isInteger(p.number) || typeof p.title !== 'string' || typeof p.html_url !== 'string') throw unexpected('the list of pull requests')
      if (typeof p.merged_at !== 'string' || !isSha(p.merge_commit_sha)) return []
      return [{ number: p.number as number, title: p.title, url: p.html_url, author: typeof p.user?.login === 'string' ? p.user.login : null, mergeSha: p.merge_commit_sha }]
    })
  })
}

/** The web address of a GitHub API: api.github.com's is github.com; a server's `/api/v3` is its own root. */
export function gitHubWebUrl(apiUrl: string): string {
  const url = new URL(apiUrl)
  if (url.hostname === 'api.github.com') return 'https://github.com'
  return `${url.origin}${url.pathname.replace(/\/api\/v3\/?$/, '').replace(/\/+$/, '')}`
}

/** What changed, read from GitHub for `code` through `github` (the tracker's client). */
export function gitHubChanges(github: GitHub, code: GitHubCode): ChangesService {
  const compareUrl = (base: string, head: string) => `${code.webUrl}/${code.owner}/${code.repo}/compare/${base}...${head}`
  return {
    service: 'GitHub',
    sources: [deploymentSource(github, code), ...(code.runId ? [runSource(github, code, code.runId)] : [])],
    remote: { name: 'GitHub compare', compare: (base, head, signal) => compare(github, code, base, head, signal) },
    pulls: recentPulls(github, code),
    compareUrl,
    permissionHint: 'deployments: read, actions: read, contents: read, pull-requests: read',
  }
}
