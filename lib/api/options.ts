// The plugin API's options: the configuration's variables in camelCase, laid over an environment.
import type { Log } from '../core/log.ts'
import { processIo } from '../run/io.ts'
import { configure, maskingLog, SILENT, type MaskingLog, type Session } from '../run/session.ts'

/** Options every API function takes: where the configuration comes from and whether it prints. */
export interface CommonOptions {
  /** ISSUE_TRACKER: `github` (default) or `gitlab`. */
  readonly tracker?: 'github' | 'gitlab'
  /** ISSUE_TOKEN: the GitHub token (GitLab: an access token with the `api` scope). */
  readonly token?: string
  /** ISSUE_REPO: `owner/repo` (GitLab: the project's path, nested groups allowed, or numeric id). */
  readonly repo?: string
  /** ISSUE_API_URL: the API's base address (GitHub Enterprise: `https://HOST/api/v3`). */
  readonly apiUrl?: string
  /** CHAT_WEBHOOK: a Slack-compatible incoming webhook address. */
  readonly chatWebhook?: string
  /** DEPLOY_ENV: the environment's name (default `production`). */
  readonly environment?: string
  /** CI_COMMIT_SHA: the deployed commit (default: asked of git in the working folder, else `unknown`). */
  readonly commitSha?: string
  /** CI_PIPELINE_URL: the pipeline's address. */
  readonly pipelineUrl?: string
  /** The environment the other settings are read from (default `process.env`); options win over it. */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** No `[INFO]`/`[WARN]`/`[ERROR]` lines at all (default false: they go to stdout and stderr). */
  readonly quiet?: boolean
}

// Each option and the variable it stands for.
const VARIABLES = {
  tracker: 'ISSUE_TRACKER',
  token: 'ISSUE_TOKEN',
  repo: 'ISSUE_REPO',
  apiUrl: 'ISSUE_API_URL',
  chatWebhook: 'CHAT_WEBHOOK',
  environment: 'DEPLOY_ENV',
  commitSha: 'CI_COMMIT_SHA',
  commitMessage: 'CI_COMMIT_MESSAGE',
  pipelineUrl: 'CI_PIPELINE_URL',
  onDuplicate: 'ON_DUPLICATE',
  ciLog: 'REPORT_CI_LOG',
} as const

/**
 * A copy of `options.env` (default `process.env`) with every option that is set written over the
 * variable it stands for. The caller's environment object is never changed.
 */
export function optionsEnv(options: Partial<Record<keyof typeof VARIABLES, string>> & Pick<CommonOptions, 'env'>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...(options.env ?? process.env) }
  for (const [option, variable] of Object.entries(VARIABLES)) {
    const value = options[option as keyof typeof VARIABLES]
    if (value !== undefined) env[variable] = value
  }
  return env
}

/**
 * The session an API call runs in: the configuration from the options laid over `env`, and the log it
 * prints through (the standard streams, or nothing when `quiet`), masking the configuration's secrets from
 * the first line, its own warnings included. No `.env` file is read. Throws the `ConfigError` of a bad configuration.
 */
export function openSession(options: Parameters<typeof optionsEnv>[0] & Pick<CommonOptions, 'quiet'>): Session {
  const masking: MaskingLog = options.quiet ? { log: SILENT, hide: () => {} } : maskingLog(processIo())
  const env = optionsEnv(options)
  return { config: configure(env, masking), log: masking.log, env, time: new Date() }
}

/** The log an API call prints through when it reads no configuration: the standard streams, or nothing when `quiet`. */
export function optionsLog(options: Pick<CommonOptions, 'quiet'>): Log {
  return options.quiet ? SILENT : maskingLog(processIo()).log
}
