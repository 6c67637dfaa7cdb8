// GitHub Actions as a CiReader: the run's failed jobs and steps from the REST API, through the same
// throttled Octokit client as the tracker, and the end of a finished job's log, streamed.
// https://docs.github.com/en/rest/actions/workflow-jobs
import type { CiReader, FailedJob, FailedStep } from '../core/ci.ts'
import type { GitHubRun } from '../config/ci-log.ts'
import type { GitHub } from './client.ts'
import { describeError } from '../core/retry/transient.ts'
import { ApiError, CiLogUnavailable } from '../core/errors.ts'
import { streamLines } from '../http/stream-lines.ts'
import { StepCutter } from './log-cutter.ts'
import type { Download, Downloader } from '../http/download.ts'
import { MAX_JOB_PAGES } from '../http/paginate.ts'
import { gitHubPages } from './pages.ts'

// `conclusion` values that mean the job or step failed (GitHub also has success, skipped, cancelled,
// action_required and neutral).
const FAILED = new Set(['failure', 'timed_out'])

interface Step {
  readonly name: string
  readonly number: number
  readonly conclusion: string | null
}
interface Job {
  readonly id: number
  readonly name: string
  readonly html_url: string
  readonly status: string
  readonly conclusion: string | null
  readonly runner_name?: string | null
  readonly steps?: readonly Step[]
}

const isStep = (s: unknown): s is Step => {
  const step = s as Partial<Step> | null
  return typeof step === 'object' && step !== null && typeof step.name === 'string' && Number.isInteger(step.number) && (step.conclusion === null || typeof step.conclusion === 'string')
}

const isJob = (j: unknown): j is Job => {
  const job = j as Partial<Job> | null
  return (
    typeof job === 'object' &&
    job !== null &&
    Number.isInteger(job.id) &&
    typeof job.name === 'string' &&
    typeof job.html_url === 'string' &&
    typeof job.status === 'string' &&
    (job.conclusion === null || typeof job.conclusion === 'string') &&
    (job.steps === undefined || (Array.isArray(job.steps) && job.steps.every(isStep)))
  )
}

const unexpected = (what: string, cause?: unknown) =>
  new CiLogUnavailable(`GitHub answered ${what} in a shape this tool does not know`, 'if GitHub changed its API, please report it', { cause })

// What a failed request means here, with the fix; a 403 is the missing `actions: read`.
// https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/controlling-permissions-for-github_token
const PERMISSION = 'give the workflow `permissions: actions: read` (once any permission is listed, unlisted ones are none)'
function cannot(what: string, error: unknown, gone: string): CiLogUnavailable {
  const status = error instanceof ApiError ? error.status : undefined
  if (status === 403) return new CiLogUnavailable(`GitHub refused to let the token read ${what} (HTTP 403)`, PERMISSION, { status, cause: error })
  if (status === 404) return new CiLogUnavailable(`GitHub has no ${what} (HTTP 404)`, gone, { status, cause: error })
  return new CiLogUnavailable(`${what}: ${describeError(error)}`, '', { ...(status === undefined ? {} : { status }), cause: error })
}

const LOG_GONE = 'it has expired or been deleted'

const stepsOf = (job: Job): FailedStep[] =>
  (job.steps ?? []).filter((s) => FAILED.has(s.conclusion ?? '')).map((s) => ({ name: s.name, number: s.number, url: `${job.html_url}#step:${s.number}:1` }))

/**
 * The CiReader for GitHub Actions `run`, asking through `github` (the tracker's client: throttled, token
 * sent to its own API only). A job log is fetched from the address GitHub redirects to with `fetchLog`,
 * which is sent no credential and follows further redirects by lib/http/stream.ts's rule (at most
 * MAX_REDIRECTS, never to anything but http(s), never from https down to http).
 */
export function gitHubCiReader(github: GitHub, run: GitHubRun, fetchLog: Downloader): CiReader {
  const { owner, repo } = run

  // The reporter's own job: named by JOB_CHECK_RUN_ID, else the in-progress job on this runner.
  const isOwn = (job: Job) =>
    run.checkRunId !== undefined ? String(job.id) === run.checkRunId : job.status !== 'completed' && run.runnerName !== undefined && job.runner_name === run.runnerName

  return {
    ci: 'GitHub Actions',

    async failedJobs(signal) {
      const jobs: unknown[] = []
      try {
        // One page per 100 jobs (the default is 30, and a big matrix has more), each page and each of its
        // retries under the read's signal; at most MAX_JOB_PAGES pages.
        const params = { owner, repo, run_id: Number(run.runId), attempt_number: Number(run.attempt), per_page: 100 }
        const listing = { what: `the jobs of run ${run.runId}`, maxPages: MAX_JOB_PAGES, signal, key: 'jobs' }
        for await (const page of gitHubPages<unknown>(github, 'GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/jobs', params, listing)) {
          jobs.push(...page.data)
        }
      } catch (error) {
        if (error instanceof CiLogUnavailable) throw error
        // gitHubPages throws a TypeError on a page that is not the list it expects.
        if (error instanceof TypeError) throw unexpected('the list of the run’s jobs', error)
        throw cannot(`jobs for run ${run.runId} (attempt ${run.attempt}) in ${owner}/${repo}`, error, `the token cannot see the run (${PERMISSION}), or it is not in this repository`)
      }
      if (!jobs.every(isJob)) throw unexpected('the list of the run’s jobs')
      const failed: FailedJob[] = []
      for (const job of jobs) {
        const steps = stepsOf(job)
        if (isOwn(job)) {
          // Still running: its finished steps are known, its log is not served yet (actions/runner#886).
          if (steps.length) failed.push({ id: String(job.id), name: job.name, url: job.html_url, steps, running: job.status !== 'completed' })
        } else if (FAILED.has(job.conclusion ?? '')) {
          failed.push({ id: String(job.id), name: job.name, url: job.html_url, steps, running: false, ...(job.conclusion === 'timed_out' ? { reason: 'timed_out' } : {}) })
        }
      }
      return failed
    },

    async logTail(job, lines, signal) {
      // GitHub answers with a 302 to a short-lived address on another host; that address is fetched
      // here, without the Authorization header. https://docs.github.com/en/rest/actions/workflow-jobs#download-job-logs-for-a-workflow-run
      let location: unknown
      try {
        const response = await github.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', {
          owner,
          repo,
          job_id: Number(job.id),
          request: { redirect: 'manual', parseSuccessResponseBody: false, signal },
        })
        if (response.status < 300 || response.status >= 400) throw unexpected(`the log request with HTTP ${response.status} instead of a redirect`)
        location = response.headers.location
      } catch (error) {
        if (error instanceof CiLogUnavailable) throw error
        throw cannot(`log for job ${job.id}`, error, LOG_GONE)
      }
      if (typeof location !== 'string' || location === '') throw unexpected('the log request with a redirect to nowhere')
      const target = URL.canParse(location) ? new URL(location) : undefined
      if (!target || (target.protocol !== 'https:' && target.protocol !== 'http:')) {
        throw new CiLogUnavailable(`GitHub redirected the log of job ${job.id} to an address that is not http(s) (${target?.protocol ?? 'not a URL'}); refused`)
      }
      // An API reached over https never hands its log to plain http (the same rule as every redirect, lib/http/fetch.ts).
      if (target.protocol === 'http:' && new URL(github.request.endpoint.DEFAULTS.baseUrl).protocol === 'https:') {
        throw new CiLogUnavailable(`GitHub redirected the log of job ${job.id} from https to plain http (${target.host}); refused`)
      }
      let download: Download
      try {
        download = await fetchLog(target.href, signal)
      } catch (error) {
        throw cannot(`log for job ${job.id}`, error, LOG_GONE)
      }
      const cutter = new StepCutter(lines)
      try {
        if (download.status < 200 || download.status >= 300) throw new ApiError(`the log's address answered HTTP ${download.status}`, { status: download.status, transient: download.status >= 500 })
        for await (const line of streamLines(download.body)) cutter.push(line)
      } catch (error) {
        throw cannot(`log for job ${job.id}`, error, LOG_GONE)
      } finally {
        download.close()
      }
      return cutter.result()
    },
  }
}
