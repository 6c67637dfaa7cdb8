// What changed since the last good deploy, read from GitHub through the same throttled Octokit client as
// every other call: the last good deploy from the environment's deployments (a `success` anywhere in a
// deployment's statuses: a superseded one's latest status is `inactive`), else from the newest successful
// run of this workflow on this branch; the commits from compare; their pull requests from one listing of the
// recently merged ones, read beside the search (lib/core/merged-pulls.ts matches them to the commits).
// https://docs.github.com/en/rest/deployments/deployments, https://docs.github.com/en/rest/commits/commits#compare-two-commits
//
// Why not GraphQL's associatedPullRequests: plugin-throttling paces every GraphQL request as a write
// (https://github.com/octokit/plugin-throttling.js, src/wrap-request.ts), so a query before the issue's
// create held the create back a full second (npm run bench, bench/changes.mts); its maintainers declined a
// switch for it (octokit/plugin-throttling.js#380). A REST listing is a read, paced by nothing.
import { mergedPullLookup } from '../core/merged-pulls.ts'
import { BaseGone, ChangesUnavailable, type ChangeCommit, type ChangesService, type ChangeStatus, type Comparison, type LastGood, type LastGoodSource, type NoneAmong, type PullLookup } from '../core/changes.ts'
import { ApiError } from '../core/errors.ts'
import { describeError } from '../core/retry/transient.ts'
import type { GitHub } from './client.ts'

/** The repository whose code was deployed, and where its run is. */
export interface GitHubCode {
  readonly owner: string
  readonly repo: string
  readonly environment: string
  /** This run's commit. */
  readonly head: string
  /**
   * GITHUB_RUN_ID, in GitHub Actions: its workflow and branch find the last successful run, and its
   * start tells this run's own deployment of `head` from an earlier one.
   */
  readonly runId?: string
  /** The web address the API belongs to (https://github.com, or a GitHub Enterprise Server's). */
  readonly webUrl: string
}

/** Deployments whose statuses are read, newest first; a deploy pipeline's last good one is rarely further back. */
export const MAX_DEPLOYMENTS = 10
// Statuses are read this many deployments at a time: the newest is usually this run's own, the next the good one.
const STATUS_BATCH = 5
/** Commits per compare page: GitHub's largest. */
const PAGE = 100

const PERMISSION = {
  deployments: 'give the workflow `permissions: deployments: read` (once any permission is listed, unlisted ones are none)',
  actions: 'give the workflow `permissions: actions: read`',
  contents: 'give the workflow `permissions: contents: read`',
  pulls: 'give the workflow `permissions: pull-requests: read`',
} as const

// What a failed request means here, with the fix: a 403 is a missing permission.
function cannot(what: string, error: unknown, fix: string): ChangesUnavailable {
  if (error instanceof ChangesUnavailable) return error
  const status = error instanceof ApiError ? error.status : undefined
  if (status === 403) return new ChangesUnavailable(`GitHub refused to let the token read ${what} (HTTP 403)`, fix, { status, cause: error })
  if (status === 404) return new ChangesUnavailable(`GitHub answered HTTP 404 for ${what}: it does not exist, or the token may not see it`, fix, { status, cause: error })
  return new ChangesUnavailable(`${what}: ${describeError(error)}`, '', { ...(status === undefined ? {} : { status }), cause: error })
}

const unexpected = (what: string) => new ChangesUnavailable(`GitHub answered ${what} in a shape this tool does not know`, 'if GitHub changed its API, please report it')

const SHA = /^[0-9a-f]{40,64}$/i
const isSha = (value: unknown): value is string => typeof value === 'string' && SHA.test(value)
const dateOf = (value: unknown): Date | undefined => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined)
// Octokit's request options are not in every route's parameter types, though every request takes them.
const withSignal = (signal: AbortSignal) => ({ request: { signal } }) as object
// A deployment of `head` (which may be abbreviated).
const isOf = (head: string) => (d: { sha?: unknown }) => (d.sha as string).toLowerCase().startsWith(head.toLowerCase())

interface RunRecord {
  readonly workflow_id?: unknown
  readonly head_branch?: unknown
  readonly run_started_at?: unknown
}

// This run's record: its workflow and branch, and when its latest attempt started.
// https://docs.github.com/en/rest/actions/workflow-runs#get-a-workflow-run
async function readRun(github: GitHub, code: GitHubCode, runId: string, signal: AbortSignal): Promise<RunRecord> {
  try {
    const { data } = await github.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { owner: code.owner, repo: code.repo, run_id: Number(runId), exclude_pull_requests: true, ...withSignal(signal) })
    return data as RunRecord
  } catch (error) {
    throw cannot(`run ${runId} of ${code.owner}/${code.repo}`, error, PERMISSION.actions)
  }
}

/**
 * Whether a deployment is this run's own, in GitHub Actions. A deploy job (`environment:`) that succeeded
 * before a later job of the same run failed (a smoke test) is the newest good deployment, of this very
 * commit: taken, the section said "no code change" of every such failure. GitHub's deployments name no
 * run (nor is it documented what GitHub Actions puts in a status's `log_url`), but GitHub Actions creates
 * a deployment when a job that references an environment runs (unless it says `deployment: false`), and
 * the run's `run_started_at` is "the start time of the latest run. Resets on re-run": a deployment of
 * `head` created at or after it was made by this attempt. An earlier deployment of `head` (a redeploy of
 * a commit that went out fine before) is still a good deploy, and says, rightly, that nothing changed; so
 * is another commit's, made meanwhile by another run. The run is read once, and only when a deployment
 * of `head` proves good: the usual failure, a deploy job that failed, costs no request.
 * https://docs.github.com/en/rest/deployments/deployments#list-deployments,
 * https://docs.github.com/en/rest/actions/workflow-runs#get-a-workflow-run (`run_started_at`),
 * https://docs.github.com/en/actions/how-tos/write-workflows/choose-what-workflows-do/deploy-to-environment
 */
function ownDeployment(github: GitHub, code: GitHubCode, signal: AbortSignal): (d: { sha?: unknown; created_at?: unknown }) => Promise<boolean> {
  const ofHead = isOf(code.head)
  let started: Promise<Date | undefined> | undefined
  return async (d) => {
    // Outside GitHub Actions no run is known: every deployment counts, as it always has.
    const created = dateOf(d.created_at)
    if (code.runId === undefined || !ofHead(d) || !created) return false
    // `run_started_at` is optional in the description: without it, nothing is this run's, as before.
    started ??= readRun(github, code, code.runId, signal).then((run) => dateOf(run.run_started_at))
    const since = await started
    return since !== undefined && created >= since
  }
}

/** The newest deployment of `code.environment` with a `success` among its statuses; null when there are deployments but none succeeded. */
function deploymentSource(github: GitHub, code: GitHubCode): LastGoodSource {
  const { owner, repo } = code
  return {
    name: 'GitHub deployments',
    async find(signal, candidate) {
      let deployments: unknown
      let link: unknown
      try {
        ;({ data: deployments, headers: { link } } = await github.request('GET /repos/{owner}/{repo}/deployments', { owner, repo, environment: code.environment, per_page: MAX_DEPLOYMENTS, ...withSignal(signal) }))
      } catch (error) {
        throw cannot(`the deployments of ${owner}/${repo}`, error, PERMISSION.deployments)
      }
      if (!Array.isArray(deployments)) throw unexpected('the list of deployments')
      const list = deployments as { id?: unknown; sha?: unknown; created_at?: unknown }[]
      if (!list.every((d) => Number.isInteger(d.id) && isSha(d.sha))) throw unexpected('the list of deployments')
      // No deployments recorded: the workflow's runs are asked next.
      if (!list.length) return undefined
      // The newest deployment of another commit is most often the last good one (this run's own is of head).
      const ofHead = isOf(code.head)
      const likely = list.find((d) => !ofHead(d))
      if (likely) candidate?.((likely.sha as string).toLowerCase())
      const isOwn = ownDeployment(github, code, signal)
      for (let i = 0; i < list.length; i += STATUS_BATCH) {
        const batch = list.slice(i, i + STATUS_BATCH)
        const found = await Promise.all(batch.map((d) => successOf(github, code, d.id as number, signal)))
        for (const [n, at] of found.entries()) {
          if (at === false || (await isOwn(batch[n]!))) continue
          return { sha: (batch[n]!.sha as string).toLowerCase(), source: 'GitHub deployments', ...(at ? { at } : {}) } satisfies LastGood
        }
      }
      // Only the first page was read: with a next one, older deployments were left unread.
      return hasNext(link) ? ({ among: { count: list.length, of: 'deployments' } } satisfies NoneAmong) : null
    },
  }
}

// When deployment `id` succeeded (its `success` status's time), or false when none of its statuses is `success`.
async function successOf(github: GitHub, code: GitHubCode, id: number, signal: AbortSignal): Promise<Date | undefined | false> {
  let statuses: unknown
  try {
    ;({ data: statuses } = await github.request('GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses', { owner: code.owner, repo: code.repo, deployment_id: id, per_page: 100, ...withSignal(signal) }))
  } catch (error) {
    throw cannot(`the statuses of deployment ${id}`, error, PERMISSION.deployments)
  }
  if (!Array.isArray(statuses)) throw unexpected('the statuses of a deployment')
  const success = (statuses as { state?: unknown; created_at?: unknown }[]).find((s) => s.state === 'success')
  return success ? dateOf(success.created_at) : false
}

/** The newest successful run of this run's workflow on its branch (GITHUB_RUN_ID names both). */
function runSource(github: GitHub, code: GitHubCode, runId: string): LastGoodSource {
  const { owner, repo } = code
  return {
    name: 'GitHub Actions runs',
    async find(signal) {
      const run = await readRun(github, code, runId, signal)
      if (!Number.isInteger(run.workflow_id) || typeof run.head_branch !== 'string') throw unexpected('the run')
      let runs: { workflow_runs?: unknown }
      try {
        ;({ data: runs } = await github.request('GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', {
          owner,
          repo,
          workflow_id: run.workflow_id as number,
          branch: run.head_branch,
          status: 'success',
          per_page: 1,
          exclude_pull_requests: true,
          ...withSignal(signal),
        }))
      } catch (error) {
        throw cannot(`the runs of workflow ${String(run.workflow_id)}`, error, PERMISSION.actions)
      }
      if (!Array.isArray(runs.workflow_runs)) throw unexpected('the list of workflow runs')
      const [last] = runs.workflow_runs as { head_sha?: unknown; updated_at?: unknown; id?: unknown }[]
      if (!last) return null
      if (!isSha(last.head_sha)) throw unexpected('the list of workflow runs')
      const at = dateOf(last.updated_at)
      return { sha: last.head_sha.toLowerCase(), source: 'GitHub Actions runs', ...(at ? { at } : {}) }
    },
  }
}

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

// Whether a `link` header names a next page. https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api
const hasNext = (link: unknown): boolean => typeof link === 'string' && /;\s*rel="next"/.test(link)

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
