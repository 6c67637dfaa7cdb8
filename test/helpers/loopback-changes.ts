// What changed, on the loopback GitHub and GitLab: a repository's commit graph, deployments with their
// statuses, this run and its attempts, a workflow's successful runs, compare (paged as GitHub pages it: oldest first, `link` with
// rel="next" and rel="last"), the recently updated closed pull requests with their merge commits, and
// GitLab's deployments, compare and merged merge requests. Each route refuses what the service
// refuses (GitHub's OpenAPI description, @octokit/openapi-types; GitLab's, /work/shared/reference/gitlab-openapi),
// so a request the real API would turn away fails here too. Hooked in through the fakes' extraRoutes.
import type { components } from '@octokit/openapi-types'
import type { LoopbackGitHub, Recorded } from './loopback-github.ts'
import type { LoopbackGitLab } from './loopback-gitlab.ts'

type Answer = { status: number; body: unknown; headers?: Record<string, string> }
type Schemas = components['schemas']

/** One commit of the seeded history; `parents` name earlier commits. */
export interface SeedCommit {
  readonly sha: string
  readonly parents: readonly string[]
  readonly message: string
  readonly author: string
  /** The author's account (GitHub login, GitLab username). */
  readonly login?: string
}

/** A pull (merge) request and the commits it brought. */
export interface SeedPull {
  readonly number: number
  readonly title: string
  readonly author: string | null
  readonly commits: readonly string[]
  /** The commit its merge left on the branch (merge_commit_sha); the newest of `commits` unless said. */
  readonly merge?: string
  /** Not merged (closed unmerged): GitHub still gives it a merge_commit_sha, of a test merge. */
  readonly unmerged?: boolean
}

/** A deployment of an environment and its statuses, newest status first (GitHub lists them so). */
export interface SeedDeployment {
  readonly sha: string
  readonly environment: string
  readonly createdAt: string
  readonly statuses: readonly ('success' | 'failure' | 'error' | 'inactive' | 'in_progress' | 'queued' | 'pending')[]
  /** GitLab: the pipeline of the job that deployed it (`deployable.pipeline.id`). */
  readonly pipelineId?: number
}

/** A repository's history for the changes routes. */
export interface SeedRepo {
  /** Oldest first. */
  readonly commits: readonly SeedCommit[]
  readonly pulls?: readonly SeedPull[]
  readonly deployments?: readonly SeedDeployment[]
  /**
   * The workflow this run belongs to, and its successful runs, newest first. `startedAt` is this run's
   * latest attempt's start (`run_started_at`, which resets on a re-run); the time the routes are served by default.
   * `earlierStarts` are the starts of its earlier attempts, oldest first: a re-run's run is attempt
   * `earlierStarts.length + 1`.
   */
  readonly workflow?: {
    readonly runId: number
    readonly workflowId: number
    readonly branch: string
    readonly successes: readonly { readonly headSha: string; readonly updatedAt: string }[]
    readonly startedAt?: string
    readonly earlierStarts?: readonly string[]
  }
}

/** A linear history of `count` commits with distinct full ids, oldest first; `c(i)` is the i-th id. */
export function linearHistory(count: number, author = (i: number) => ({ author: `Dev ${i % 3}`, login: `dev${i % 3}` })): SeedCommit[] {
  return Array.from({ length: count }, (_, i) => ({ sha: c(i), parents: i ? [c(i - 1)] : [], message: `Change ${i}\n\nbody ${i}`, ...author(i) }))
}

/** The i-th seeded commit id (40 hex digits). */
export const c = (i: number): string => (0x10000 + i).toString(16).padEnd(40, 'e')

// Every commit `sha` reaches, itself included.
function ancestors(repo: SeedRepo, sha: string): Set<string> {
  const bySha = new Map(repo.commits.map((commit) => [commit.sha, commit]))
  const seen = new Set<string>()
  const stack = [sha]
  while (stack.length) {
    const next = stack.pop()!
    if (seen.has(next) || !bySha.has(next)) continue
    seen.add(next)
    stack.push(...bySha.get(next)!.parents)
  }
  return seen
}

const find = (repo: SeedRepo, ref: string) => repo.commits.find((commit) => commit.sha === ref || (ref.length >= 7 && commit.sha.startsWith(ref)))

/** `head`'s commits that `base` lacks, oldest first, and how many of `base`'s `head` lacks. */
export function between(repo: SeedRepo, base: string, head: string): { ahead: SeedCommit[]; behindBy: number } {
  const [inBase, inHead] = [ancestors(repo, base), ancestors(repo, head)]
  return { ahead: repo.commits.filter((commit) => inHead.has(commit.sha) && !inBase.has(commit.sha)), behindBy: [...inBase].filter((sha) => !inHead.has(sha)).length }
}

// GitHub's own checks on the common paging parameters: whole numbers, per_page at most 100.
const pageOf = (r: Recorded, fallback: number): { perPage: number; page: number } | Answer => {
  const perPage = Number(r.query.get('per_page') ?? fallback)
  const page = Number(r.query.get('page') ?? 1)
  if (!Number.isInteger(perPage) || !Number.isInteger(page) || perPage < 1 || page < 1) return { status: 422, body: { message: 'Validation Failed' } }
  return { perPage: Math.min(perPage, 100), page }
}

// GitHub's `link` header for page `page` of `last`: next and last while there are more, first past the
// first; none for a single page. https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api
const githubLink = (base: string, r: Recorded, page: number, last: number): string | undefined => {
  const at = (n: number) => {
    const q = new URLSearchParams(r.query)
    q.set('page', String(n))
    return `<${base}${r.path}?${q}>`
  }
  const parts = [...(page < last ? [`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`] : []), ...(page > 1 ? [`${at(1)}; rel="first"`] : [])]
  return parts.length ? parts.join(', ') : undefined
}

const notFound = { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } }

// GitHub's enums for the pull request list (@octokit/openapi: pulls/list).
const PULL_STATE = ['open', 'closed', 'all']
const PULL_SORT = ['created', 'updated', 'popularity', 'long-running']

/** The newest of `shas` in the history. */
const newestOf = (repo: SeedRepo, shas: readonly string[]) => repo.commits.filter((commit) => shas.includes(commit.sha)).at(-1)?.sha ?? shas.at(-1)!

/** Where a pull request's merge left the branch: its merge commit, else the newest of its commits (a squash's or rebase's). */
const mergeOf = (repo: SeedRepo, pull: SeedPull) => pull.merge ?? newestOf(repo, pull.commits)

/** Serves `repo`'s changes routes on `gh`. */
export function serveGitHubChanges(gh: LoopbackGitHub, repo: SeedRepo): void {
  const base = `/repos/${gh.owner}/${gh.repo}`
  const servedAt = new Date().toISOString()
  gh.extraRoutes.push((r) => {
    if (r.method !== 'GET' || !r.path.startsWith(`${base}/`)) return undefined
    const rest = r.path.slice(base.length)

    if (rest === '/pulls') {
      const paging = pageOf(r, 30)
      if ('status' in paging) return paging
      const [state, sort, direction] = [r.query.get('state') ?? 'open', r.query.get('sort') ?? 'created', r.query.get('direction') ?? (r.query.get('sort') === 'created' || !r.query.has('sort') ? 'desc' : 'asc')]
      if (!PULL_STATE.includes(state) || !PULL_SORT.includes(sort) || !['asc', 'desc'].includes(direction)) return { status: 422, body: { message: 'Validation Failed' } }
      // Seeded pull requests are all closed; a higher number was updated later.
      const closed = state === 'open' ? [] : [...(repo.pulls ?? [])].sort((a, b) => (direction === 'desc' ? b.number - a.number : a.number - b.number))
      const at = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString()
      const list = closed.map((p) => ({
        number: p.number,
        title: p.title,
        state: 'closed',
        html_url: `${gh.url}/${gh.owner}/${gh.repo}/pull/${p.number}`,
        user: p.author === null ? null : { login: p.author },
        updated_at: at(p.number),
        closed_at: at(p.number),
        merged_at: p.unmerged ? null : at(p.number),
        merge_commit_sha: mergeOf(repo, p),
      }) satisfies Partial<Record<keyof Schemas['pull-request-simple'], unknown>>)
      return { status: 200, body: list.slice((paging.page - 1) * paging.perPage, paging.page * paging.perPage) }
    }
    if (rest === '/deployments') {
      const paging = pageOf(r, 30)
      if ('status' in paging) return paging
      const environment = r.query.get('environment')
      const list = [...(repo.deployments ?? [])]
        .filter((d) => environment === null || d.environment === environment)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map((d) => ({ id: deploymentId(repo, d), sha: d.sha, ref: 'main', task: 'deploy', environment: d.environment, created_at: d.createdAt, updated_at: d.createdAt }) satisfies Partial<Schemas['deployment']>)
      const link = githubLink(gh.url, r, paging.page, Math.max(1, Math.ceil(list.length / paging.perPage)))
      return { status: 200, body: list.slice((paging.page - 1) * paging.perPage, paging.page * paging.perPage), ...(link ? { headers: { link } } : {}) }
    }
    const statuses = /^\/deployments\/(\d+)\/statuses$/.exec(rest)
    if (statuses) {
      const paging = pageOf(r, 30)
      if ('status' in paging) return paging
      const deployment = (repo.deployments ?? []).find((d) => deploymentId(repo, d) === Number(statuses[1]))
      if (!deployment) return notFound
      const created = Date.parse(deployment.createdAt)
      // Newest first, each a minute after the one before it.
      const list = deployment.statuses.map((state, i) => ({ id: i + 1, state, created_at: new Date(created + (deployment.statuses.length - i) * 60_000).toISOString() }) satisfies Partial<Schemas['deployment-status']>)
      return { status: 200, body: list.slice((paging.page - 1) * paging.perPage, paging.page * paging.perPage) }
    }
    // The run, or one of its attempts (GET …/actions/runs/{run_id}/attempts/{attempt_number}): the same
    // record, of that attempt; GitHub answers 404 for an attempt the run has not had.
    const run = /^\/actions\/runs\/(\d+)(?:\/attempts\/(\d+))?$/.exec(rest)
    if (run) {
      const workflow = repo.workflow
      // Another helper's run (loopback-github-actions.ts) passes on to it.
      if (!workflow) return undefined
      if (Number(run[1]) !== workflow.runId) return notFound
      const starts = [...(workflow.earlierStarts ?? []), workflow.startedAt ?? servedAt]
      const attempt = run[2] === undefined ? starts.length : Number(run[2])
      if (attempt < 1 || attempt > starts.length) return notFound
      const latest = attempt === starts.length
      const record = {
        id: workflow.runId,
        workflow_id: workflow.workflowId,
        head_branch: workflow.branch,
        status: latest ? 'in_progress' : 'completed',
        conclusion: latest ? null : 'failure',
        run_attempt: attempt,
        run_started_at: starts[attempt - 1]!,
      } satisfies Partial<Schemas['workflow-run']>
      return { status: 200, body: record }
    }
    const runs = /^\/actions\/workflows\/([^/]+)\/runs$/.exec(rest)
    if (runs) {
      const workflow = repo.workflow
      if (!workflow) return undefined
      if (runs[1] !== String(workflow.workflowId)) return notFound
      const paging = pageOf(r, 30)
      if ('status' in paging) return paging
      // The status filter takes a run's status or conclusion; anything else is refused.
      const KNOWN = ['completed', 'action_required', 'cancelled', 'failure', 'neutral', 'skipped', 'stale', 'success', 'timed_out', 'in_progress', 'queued', 'requested', 'waiting', 'pending']
      const status = r.query.get('status')
      if (status !== null && !KNOWN.includes(status)) return { status: 422, body: { message: 'Validation Failed' } }
      const branch = r.query.get('branch')
      const list = status === 'success' && (branch === null || branch === workflow.branch) ? workflow.successes : []
      const page = list.slice((paging.page - 1) * paging.perPage, paging.page * paging.perPage)
      return { status: 200, body: { total_count: list.length, workflow_runs: page.map((s, i) => ({ id: 5_000 + i, head_sha: s.headSha, head_branch: workflow.branch, status: 'completed', conclusion: 'success', updated_at: s.updatedAt })) } }
    }
    const compare = /^\/compare\/(.+)$/.exec(rest)
    if (compare) {
      const [from, to, ...extra] = decodeURIComponent(compare[1]!).split('...')
      if (extra.length || !from || !to) return notFound
      const [baseCommit, headCommit] = [find(repo, from), find(repo, to)]
      if (!baseCommit || !headCommit) return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/commits/commits#compare-two-commits' } }
      const paged = r.query.has('per_page') || r.query.has('page')
      const paging = pageOf(r, 250)
      if ('status' in paging) return paging
      const { ahead, behindBy } = between(repo, baseCommit.sha, headCommit.sha)
      const status = ahead.length && behindBy ? 'diverged' : ahead.length ? 'ahead' : behindBy ? 'behind' : 'identical'
      // Without paging parameters GitHub lists at most 250 commits.
      const perPage = paged ? paging.perPage : 250
      const page = paged ? paging.page : 1
      const last = Math.max(1, Math.ceil(ahead.length / perPage))
      const headers: Record<string, string> = {}
      const link = paged ? githubLink(gh.url, r, page, last) : undefined
      if (link) headers.link = link
      const commits = ahead.slice((page - 1) * perPage, page * perPage).map((commit) => ({
        sha: commit.sha,
        commit: { message: commit.message, author: { name: commit.author, email: `${commit.author.replace(/\W/g, '.')}@example.com`, date: '2026-11-26T00:00:00Z' } },
        author: commit.login ? { login: commit.login } : null,
        parents: commit.parents.map((sha) => ({ sha })),
      }))
      const body = {
        status,
        ahead_by: ahead.length,
        behind_by: behindBy,
        total_commits: ahead.length,
        html_url: `${gh.url}/${gh.owner}/${gh.repo}/compare/${from}...${to}`,
        commits,
        files: [],
      } satisfies Partial<Record<keyof Schemas['commit-comparison'], unknown>>
      return { status: 200, body, headers }
    }
    return undefined
  })
}

/** The id GitHub gives `d` here (`GET …/deployments`), as a `deployment` event would name it. */
export const deploymentId = (repo: SeedRepo, d: SeedDeployment) => 70_000 + (repo.deployments ?? []).indexOf(d)

// GitLab's enums for the merge requests list (https://docs.gitlab.com/api/merge_requests/#list-project-merge-requests).
const GL_MR_STATE = ['opened', 'closed', 'locked', 'merged', 'all']
const GL_MR_ORDER = ['created_at', 'label_priority', 'milestone_due', 'popularity', 'priority', 'title', 'updated_at', 'merged_at']

// GitLab's enums for the deployments list (v2-subset.json, getApiV4ProjectsIdDeployments).
const GL_ORDER = ['id', 'iid', 'created_at', 'updated_at', 'finished_at']
const GL_STATUS = ['created', 'running', 'success', 'failed', 'canceled', 'skipped', 'blocked']

/** Serves `repo`'s changes routes on `gl`: deployments (with `status` from the first of each one's statuses), compare, the merged merge requests. */
export function serveGitLabChanges(gl: LoopbackGitLab, repo: SeedRepo): void {
  gl.extraRoutes.push((r) => {
    const project = /^\/projects\/([^/]+)(\/.*)$/.exec(r.path)
    if (r.method !== 'GET' || !project || (project[1] !== String(gl.projectId) && decodeURIComponent(project[1]!) !== gl.path)) return undefined
    const rest = project[2]!
    if (rest === '/deployments') {
      const [orderBy, sort, status] = [r.query.get('order_by') ?? 'id', r.query.get('sort') ?? 'asc', r.query.get('status')]
      if (!GL_ORDER.includes(orderBy)) return { status: 400, body: { error: 'order_by does not have a valid value' } }
      if (!['asc', 'desc'].includes(sort)) return { status: 400, body: { error: 'sort does not have a valid value' } }
      if (status !== null && !GL_STATUS.includes(status)) return { status: 400, body: { error: 'status does not have a valid value' } }
      // https://docs.gitlab.com/api/deployments/: ordering by finished_at needs status=success.
      if (orderBy === 'finished_at' && status !== 'success') return { status: 400, body: { message: '400 Bad request - `finished_at` filter and ordering requires `status=success`' } }
      const perPage = Math.min(Number(r.query.get('per_page') ?? 20) || 20, 100)
      const environment = r.query.get('environment')
      const list = (repo.deployments ?? [])
        .map((d) => ({ d, state: d.statuses[0] === 'failure' || d.statuses[0] === 'error' ? 'failed' : d.statuses.includes('success') ? 'success' : 'running' }))
        .filter(({ d, state }) => (environment === null || d.environment === environment) && (status === null || state === status))
        .sort((a, b) => (sort === 'desc' ? -1 : 1) * a.d.createdAt.localeCompare(b.d.createdAt))
        .map(({ d, state }, i) => ({
          id: 80_000 + i,
          iid: i + 1,
          sha: d.sha,
          ref: 'main',
          status: state,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          finished_at: state === 'success' ? d.createdAt : null,
          environment: { name: d.environment },
          // The job that deployed it, and its pipeline, as GitLab names them.
          deployable: d.pipelineId === undefined ? null : { id: 90_000 + i, status: state, pipeline: { id: d.pipelineId, sha: d.sha, ref: 'main', status: state } },
        }))
      // Offset pagination, as GitLab pages every list: `page`, and `x-next-page` (empty on the last page) with
      // `Link`. https://docs.gitlab.com/api/rest/#pagination
      const page = Math.max(Number(r.query.get('page') ?? 1) || 1, 1)
      const more = page * perPage < list.length
      const next = new URLSearchParams(r.query)
      next.set('page', String(page + 1))
      const headers: Record<string, string> = { 'x-page': String(page), 'x-per-page': String(perPage), 'x-next-page': more ? String(page + 1) : '', ...(more ? { link: `<${gl.apiUrl}${r.path}?${next}>; rel="next"` } : {}) }
      return { status: 200, body: list.slice((page - 1) * perPage, page * perPage), headers }
    }
    if (rest === '/repository/compare') {
      const [from, to] = [r.query.get('from'), r.query.get('to')]
      if (!from) return { status: 400, body: { error: 'from is missing' } }
      if (!to) return { status: 400, body: { error: 'to is missing' } }
      const [fromCommit, toCommit] = [find(repo, from), find(repo, to)]
      if (!fromCommit || !toCommit) return { status: 404, body: { message: '404 Ref Not Found' } }
      const { ahead } = between(repo, fromCommit.sha, toCommit.sha)
      const commits = ahead.map((commit) => ({ id: commit.sha, short_id: commit.sha.slice(0, 8), title: commit.message.split('\n')[0], message: commit.message, author_name: commit.author, parent_ids: commit.parents }))
      return { status: 200, body: { commit: commits.at(-1) ?? null, commits, diffs: [], compare_timeout: false, compare_same_ref: fromCommit.sha === toCommit.sha, web_url: `${gl.url}/${gl.path}/-/compare/${from}...${to}` } }
    }
    if (rest === '/merge_requests') {
      const [state, orderBy, sort] = [r.query.get('state') ?? 'all', r.query.get('order_by') ?? 'created_at', r.query.get('sort') ?? 'desc']
      if (!GL_MR_STATE.includes(state)) return { status: 400, body: { error: 'state does not have a valid value' } }
      if (!GL_MR_ORDER.includes(orderBy)) return { status: 400, body: { error: 'order_by does not have a valid value' } }
      if (!['asc', 'desc'].includes(sort)) return { status: 400, body: { error: 'sort does not have a valid value' } }
      const perPage = Math.min(Number(r.query.get('per_page') ?? 20) || 20, 100)
      // Seeded merge requests are all merged; a higher number was updated later.
      const merged = state === 'merged' || state === 'all' ? [...(repo.pulls ?? [])].filter((p) => !p.unmerged) : []
      merged.sort((a, b) => (sort === 'desc' ? b.number - a.number : a.number - b.number))
      const at = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString()
      // A merge commit's request has merge_commit_sha and its branch's head as sha; a squash's, squash_commit_sha;
      // a fast-forward's, only its head, which is on the branch.
      const body = merged.map((p) => ({
        id: 60_000 + p.number,
        iid: p.number,
        title: p.title,
        state: 'merged',
        web_url: `${gl.url}/${gl.path}/-/merge_requests/${p.number}`,
        author: p.author === null ? null : { username: p.author },
        sha: p.merge ? newestOf(repo, p.commits.filter((sha) => sha !== p.merge)) : mergeOf(repo, p),
        merge_commit_sha: p.merge ?? null,
        squash_commit_sha: null,
        updated_at: at(p.number),
        merged_at: at(p.number),
      }))
      return { status: 200, body: body.slice(0, perPage) }
    }
    return undefined
  })
}
