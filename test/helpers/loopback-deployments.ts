// Deployments on the loopback GitHub and GitLab, as their REST APIs list them: newest first, filtered by
// environment (GitLab also by status), paged with `link` (GitHub) or `x-next-page` (GitLab).
// https://docs.github.com/en/rest/deployments/deployments#list-deployments, https://docs.gitlab.com/api/deployments/
import type { LoopbackGitHub, Recorded } from './loopback-github.ts'
import type { LoopbackGitLab } from './loopback-gitlab.ts'

/** One deployment as seeded: its environment, when it was created and (GitLab) its status. */
export interface SeededDeployment {
  readonly environment: string
  readonly createdAt: string
  readonly status?: 'success' | 'failed'
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

/** Serves `deployments` at `GET /repos/{owner}/{repo}/deployments` on `gh`. */
export function serveGitHubDeployments(gh: LoopbackGitHub, deployments: readonly SeededDeployment[]): void {
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
