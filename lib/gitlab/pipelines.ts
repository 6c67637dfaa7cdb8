// REPORT_FILE_AFTER on GitLab CI: the project's pipelines for this ref, newest first, one page, through
// the GitLab client every call goes through. https://docs.gitlab.com/api/pipelines/#list-project-pipelines
import type { CiRun, RunConclusion, RunHistoryReader } from '../core/noise/streak.ts'
import type { GitLab } from './client.ts'

interface Pipeline {
  readonly id: number
  readonly status: string
}

// `status` values: created, waiting_for_resource, preparing, pending, running, success, failed, canceled,
// skipped, manual, scheduled. A pipeline that has not ended neither counts nor breaks the streak.
function conclusionOf(status: string): RunConclusion {
  if (status === 'success') return 'succeeded'
  if (status === 'failed') return 'failed'
  if (status === 'canceled' || status === 'skipped') return 'neutral'
  return 'running'
}

const isPipeline = (p: unknown): p is Pipeline => {
  const pipeline = p as Partial<Pipeline> | null
  return typeof pipeline === 'object' && pipeline !== null && Number.isInteger(pipeline.id) && typeof pipeline.status === 'string'
}

/** The run history reader of `projectPath`'s (`/projects/<id>`) pipelines for `ref`; read once, a failure files as if no threshold were set. */
export function gitLabPipelines(client: GitLab, projectPath: string, ref: string): RunHistoryReader {
  return {
    name: 'GitLab CI',
    async recentRuns(count) {
      const { data } = await client.request<unknown>({ method: 'GET', path: `${projectPath}/pipelines`, query: { ref, per_page: count }, attempts: 1 })
      const listed = Array.isArray(data) ? data.filter(isPipeline) : []
      // GitLab retries jobs within a pipeline, never the pipeline: one attempt each.
      const runs: CiRun[] = listed.map((p) => ({ id: String(p.id), conclusion: conclusionOf(p.status), attempt: 1 }))
      return { what: `the pipeline on ${ref}`, runs }
    },
  }
}
