// The CI a run reads what failed from, chosen by the environment: GitHub Actions (GITHUB_ACTIONS=true)
// or GitLab CI (GITLAB_CI=true). Only with REPORT_CI_LOG=auto; what only this read needs is loaded on demand,
// so a run without it pays nothing (npm run bench).
import type { CiReader } from '../core/ci.ts'
import type { Config } from '../config/config.ts'
import { secretsOf } from '../config/secrets.ts'
import { plainHttpWarning } from '../config/plain-http.ts'
import { registerSecret, type Log } from '../core/log.ts'
import type { Failure } from '../core/text/issue.ts'
import { runGitHub } from './github.ts'

type Env = Record<string, string | undefined>

/** What the reader needs from the configuration. */
export type CiConfig = Pick<
  Config,
  'ciLog' | 'ciLogTimeoutMs' | 'githubRun' | 'logLines' | 'tracker' | 'token' | 'app' | 'owner' | 'repo' | 'apiUrl' | 'timeoutMs' | 'maxWaitSeconds' | 'retryAttempts' | 'retryDelaySeconds' | 'chatWebhook' | 'chat'
>

const sameOrigin = (a: string, b: string) => URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin

/**
 * The CiReader for the CI this run is in, or undefined (after one [WARN] when it is a known CI that
 * cannot be read) when there is none to read. GitHub Actions is read with the tracker's token and
 * client, so only when issues go to GitHub on the same API as the run's.
 */
export async function createCiReader(config: CiConfig, log: Log, env: Env = process.env): Promise<CiReader | undefined> {
  if (env.GITHUB_ACTIONS === 'true') {
    const run = config.githubRun
    if (!run) {
      log.warn('REPORT_CI_LOG=auto, but GITHUB_REPOSITORY or GITHUB_RUN_ID is missing or malformed, so the issue has no What failed section')
      return undefined
    }
    if (config.tracker !== 'github') {
      log.warn('REPORT_CI_LOG=auto reads GitHub Actions with the GitHub token, but ISSUE_TRACKER is gitlab, so the issue has no What failed section')
      return undefined
    }
    // ISSUE_TOKEN belongs to ISSUE_API_URL's host and is sent nowhere else.
    if (run.apiUrl !== undefined && !sameOrigin(run.apiUrl, config.apiUrl)) {
      log.warn(`The run is on ${run.apiUrl} but issues go to ${config.apiUrl}; ISSUE_TOKEN is not sent to the run's host, so the issue has no What failed section`)
      return undefined
    }
    const [github, { gitHubCiReader }, { downloader }] = await Promise.all([runGitHub(config, log), import('../github/ci-reader.ts'), import('../http/download.ts')])
    return gitHubCiReader(github, run, downloader())
  }
  if (env.GITLAB_CI === 'true') {
    // GitLab sets these variables itself, so a malformed one is a warning here, not a configuration error:
    // reading the CI's record must never cost the issue.
    const { gitLabCiOptions, gitLabCiMissingToken } = await import('../config/ci-gitlab.ts')
    const problems: string[] = []
    const options = gitLabCiOptions(env, problems)
    if (!options) {
      const why = problems.length ? problems.join('; ') : gitLabCiMissingToken(env)
      log.warn(`REPORT_CI_LOG=auto, but ${why}, so the issue has no What failed section`)
      return undefined
    }
    // CI_LOG_TOKEN goes to CI_API_V4_URL: the one plain-http rule (ISSUE_TOKEN's address was warned about by loadConfig).
    if (options.tokenName === 'CI_LOG_TOKEN') {
      const warning = plainHttpWarning('CI_API_V4_URL', options.apiUrl, 'CI_LOG_TOKEN')
      if (warning) log.warn(warning)
    }
    const { gitLabCiReader } = await import('../gitlab/ci-reader.ts')
    return gitLabCiReader(options, log)
  }
  log.info('REPORT_CI_LOG=auto, but this is neither GitHub Actions nor GitLab CI, so the issue has no What failed section')
  return undefined
}

/**
 * What the CI says failed, for `failure`'s `What failed` section, when REPORT_CI_LOG=auto (an empty
 * `failed` when it could not be read); nothing otherwise. `excerpts` is false when an explicit log file gives the excerpt. Never throws for the CI's sake.
 */
export async function readCiFailures(config: CiConfig, log: Log, excerpts: boolean, env: Env = process.env): Promise<Pick<Failure, 'failed' | 'ciLogs'>> {
  if (config.ciLog !== 'auto') return {}
  // A CI log token (GitLab's CI_LOG_TOKEN) is a secret like the others (registered with the configuration;
  // again here for callers that pass an environment of their own).
  registerSecret(env.CI_LOG_TOKEN)
  const reader = await createCiReader(config, log, env)
  // Asked, but nothing could be read: `failed` is an empty list (the --json line still has the key).
  if (!reader) return { failed: [] }
  const { readWhatFailed } = await import('../core/flows/what-failed.ts')
  const known = secretsOf(config)
  const read = await readWhatFailed(reader, { lines: config.logLines, timeoutMs: config.ciLogTimeoutMs, known, excerpts }, log)
  return read ? { failed: read.failed, ciLogs: read.ciLogs } : { failed: [] }
}
