import { config as dotenvConfig } from 'dotenv'
import { LABELS } from '../core/text/issue.ts'
import { proxyAddress, redact } from '../core/redact.ts'
import { readActionable, type ActionableSettings } from './actionable.ts'
import { readCiLog, type CiLogSettings } from './ci-log.ts'
import { readChanges, type ChangesSettings } from './changes.ts'
import { detectCi } from './ci.ts'
import { appCredentials, type AppCredentials } from './app.ts'
import { ConfigError } from '../core/errors.ts'
import type { TrackerKind } from '../core/tracker.ts'
import { GITLAB_DEFAULT_API_URL, gitLabTarget, trackerKind } from './tracker.ts'
import { readShape, type ShapeSettings } from './shape.ts'
import { readPager, type PagerConfig } from './pager.ts'
import { crossesNetworkInClear, plainHttpWarning } from './plain-http.ts'
import { readNoise, type NoiseSettings } from './noise.ts'
import { registerConfigSecrets } from './secrets.ts'
import { readChat, type ChatConfig } from './chat.ts'
import { isHttpUrl, value, type Env } from './env.ts'

/** Everything the tools read from the environment, validated once. */
export interface Config extends ActionableSettings, CiLogSettings, ChangesSettings, ShapeSettings, NoiseSettings {
  /** PAGERDUTY_ROUTING_KEY and its settings (lib/config/pager.ts); absent when no paging is configured. */
  readonly pager?: PagerConfig
  /** ISSUE_TOKEN; empty when a GitHub App is configured, or when loaded with `requireToken: false`. */
  readonly token: string
  /** ISSUE_APP_ID, ISSUE_APP_PRIVATE_KEY, ISSUE_APP_INSTALLATION_ID: the tools act as the App's installation. */
  readonly app?: AppCredentials
  /** ISSUE_TRACKER: where issues are filed (default github). */
  readonly tracker: TrackerKind
  /** GitHub: `owner/repo`; GitLab: the project's full path or numeric id. */
  readonly project: string
  readonly owner: string
  readonly repo: string
  /** Base address of the API, without a trailing slash. */
  readonly apiUrl: string
  /** CHAT_WEBHOOK when it is a valid http(s) address; otherwise undefined (see `warnings`). */
  readonly chatWebhook: string | undefined
  /** CI_PIPELINE_URL, else BUILD_URL, else another CI system's run address (lib/config/ci.ts), else `unknown`. */
  readonly pipelineUrl: string
  /** CI_COMMIT_SHA, else another CI system's commit variable; undefined means "ask git, else `unknown`". */
  readonly commitSha: string | undefined
  /** CI_COMMIT_MESSAGE, else BUILDKITE_MESSAGE; undefined means "ask git, else `unknown`". */
  readonly commitMessage: string | undefined
  readonly deployEnv: string
  readonly onDuplicate: 'skip' | 'comment'
  /** Per-request timeout for API calls, in milliseconds. */
  readonly timeoutMs: number
  /** Time limit of the chat post, in milliseconds (REPORT_CHAT_TIMEOUT, default 10 s). */
  readonly chatTimeoutMs: number
  /** Longest total wait for rate limits in one run, in seconds. */
  readonly maxWaitSeconds: number
  /** Transient-failure retries: attempts and the first delay of the backoff, in seconds. */
  readonly retryAttempts: number
  readonly retryDelaySeconds: number
  /** Seconds between API writes (REPORT_WRITE_INTERVAL, default 1, GitHub's advice); comment and issue POSTs wait 3×. */
  readonly writeIntervalSeconds: number
  /** Problems that do not stop the run (a malformed CHAT_WEBHOOK), to be printed as `[WARN]` lines. */
  readonly warnings: readonly string[]
  /** How chat notices are rendered and sent (CHAT_FORMAT, REPORT_CHAT_STRICT, SLACK_*). */
  readonly chat: ChatConfig
}

export const DEFAULT_API_URL = 'https://api.github.com'

// Owner and repository name rules as GitHub enforces them on creation.
const OWNER = /^[A-Za-z0-9-]{1,39}$/
const REPO = /^[A-Za-z0-9._-]{1,100}$/

const defined = (line: string | undefined): string[] => (line === undefined ? [] : [line])

// A proxy address with a password, over plain http to another host: the password crosses the network in
// clear text (as Proxy-Authorization), so it gets the same [WARN] as every other address with a secret.
function proxyWarnings(env: Env): string[] {
  const names = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']
  return names.flatMap((name) => {
    const set = value(env, name)
    // Without a scheme it is http://, as curl reads it (lib/core/redact.ts proxyAddress).
    const url = set === undefined ? undefined : proxyAddress(set)
    if (url === undefined || !URL.canParse(url) || !new URL(url).password || !crossesNetworkInClear(url)) return []
    return [`${name} uses plain http, so the proxy's password travels unencrypted; use an https:// proxy address unless the network is trusted`]
  })
}

function number(env: Env, name: string, fallback: number, problems: string[], min = 0): number {
  const raw = value(env, name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < min || raw.trim() === '') {
    problems.push(`${name} must be a number of at least ${min} (got ${JSON.stringify(raw)})`)
    return fallback
  }
  return n
}

/**
 * Reads and validates the configuration from `env`. Returns a frozen {@link Config}, or throws one
 * {@link ConfigError} naming every bad variable and the form it expects; no request is made before this.
 */
export function loadConfig(env: Env = process.env, { requireToken = true } = {}): Config {
  const problems: string[] = []
  const warnings: string[] = []

  const token = value(env, 'ISSUE_TOKEN') ?? ''
  const app = appCredentials(env, problems)
  const appNamed = value(env, 'ISSUE_APP_ID') !== undefined || value(env, 'ISSUE_APP_PRIVATE_KEY') !== undefined
  if (!token && !appNamed && requireToken) problems.push('ISSUE_TOKEN is required')

  let owner = ''
  let repo = ''
  const tracker = trackerKind(env, problems)
  // A GitHub App is a GitHub identity; GitLab takes a token.
  if (tracker === 'gitlab' && appNamed) problems.push('ISSUE_APP_ID is a GitHub App; ISSUE_TRACKER=gitlab takes ISSUE_TOKEN instead')
  const gitlab = tracker === 'gitlab' ? gitLabTarget(env, problems) : undefined
  const fullName = value(env, 'ISSUE_REPO')
  if (gitlab) {
    ;({ owner, repo } = gitlab)
  } else if (fullName === undefined) {
    problems.push('ISSUE_REPO is required (owner/repo)')
  } else {
    const [o = '', r = '', ...rest] = fullName.split('/')
    if (rest.length || !OWNER.test(o) || !REPO.test(r) || r === '.' || r === '..') {
      problems.push(
        `ISSUE_REPO must have the form owner/repo (owner: letters, digits and -, up to 39; ` +
          `repo: letters, digits, ., _ and -, up to 100), got ${JSON.stringify(fullName)}`,
      )
    } else {
      owner = o
      repo = r
    }
  }

  const apiName = gitlab?.apiName ?? (value(env, 'ISSUE_API_URL') !== undefined ? 'ISSUE_API_URL' : 'GITHUB_API_URL')
  const apiUrl = gitlab?.apiUrl ?? value(env, 'ISSUE_API_URL') ?? value(env, 'GITHUB_API_URL') ?? DEFAULT_API_URL
  if (!isHttpUrl(apiUrl)) problems.push(`${apiName} must be an http(s) URL such as ${gitlab ? GITLAB_DEFAULT_API_URL : DEFAULT_API_URL}, got ${JSON.stringify(apiUrl)}`)
  // Every address that carries a secret follows the one plain-http rule (plain-http.ts): one [WARN] each.
  else warnings.push(...defined(plainHttpWarning(apiName, apiUrl, appNamed ? "the GitHub App's tokens" : 'ISSUE_TOKEN')))

  let chatWebhook = value(env, 'CHAT_WEBHOOK')
  if (chatWebhook !== undefined && !isHttpUrl(chatWebhook)) {
    // The address itself may embed a secret (Slack's do), so it is not echoed.
    warnings.push('CHAT_WEBHOOK is not an http(s) URL such as https://hooks.slack.com/services/…; no chat notice will be sent')
    chatWebhook = undefined
  }
  warnings.push(...defined(plainHttpWarning('CHAT_WEBHOOK', chatWebhook, 'the webhook address, a secret itself,')))

  const chat = readChat(env, problems)
  if (chat.slack) warnings.push(...defined(plainHttpWarning('SLACK_API_URL', chat.slack.apiUrl, 'SLACK_BOT_TOKEN')))
  warnings.push(...proxyWarnings(env))

  const onDuplicate = value(env, 'ON_DUPLICATE') ?? 'skip'
  if (onDuplicate !== 'skip' && onDuplicate !== 'comment') {
    problems.push(`ON_DUPLICATE must be skip or comment, got ${JSON.stringify(onDuplicate)}`)
  }

  const timeoutSeconds = number(env, 'REPORT_TIMEOUT', 30, problems, 0.001)
  const chatTimeoutSeconds = number(env, 'REPORT_CHAT_TIMEOUT', 10, problems, 0.001)
  const maxWaitSeconds = number(env, 'REPORT_MAX_WAIT', 60, problems)
  const retryAttempts = Math.floor(number(env, 'REPORT_RETRY_ATTEMPTS', 3, problems, 1))
  const retryDelaySeconds = number(env, 'REPORT_RETRY_DELAY', 1, problems)
  const writeIntervalSeconds = number(env, 'REPORT_WRITE_INTERVAL', 1, problems)
  // Log excerpt, labels, assignees, grouping and reopening (lib/config/actionable.ts).
  const actionable = readActionable(env, LABELS, problems)
  const ciLog = readCiLog(env, problems)
  // What changed since the last good deploy (lib/config/changes.ts).
  const changes = readChanges(env, problems)
  // Template, milestone and project board (lib/config/shape.ts); paging (lib/config/pager.ts).
  const shape = readShape(env, tracker, problems)
  const pager = readPager(env, problems)
  if (pager) warnings.push(...defined(plainHttpWarning('PAGERDUTY_EVENTS_URL', pager.eventsUrl, 'PAGERDUTY_ROUTING_KEY')))
  // Page and file thresholds, flapping (lib/config/noise.ts): each key only when set.
  const noise = readNoise(env, onDuplicate, problems)

  // Every secret is registered here, once, before anything can print or send it: a value echoed in a
  // problem may be the token itself (ISSUE_REPO=$ISSUE_TOKEN by mistake).
  registerConfigSecrets(env, { token, app, chatWebhook: value(env, 'CHAT_WEBHOOK'), chat, ...(pager ? { pager } : {}) })
  if (problems.length) throw new ConfigError(problems.map((problem) => redact(problem)))

  // Other CI systems' own variables fill in only what the spec's variables leave unset (lib/config/ci.ts).
  const ci = detectCi(env)

  return Object.freeze({
    token,
    ...(app ? { app } : {}),
    tracker,
    project: gitlab?.project ?? `${owner}/${repo}`,
    owner,
    repo,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    chatWebhook,
    pipelineUrl: value(env, 'CI_PIPELINE_URL') ?? value(env, 'BUILD_URL') ?? ci?.pipelineUrl ?? 'unknown',
    commitSha: value(env, 'CI_COMMIT_SHA') ?? ci?.commitSha,
    commitMessage: value(env, 'CI_COMMIT_MESSAGE') ?? ci?.commitMessage,
    deployEnv: value(env, 'DEPLOY_ENV') ?? 'production',
    onDuplicate: onDuplicate as Config['onDuplicate'],
    timeoutMs: Math.round(timeoutSeconds * 1000),
    chatTimeoutMs: Math.round(chatTimeoutSeconds * 1000),
    maxWaitSeconds,
    retryAttempts,
    retryDelaySeconds,
    writeIntervalSeconds,
    ...actionable,
    ...ciLog,
    ...changes,
    ...shape,
    ...(pager ? { pager } : {}),
    ...noise,
    warnings: Object.freeze(warnings),
    chat,
  })
}

/**
 * Loads `.env` from `dir` into `env` when the file exists. Variables already set win, so a pipeline's
 * own settings are never overridden by a stray file. `REPORT_DOTENV=off` in `env` skips the file: the
 * test suite sets it, so that a developer's `.env` (a real token) never reaches a test run.
 */
export function loadDotenv(env: Env = process.env, dir: string = process.cwd()): void {
  if (value(env, 'REPORT_DOTENV') === 'off') return
  dotenvConfig({ path: `${dir}/.env`, processEnv: env as NodeJS.ProcessEnv, override: false, quiet: true })
}

/** Files GitHub Actions gives a step for its outputs and its run-page summary; undefined outside Actions. */
export interface OutputFiles {
  readonly githubOutput: string | undefined
  readonly stepSummary: string | undefined
}

/**
 * `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` from `env`. Never throws, so a run that fails on its
 * configuration can still record that it failed.
 */
export function outputFiles(env: Env = process.env): OutputFiles {
  return Object.freeze({ githubOutput: value(env, 'GITHUB_OUTPUT'), stepSummary: value(env, 'GITHUB_STEP_SUMMARY') })
}
