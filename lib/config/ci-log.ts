// Reading what failed from the CI's own API (lib/github/ci-reader.ts, lib/gitlab/ci-reader.ts): whether to, for how long, and which GitHub Actions
// run it is. Off by default on the command line, so a run without REPORT_CI_LOG sends what it always sent;
// the Action and the GitLab component switch it on with their `ci-log` input.
import { value, type Env } from './env.ts'

/** REPORT_CI_LOG's values. */
export const CI_LOG_MODES = ['auto', 'off'] as const
export type CiLogMode = (typeof CI_LOG_MODES)[number]

/** The whole read (job list and logs) gets this long unless REPORT_CI_LOG_TIMEOUT says otherwise. */
export const DEFAULT_CI_LOG_TIMEOUT_SECONDS = 10

/** The GitHub Actions run the reporter runs in, from the runner's own variables. */
export interface GitHubRun {
  /** GITHUB_REPOSITORY's owner and name: the run's repository, which may differ from ISSUE_REPO. */
  readonly owner: string
  readonly repo: string
  /** GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT (default 1). */
  readonly runId: string
  readonly attempt: string
  /** RUNNER_NAME: finds the reporter's own job among the in-progress ones. */
  readonly runnerName: string | undefined
  /** JOB_CHECK_RUN_ID (a workflow passes `${{ job.check_run_id }}`): names the reporter's own job directly. */
  readonly checkRunId: string | undefined
  /** GITHUB_API_URL, where the run's API is (GitHub Enterprise Server: https://HOST/api/v3). */
  readonly apiUrl: string | undefined
}

/** The settings this module reads. */
export interface CiLogSettings {
  /** REPORT_CI_LOG: `auto` reads the CI's failed jobs and logs when it knows the CI; `off` (default) never. */
  readonly ciLog: CiLogMode
  /** REPORT_CI_LOG_TIMEOUT in milliseconds: the whole read's limit. */
  readonly ciLogTimeoutMs: number
  /** Set when GITHUB_ACTIONS=true and the run is named; undefined otherwise. */
  readonly githubRun: GitHubRun | undefined
}

const DIGITS = /^[1-9][0-9]{0,19}$/

// https://docs.github.com/en/actions/reference/variables-reference#default-environment-variables
function githubRun(env: Env): GitHubRun | undefined {
  if (value(env, 'GITHUB_ACTIONS') !== 'true') return undefined
  const [owner, repo, ...rest] = (value(env, 'GITHUB_REPOSITORY') ?? '').split('/')
  const runId = value(env, 'GITHUB_RUN_ID') ?? ''
  const attempt = value(env, 'GITHUB_RUN_ATTEMPT') ?? '1'
  // Set by the runner, not by the user: a run that does not name itself is left unread, with a [WARN] (lib/run/ci.ts).
  if (!owner || !repo || rest.length || !DIGITS.test(runId) || !DIGITS.test(attempt)) return undefined
  const checkRunId = value(env, 'JOB_CHECK_RUN_ID')
  return Object.freeze({
    owner,
    repo,
    runId,
    attempt,
    runnerName: value(env, 'RUNNER_NAME'),
    checkRunId: checkRunId !== undefined && DIGITS.test(checkRunId) ? checkRunId : undefined,
    apiUrl: value(env, 'GITHUB_API_URL')?.replace(/\/+$/, ''),
  })
}

/** Reads REPORT_CI_LOG, REPORT_CI_LOG_TIMEOUT and the run's variables from `env`, one line in `problems` per bad value. */
export function readCiLog(env: Env, problems: string[]): CiLogSettings {
  const mode = value(env, 'REPORT_CI_LOG') ?? 'off'
  if (!(CI_LOG_MODES as readonly string[]).includes(mode)) problems.push(`REPORT_CI_LOG must be auto or off, got ${JSON.stringify(mode)}`)
  const timeoutText = value(env, 'REPORT_CI_LOG_TIMEOUT')
  const seconds = timeoutText === undefined ? DEFAULT_CI_LOG_TIMEOUT_SECONDS : Number(timeoutText)
  const goodTimeout = Number.isFinite(seconds) && seconds > 0 && timeoutText?.trim() !== ''
  if (!goodTimeout) problems.push(`REPORT_CI_LOG_TIMEOUT must be a number of seconds above 0, such as 10 (got ${JSON.stringify(timeoutText)})`)
  const checkRunId = value(env, 'JOB_CHECK_RUN_ID')
  if (checkRunId !== undefined && !DIGITS.test(checkRunId)) problems.push(`JOB_CHECK_RUN_ID must be the job's numeric id, \${{ job.check_run_id }} (got ${JSON.stringify(checkRunId)})`)
  return {
    ciLog: mode === 'auto' ? 'auto' : 'off',
    ciLogTimeoutMs: Math.round((goodTimeout ? seconds : DEFAULT_CI_LOG_TIMEOUT_SECONDS) * 1000),
    githubRun: githubRun(env),
  }
}
