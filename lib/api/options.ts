// The plugin API's options: the configuration's variables in camelCase, laid over an environment.
import type { Log } from '../core/log.ts'
import { loadConfig, secretsOf, type Config } from '../config/config.ts'
import { ioLog, processIo } from '../run/io.ts'

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

const silent: Log = { info: () => {}, warn: () => {}, error: () => {} }

/** The log an API call prints through: the standard streams, or nothing when `quiet`. */
export function optionsLog(options: Pick<CommonOptions, 'quiet'>, secrets: () => readonly string[]): Log {
  return options.quiet ? silent : ioLog(processIo(), secrets)
}

/**
 * The configuration an API call runs with, and the log it prints through. The log masks the
 * configuration's secrets (ISSUE_TOKEN, SLACK_BOT_TOKEN) from the first line it prints, the
 * configuration's own warnings included. Throws the `ConfigError` of a bad configuration.
 */
export function configuredRun(options: Parameters<typeof optionsEnv>[0] & Pick<CommonOptions, 'quiet'>): { config: Config; log: Log } {
  let secrets: string[] = []
  const log = optionsLog(options, () => secrets)
  const config = loadConfig(optionsEnv(options))
  secrets = secretsOf(config)
  for (const warning of config.warnings) log.warn(warning)
  return { config, log }
}
