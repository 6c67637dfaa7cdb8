// Run histories on the loopback GitHub and GitLab, as their REST APIs list them for REPORT_FILE_AFTER:
// GitHub's workflow runs (this run's record, and its workflow's runs on a branch, newest first) and
// GitLab's pipelines for a ref, newest first. https://docs.github.com/en/rest/actions/workflow-runs,
// https://docs.gitlab.com/api/pipelines/
import type { LoopbackGitHub } from './loopback-github.ts'
import type { LoopbackGitLab } from './loopback-gitlab.ts'

/** One run as seeded, oldest first in the list a test gives. */
export interface SeededRun {
  readonly id: number
  readonly branch?: string
  /** `in_progress` runs have no conclusion yet. */
  readonly status?: 'completed' | 'in_progress' | 'queued'
  readonly conclusion?: 'success' | 'failure' | 'cancelled' | 'skipped' | 'timed_out' | null
  readonly attempt?: number
}

/** A workflow on the loopback GitHub, with its runs. */
export interface SeededWorkflow {
  readonly id: number
  /** Its file under .github/workflows. */
  readonly file: string
  /** Its runs, oldest first; GitHub lists them newest first. */
  readonly runs: SeededRun[]
}

/** Serves `workflow`'s runs on `gh`: `GET …/actions/runs/{id}` and `GET …/actions/workflows/{id or file}/runs`. */
export function serveGitHubWorkflowRuns(gh: LoopbackGitHub, workflow: SeededWorkflow): void {
  const base = () => `/repos/${gh.owner}/${gh.repo}/actions`
  const shape = (run: SeededRun) => ({
    id: run.id,
    name: 'Deploy',
    workflow_id: workflow.id,
    path: `.github/workflows/${workflow.file}`,
    head_branch: run.branch ?? 'main',
    status: run.status ?? 'completed',
    conclusion: (run.status ?? 'completed') === 'completed' ? (run.conclusion ?? 'failure') : null,
    run_attempt: run.attempt ?? 1,
    html_url: `https://github.com/${gh.owner}/${gh.repo}/actions/runs/${run.id}`,
  })
  gh.extraRoutes.push((r) => {
    if (r.method !== 'GET' || !r.path.startsWith(`${base()}/`)) return undefined
    const rest = r.path.slice(base().length)
    const one = /^\/runs\/(\d+)$/.exec(rest)
    if (one) {
      const run = workflow.runs.find((candidate) => candidate.id === Number(one[1]))
      return run ? { status: 200, body: shape(run) } : { status: 404, body: { message: 'Not Found', status: '404' } }
    }
    const list = /^\/workflows\/([^/]+)\/runs$/.exec(rest)
    if (!list) return undefined
    const id = decodeURIComponent(list[1]!)
    if (id !== String(workflow.id) && id !== workflow.file) return { status: 404, body: { message: 'Not Found', status: '404' } }
    const branch = r.query.get('branch')
    const perPage = Math.min(Number(r.query.get('per_page') ?? 30) || 30, 100)
    const matching = workflow.runs.filter((run) => branch === null || (run.branch ?? 'main') === branch).reverse()
    return { status: 200, body: { total_count: matching.length, workflow_runs: matching.slice(0, perPage).map(shape) } }
  })
}

/** One pipeline as seeded. */
export interface SeededPipeline {
  readonly id: number
  readonly ref?: string
  readonly status: 'success' | 'failed' | 'canceled' | 'skipped' | 'running' | 'pending'
}

// The list's enums, as GitLab's pipelines API documents them.
const PIPELINE_ENUMS: Record<string, readonly string[]> = {
  scope: ['running', 'pending', 'finished', 'branches', 'tags'],
  status: ['created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'success', 'failed', 'canceled', 'skipped', 'manual', 'scheduled'],
  order_by: ['id', 'status', 'ref', 'updated_at', 'user_id'],
  sort: ['asc', 'desc'],
}

/** Serves `pipelines` (oldest first) at `GET /projects/:id/pipelines` on `gl`, newest first. */
export function serveGitLabPipelines(gl: LoopbackGitLab, pipelines: SeededPipeline[]): void {
  gl.extraRoutes.push((r) => {
    const project = /^\/projects\/([^/]+)\/pipelines$/.exec(r.path)
    if (r.method !== 'GET' || !project || (project[1] !== String(gl.projectId) && decodeURIComponent(project[1]!) !== gl.path)) return undefined
    // What GitLab's parameter validation refuses (https://docs.gitlab.com/api/pipelines/#list-project-pipelines):
    // a paging value that is not a whole number, and a value outside an enum; per_page above 100 is capped.
    for (const name of ['per_page', 'page']) {
      const value = r.query.get(name)
      if (value !== null && !/^\d+$/.test(value)) return { status: 400, body: { error: `${name} is invalid` } }
    }
    for (const [name, allowed] of Object.entries(PIPELINE_ENUMS)) {
      const value = r.query.get(name)
      if (value !== null && !allowed.includes(value)) return { status: 400, body: { error: `${name} does not have a valid value` } }
    }
    const ref = r.query.get('ref')
    const perPage = Math.min(Number(r.query.get('per_page') ?? 20) || 20, 100)
    const list = pipelines.filter((p) => ref === null || (p.ref ?? 'main') === ref).reverse()
    return { status: 200, body: list.slice(0, perPage).map((p) => ({ id: p.id, iid: p.id - 1000, ref: p.ref ?? 'main', status: p.status, web_url: `${gl.url}/-/pipelines/${p.id}` })) }
  })
}
