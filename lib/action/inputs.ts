// The GitHub Action's inputs (action.yml) turned into what the tools already read: a command, its
// arguments and environment variables. Pure: reads only the environment it is given.
import { ConfigError } from '../core/errors.ts'

type Env = Record<string, string | undefined>

/** What one run of the action does: `report` (with its reason) or `resolve`, maybe dry, with `env` added. */
export interface ActionRun {
  readonly command: 'report' | 'resolve'
  readonly dryRun: boolean
  /** The input reason, as one reason whatever its words; empty for the default (and for resolve). */
  readonly reason: string
  /** The tools' own variables, set from the inputs; only inputs with a value appear. */
  readonly env: Readonly<Record<string, string>>
  /** Values to take out of every line the action prints (token, chat webhook). */
  readonly secrets: readonly string[]
}

// Each input and the variable of the tools it stands for (docs/configuration.md); an input that is set
// wins over the same variable in the step's `env:`.
export const VARIABLES = {
  token: 'ISSUE_TOKEN',
  repo: 'ISSUE_REPO',
  'api-url': 'ISSUE_API_URL',
  environment: 'DEPLOY_ENV',
  'chat-webhook': 'CHAT_WEBHOOK',
  'on-duplicate': 'ON_DUPLICATE',
  'ci-log': 'REPORT_CI_LOG',
  'ci-log-lines': 'REPORT_LOG_LINES',
  // What changed since the last good deploy (docs/changes.md).
  changes: 'REPORT_CHANGES',
  'last-good-sha': 'REPORT_LAST_GOOD_SHA',
  mention: 'REPORT_MENTION',
  assign: 'REPORT_ASSIGN',
  // What a team shapes its issues and notices with.
  tracker: 'ISSUE_TRACKER',
  labels: 'REPORT_LABELS',
  assignees: 'REPORT_ASSIGNEES',
  group: 'REPORT_GROUP',
  'reopen-window': 'REPORT_REOPEN_WINDOW',
  log: 'REPORT_LOG_FILE',
  template: 'REPORT_TEMPLATE',
  milestone: 'REPORT_MILESTONE',
  project: 'REPORT_PROJECT',
  'project-status': 'REPORT_PROJECT_STATUS',
  'chat-format': 'CHAT_FORMAT',
  'chat-strict': 'REPORT_CHAT_STRICT',
  'slack-bot-token': 'SLACK_BOT_TOKEN',
  'slack-channel': 'SLACK_CHANNEL',
  'pagerduty-routing-key': 'PAGERDUTY_ROUTING_KEY',
  'pager-severity': 'REPORT_PAGER_SEVERITY',
  'pager-environments': 'REPORT_PAGER_ENVIRONMENTS',
  // Noise control (docs/noise.md).
  'page-after': 'REPORT_PAGE_AFTER',
  'file-after': 'REPORT_FILE_AFTER',
  flap: 'REPORT_FLAP',
} as const

// Inputs whose values are secrets: taken out of every line the action prints.
const SECRET_INPUTS = ['token', 'chat-webhook', 'slack-bot-token', 'pagerduty-routing-key'] as const

/**
 * The documented variables that have no input, and why: a step sets them in `env:` when it needs them.
 * test/unit/action/inputs.test.ts holds docs/configuration.md to this list and {@link VARIABLES}.
 */
export const ENVIRONMENT_ONLY: Readonly<Record<string, string>> = {
  CI_PIPELINE_URL: 'the run\'s address is taken from the runner\'s GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_RUN_ID',
  CI_COMMIT_SHA: 'the runner\'s GITHUB_SHA is used',
  CI_COMMIT_MESSAGE: 'read from git in the workspace, as the command line does',
  REPORT_TIMEOUT: 'a tuning value that rarely changes; set it in env: when needed',
  REPORT_CHAT_TIMEOUT: 'a tuning value that rarely changes; set it in env: when needed',
  REPORT_MAX_WAIT: 'a tuning value that rarely changes; set it in env: when needed',
  REPORT_RETRY_ATTEMPTS: 'a tuning value that rarely changes; set it in env: when needed',
  REPORT_RETRY_DELAY: 'a tuning value that rarely changes; set it in env: when needed',
  REPORT_WRITE_INTERVAL: 'a tuning value that rarely changes; set it in env: when needed',
  REPORT_DOTENV: 'a runner has no .env file to skip',
  ISSUE_APP_ID: 'in a workflow, mint the App\'s token with actions/create-github-app-token and pass it as token',
  ISSUE_APP_PRIVATE_KEY: 'in a workflow, mint the App\'s token with actions/create-github-app-token and pass it as token',
  ISSUE_APP_INSTALLATION_ID: 'in a workflow, mint the App\'s token with actions/create-github-app-token and pass it as token',
  HTTPS_PROXY: 'the runner\'s own proxy setting, read by every tool on it',
  HTTP_PROXY: 'the runner\'s own proxy setting, read by every tool on it',
  NO_PROXY: 'the runner\'s own proxy setting, read by every tool on it',
  NODE_EXTRA_CA_CERTS: 'Node\'s own, read when Node starts, before any input is',
  PAGERDUTY_EVENTS_URL: 'PagerDuty\'s address; only tests and relays change it',
  REPORT_CI_LOG_TIMEOUT: 'a tuning value that rarely changes; set it in env: when needed',
  REPORT_CHANGES_TIMEOUT: 'a tuning value that rarely changes; set it in env: when needed',
  JOB_CHECK_RUN_ID: 'only the workflow can read ${{ job.check_run_id }}: pass it in env:; without it the Action finds its job by the runner\'s name',
  CI_LOG_TOKEN: 'GitLab CI only: a masked CI/CD variable holding a read_api token, never an input',
}

/**
 * The value of input `name` as the runner passes it: `INPUT_<NAME>`, upper-cased with spaces turned into
 * `_` and hyphens kept; trimmed, like `@actions/core`'s getInput. Empty when unset.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/metadata-syntax#inputs
 */
export function input(env: Env, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim()
}

/**
 * Maps the inputs in `env` to the run. Throws one {@link ConfigError} listing every bad input
 * (an unknown `mode`, a `dry-run` that is not true or false), so the step exits 2 as the tools do.
 */
export function actionRun(env: Env): ActionRun {
  const problems: string[] = []
  const mode = input(env, 'mode') || 'report'
  if (mode !== 'report' && mode !== 'resolve') problems.push(`The input mode must be report or resolve, got ${JSON.stringify(mode)}`)
  const dryRun = input(env, 'dry-run').toLowerCase()
  if (!['', 'true', 'false'].includes(dryRun)) problems.push(`The input dry-run must be true or false, got ${JSON.stringify(input(env, 'dry-run'))}`)
  // The token input has a default, so a GitHub App's variables in env: always meet a token; said here in
  // the Action's own words rather than as the tools' "ISSUE_TOKEN and ISSUE_APP_ID are both set".
  const app = ['ISSUE_APP_ID', 'ISSUE_APP_PRIVATE_KEY'].find((name) => (env[name] ?? '').trim() !== '')
  if (app && input(env, 'token')) problems.push(`The input token (by default the workflow's github.token) and ${app} in env: are both set: mint the App's token with actions/create-github-app-token and pass it as token`)
  if (problems.length) throw new ConfigError(problems)

  const vars: Record<string, string> = {}
  for (const [name, variable] of Object.entries(VARIABLES)) {
    const value = input(env, name)
    if (value) vars[variable] = value
  }
  // api-url defaults to the workflow's GitHub API; a GitLab tracker's address is gitlab-url (default gitlab.com's).
  if (input(env, 'tracker') === 'gitlab') {
    delete vars.ISSUE_API_URL
    if (input(env, 'gitlab-url')) vars.ISSUE_API_URL = input(env, 'gitlab-url')
  }
  const command = mode === 'resolve' ? 'resolve' : 'report'
  return {
    command,
    dryRun: dryRun === 'true',
    // Handed over as the reason, never parsed as flags: a reason such as "--force failed" stays a reason.
    reason: command === 'report' ? input(env, 'reason') : '',
    env: vars,
    secrets: SECRET_INPUTS.map((name) => vars[VARIABLES[name]]).filter((s): s is string => Boolean(s)),
  }
}
