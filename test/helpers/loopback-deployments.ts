// Deployments on the loopback GitHub and GitLab, as their REST APIs list them: newest first, filtered by
// environment (GitLab also by status), paged with `link` (GitHub) or `x-next-page` (GitLab).
// https://docs.github.com/en/rest/deployments/deployments#list-deployments, https://docs.gitlab.com/api/deployments/
import type { LoopbackGitHub, Recorded } from './loopback-github.ts'
import type { LoopbackGitLab } from './loopback-gitlab.ts'
import { githubSchema } from './github-graphql-schema.ts'

/** One deployment as seeded: its environment, when it was created and its status. */
export interface SeededDeployment {
  readonly environment: string
  readonly createdAt: string
  /** GitLab's status (default success); on GitHub, a latest status of SUCCESS or FAILURE unless `state` says. */
  readonly status?: 'success' | 'failed' | 'running' | 'canceled'
  /** GitHub's latest status (DeploymentStatusState), or null for a deployment without one. */
  readonly state?: string | null
}

function paged(r: Recorded, items: readonly unknown[], base: string, defaultPerPage: number) {
  const perPage = Math.min(Number(r.query.get('per_page') ?? defaultPerPage) || defaultPerPage, 100)
  const page = Math.max(Number(r.query.get('page') ?? 1) || 1, 1)
  const last = Math.max(Math.ceil(items.length / perPage), 1)
  const headers: Record<string, string> = { 'x-next-page': page < last ? String(page + 1) : '' }
  if (page < last) {
    const q = new URLSearchParams(r.query)
    q.set('page', String(page + 1))
    headers.link = `<${base}${r.path}?${q}>; rel="next"`
  }
  return { status: 200, body: items.slice((page - 1) * perPage, page * perPage), headers }
}

const newestFirst = (list: readonly SeededDeployment[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))

const githubState = (d: SeededDeployment): string | null =>
  d.state !== undefined ? d.state : ({ success: 'SUCCESS', failed: 'FAILURE', running: 'IN_PROGRESS', canceled: 'INACTIVE' } as const)[d.status ?? 'success']

/**
 * Serves `deployments` with their latest statuses through GraphQL (`repository.deployments`), as
 * GitHub does: every query validated against GitHub's schema first (by the loopback GitHub itself,
 * which builds the schema here, before any client waits on it); then `environments`, `orderBy`
 * (CREATED_AT, ASC or DESC), `first` (at most 100) and `after` are honoured.
 * Answers only queries on deployments; returns the queries it saw.
 * https://docs.github.com/en/graphql/reference/objects#repository (deployments)
 */
export function serveGitHubDeploymentsGraphQL(gh: LoopbackGitHub, deployments: readonly SeededDeployment[]): { queries: string[] } {
  const queries: string[] = []
  githubSchema()
  gh.extraRoutes.push((r) => {
    if (r.method !== 'POST' || r.path !== '/graphql') return undefined
    const { query = '', variables = {} } = (r.json ?? {}) as { query?: string; variables?: Record<string, unknown> }
    if (!/\bdeployments\s*\(/.test(query)) return undefined
    queries.push(query)
    // The arguments, from the variables the reporter passes or written in the query.
    const owner = variables.owner ?? /owner:\s*"([^"]+)"/.exec(query)?.[1]
    const repo = variables.repo ?? /name:\s*"([^"]+)"/.exec(query)?.[1]
    if (owner !== gh.owner || repo !== gh.repo) return { status: 200, body: { data: { repository: null }, errors: [{ type: 'NOT_FOUND', path: ['repository'], message: `Could not resolve to a Repository with the name '${String(owner)}/${String(repo)}'.` }] } }
    const environments = variables.environment !== undefined ? [variables.environment] : undefined
    const direction = /direction:\s*(ASC|DESC)/.exec(query)?.[1] ?? 'ASC'
    const first = Math.min(Number(/first:\s*(\d+)/.exec(query)?.[1] ?? 100), 100)
    const after = typeof variables.after === 'string' ? Number(Buffer.from(variables.after, 'base64').toString().replace('cursor:', '')) : -1
    const sorted = [...deployments.filter((d) => !environments || environments.includes(d.environment))].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    if (direction === 'DESC') sorted.reverse()
    const slice = sorted.slice(after + 1, after + 1 + first)
    const end = after + slice.length
    const nodes = slice.map((d) => {
      const state = githubState(d)
      return { createdAt: d.createdAt, latestStatus: state === null ? null : { state } }
    })
    const pageInfo = { hasNextPage: end < sorted.length - 1, endCursor: slice.length ? Buffer.from(`cursor:${end}`).toString('base64') : null }
    return { status: 200, body: { data: { repository: { deployments: { nodes, pageInfo } } } } }
  })
  return { queries }
}

/**
 * Serves `deployments` on `gh` as GitHub does: through GraphQL with their latest statuses (see
 * {@link serveGitHubDeploymentsGraphQL}), and at `GET /repos/{owner}/{repo}/deployments` (REST, without them).
 */
export function serveGitHubDeployments(gh: LoopbackGitHub, deployments: readonly SeededDeployment[]): { queries: string[] } {
  const graphql = serveGitHubDeploymentsGraphQL(gh, deployments)
  gh.extraRoutes.push((r) => {
    if (r.method !== 'GET' || r.path !== `/repos/${gh.owner}/${gh.repo}/deployments`) return undefined
    const environment = r.query.get('environment')
    const list = newestFirst(deployments.filter((d) => environment === null || d.environment === environment)).map((d, i) => ({
      id: 70_000 + i,
      environment: d.environment,
      created_at: d.createdAt,
      updated_at: d.createdAt,
      ref: 'main',
      task: 'deploy',
    }))
    return paged(r, list, gh.url, 30)
  })
  return graphql
}

/** Serves `deployments` at `GET /projects/:id/deployments` on `gl`. */
export function serveGitLabDeployments(gl: LoopbackGitLab, deployments: readonly SeededDeployment[]): void {
  gl.extraRoutes.push((r) => {
    const project = /^\/projects\/([^/]+)\/deployments$/.exec(r.path)
    if (r.method !== 'GET' || !project || (project[1] !== String(gl.projectId) && decodeURIComponent(project[1]!) !== gl.path)) return undefined
    const environment = r.query.get('environment')
    const status = r.query.get('status')
    const list = newestFirst(deployments.filter((d) => (environment === null || d.environment === environment) && (status === null || (d.status ?? 'success') === status))).map((d, i) => ({
      id: 80_000 + i,
      iid: i + 1,
      status: d.status ?? 'success',
      created_at: d.createdAt,
      updated_at: d.createdAt,
      environment: { name: d.environment },
    }))
    return paged(r, list, gl.apiUrl, 20)
  })
}
