// What failed in the current GitLab pipeline, read from GitLab's REST API v4: the failed jobs, named with
// their stage, failure reason and page, and the end of a job's trace. https://docs.gitlab.com/api/jobs/
//
// Requests go through streamGet (lib/http/stream.ts), not the tracker's client: a trace is read as it
// streams (it can be hundreds of megabytes), and every request obeys the caller's one signal, which bounds
// the whole read; the client gives each request a timeout of its own, and retries, that a bounded read has
// no time for. The token (`Authorization: Bearer`, as the tracker sends it) goes to CI_API_V4_URL's origin
// only: a trace GitLab serves from object storage is reached by a redirect that never carries it.
import type { CiReader, FailedJob } from '../core/ci.ts'
import { registerSecret } from '../core/log.ts'
import { ApiError, CiLogUnavailable } from '../core/errors.ts'
import { streamGet, type StreamedAnswer } from '../http/stream.ts'
import { nextPage } from './client.ts'
import { TraceTail } from './trace.ts'
import type { GitLabCiOptions } from '../config/ci-gitlab.ts'

/** What the reader needs, from GitLab CI's predefined variables (lib/config/ci-gitlab.ts). */
// 100 is GitLab's largest page; a pipeline with more failed jobs than these pages hold is named in part.
const PER_PAGE = 100
const MAX_PAGES = 20
// A page of 100 jobs is a few hundred kilobytes; anything far bigger is not a page of jobs.
const MAX_JSON_BYTES = 16 << 20

interface JobRecord {
  id: number
  name: string
  stage?: string
  status?: string
  failure_reason?: string
  web_url: string
  allow_failure?: boolean
}

const isJob = (value: unknown): value is JobRecord => {
  const job = value as Partial<JobRecord> | null
  return typeof job === 'object' && job !== null && Number.isSafeInteger(job.id) && typeof job.name === 'string' && typeof job.web_url === 'string'
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/**
 * A {@link CiReader} for the GitLab CI pipeline `options` name. Failures come as {@link CiLogUnavailable},
 * whose message names the cause and the fix; the token never appears in one.
 */
export function gitLabCiReader(options: GitLabCiOptions): CiReader {
  registerSecret(options.token)
  const base = options.apiUrl.replace(/\/+$/, '')
  const origin = new URL(base).origin
  const project = `${base}/projects/${encodeURIComponent(options.project)}`
  const credentials = { origin, headers: { authorization: `Bearer ${options.token}` } }
  const headers = { 'user-agent': 'deploy-failure-reporter' }
  const current = options.currentJob

  // Every way a read can fail, as one CiLogUnavailable naming what was read, why it failed and what to do.
  // Anything else is a bug in this reader, and is thrown as it is.
  const unavailable = (what: string, error: unknown, signal: AbortSignal): unknown => {
    if (error instanceof CiLogUnavailable) return error
    if (signal.aborted) {
      return new CiLogUnavailable(`Reading ${what} from GitLab did not finish in the time allowed`, 'raise REPORT_CI_LOG_TIMEOUT (10 s by default), or set REPORT_CI_LOG=off', { cause: error })
    }
    if (!(error instanceof ApiError)) return error
    if (error.transient) {
      return new CiLogUnavailable(`Could not read ${what} from GitLab at ${origin}: ${error.message}`, 'check CI_API_V4_URL and the network or proxy settings, or try again', { cause: error })
    }
    return new CiLogUnavailable(`Could not read ${what} from GitLab: ${error.message}`, 'only http(s) addresses are followed; tell whoever runs the GitLab instance', { status: error.status, cause: error })
  }

  const unexpected = (what: string, detail: string, cause?: unknown): CiLogUnavailable =>
    new CiLogUnavailable(`Could not read ${what} from GitLab: ${detail}`, 'check that CI_API_V4_URL is the GitLab API (https://<host>/api/v4)', { cause })

  const refused = (what: string, status: number, notFound: string): CiLogUnavailable => {
    const name = options.tokenName
    if (status === 401) return new CiLogUnavailable(`GitLab refused ${name} (401) when reading ${what}: the token is unknown, expired or revoked`, `set ${name} to a valid token with the read_api scope`, { status })
    if (status === 403) {
      return new CiLogUnavailable(
        `GitLab answered 403 to reading ${what}: ${name} lacks the read_api scope, or its user may not read the project's jobs`,
        `give ${name} the read_api scope and a user with at least the Reporter role in the project (CI_JOB_TOKEN cannot read job logs)`,
        { status },
      )
    }
    if (status === 404) return new CiLogUnavailable(`GitLab answered 404 to reading ${what}: ${notFound}`, `check that ${name}'s user is a member of the project; an expired or erased log cannot be read again`, { status })
    return new CiLogUnavailable(`GitLab answered ${status} to reading ${what}`, 'try again later, or set REPORT_CI_LOG=off to stop reading the CI log', { status })
  }

  const get = (url: string, signal: AbortSignal): Promise<StreamedAnswer> => streamGet({ url, headers, credentials, signal })

  const json = async (answer: StreamedAnswer, what: string): Promise<unknown> => {
    const chunks: Uint8Array[] = []
    let size = 0
    for await (const chunk of answer.body) {
      size += chunk.byteLength
      if (size > MAX_JSON_BYTES) {
        answer.cancel()
        throw unexpected(what, `the answer is larger than ${MAX_JSON_BYTES >> 20} MB`)
      }
      chunks.push(chunk)
    }
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch (cause) {
      throw unexpected(what, 'the answer is not JSON', cause)
    }
  }

  const asFailedJob = (job: JobRecord): FailedJob => ({
    id: String(job.id),
    name: job.name,
    url: job.web_url,
    steps: [],
    stage: text(job.stage),
    reason: text(job.failure_reason),
    running: current !== undefined && String(job.id) === current.id,
  })

  return {
    ci: 'gitlab',

    async failedJobs(signal) {
      const what = `the failed jobs of pipeline ${options.pipelineId}`
      const jobs: FailedJob[] = []
      try {
        // Retried jobs are left out by default (include_retried=false): only each job's last try counts.
        let url: string | undefined = `${project}/pipelines/${encodeURIComponent(options.pipelineId)}/jobs?scope[]=failed&per_page=${PER_PAGE}`
        for (let page = 0; url !== undefined && page < MAX_PAGES; page++) {
          const answer = await get(url, signal)
          if (answer.status !== 200) {
            answer.cancel()
            throw refused(what, answer.status, `CI_PROJECT_ID or CI_PIPELINE_ID names no pipeline the token can see`)
          }
          const list = await json(answer, what)
          if (!Array.isArray(list) || !list.every(isJob)) throw unexpected(what, 'the answer is not the list of jobs GitLab documents')
          // A job allowed to fail did not fail the pipeline, so it is not what failed.
          jobs.push(...list.filter((job) => job.allow_failure !== true).map(asFailedJob))
          const next = nextPage({ 'x-next-page': answer.headers.get('x-next-page') ?? '', link: answer.headers.get('link') ?? '' }, url)
          url = next === url ? undefined : next
        }
      } catch (error) {
        throw unavailable(what, error, signal)
      }
      // In an after_script, GitLab still shows the failed job as running: it is named from its variables.
      if (current?.failed && !jobs.some((job) => job.id === current.id)) {
        jobs.unshift({ id: current.id, name: current.name, url: current.url, steps: [], stage: current.stage, running: true })
      }
      return jobs
    },

    async logTail(job, lines, signal) {
      // The reporter's own job: its trace is still being written, so none of it is read.
      if (job.running) return []
      const what = `the log of job "${job.name}"`
      try {
        if (!/^[1-9][0-9]*$/.test(job.id)) throw unexpected(what, `job id ${JSON.stringify(job.id)} is not a number`)
        const answer = await get(`${project}/jobs/${job.id}/trace`, signal)
        if (answer.status !== 200) {
          answer.cancel()
          throw refused(what, answer.status, 'the log has expired or been erased, or the token cannot see the project')
        }
        const tail = new TraceTail(lines)
        for await (const chunk of answer.body) tail.write(chunk)
        return tail.end()
      } catch (error) {
        throw unavailable(what, error, signal)
      }
    },
  }
}
