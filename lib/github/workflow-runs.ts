// REPORT_FILE_AFTER on GitHub Actions: the runs of this run's workflow on its branch, newest first, one
// page, through the one throttled Octokit client. The workflow is named by its file, which the runner
// gives in GITHUB_WORKFLOW_REF, so the count costs one request; without it, this run's own record names
// the workflow first. https://docs.github.com/en/rest/actions/workflow-runs
import type { CiRun, RunConclusion, RunHistoryReader } from '../core/noise/streak.ts'
import type { GitHub } from './client.ts'
import { withAttempts } from '../core/retry/transient.ts'
import { ApiError } from '../core/errors.ts'

/** Which runs to read: this run's repository, workflow and branch, as the runner names them. */
export interface WorkflowRunsTarget {
  readonly owner: string
  readonly repo: string
  /** GITHUB_RUN_ID: asked for the workflow and branch when either is unknown. */
  readonly runId: string
  /** The workflow's file name (`deploy.yml`), from GITHUB_WORKFLOW_REF. */
  readonly workflow?: string | undefined
  /** The branch (GITHUB_REF_NAME on a branch push; GITHUB_HEAD_REF on a pull request). */
  readonly branch?: string | undefined
}

interface WorkflowRun {
  readonly id: number
  readonly status: string | null
  readonly conclusion: string | null
  readonly run_attempt?: number
}

// `conclusion` values: success, failure, neutral, cancelled, skipped, timed_out, action_required, stale,
// startup_failure; null while the run is not completed.
const FAILED = new Set(['failure', 'timed_out', 'startup_failure'])
function conclusionOf(run: WorkflowRun): RunConclusion {
  if (run.status !== 'completed') return 'running'
  if (run.conclusion === 'success') return 'succeeded'
  return FAILED.has(run.conclusion ?? '') ? 'failed' : 'neutral'
}

const isRun = (r: unknown): r is WorkflowRun => {
  const run = r as Partial<WorkflowRun> | null
  return typeof run === 'object' && run !== null && Number.isInteger(run.id) && (run.conclusion === null || typeof run.conclusion === 'string')
}

/** The run history reader of `target`'s workflow. Each read is tried once: a failure files as if no threshold were set. */
export function gitHubWorkflowRuns(github: GitHub, target: WorkflowRunsTarget): RunHistoryReader {
  const where = { owner: target.owner, repo: target.repo }
  return {
    name: 'GitHub Actions',
    recentRuns: (count) =>
      withAttempts(1, async () => {
        let { workflow, branch } = target
        let workflowName: string | undefined = workflow
        if (workflow === undefined || branch === undefined) {
          const { data } = await github.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { ...where, run_id: Number(target.runId) })
          workflow ??= String(data.workflow_id)
          workflowName ??= data.path?.split('/').pop() ?? data.name ?? `workflow ${data.workflow_id}`
          branch ??= data.head_branch ?? undefined
        }
        if (branch === undefined) throw new ApiError('this run names no branch', { transient: false })
        const { data } = await github.request('GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', { ...where, workflow_id: workflow, branch, per_page: count })
        const listed: unknown[] = Array.isArray(data?.workflow_runs) ? data.workflow_runs : []
        const runs: CiRun[] = listed.filter(isRun).map((run) => ({ id: String(run.id), conclusion: conclusionOf(run), attempt: run.run_attempt ?? 1 }))
        return { what: `${workflowName} on ${branch}`, runs }
      }),
  }
}

/** The workflow's file name in GITHUB_WORKFLOW_REF (`acme/shop/.github/workflows/deploy.yml@refs/heads/main`). */
export function workflowFile(workflowRef: string | undefined): string | undefined {
  const match = /\/\.github\/workflows\/([^/@]+\.ya?ml)@/.exec(workflowRef ?? '')
  return match?.[1]
}
