// The GitHub Action's inputs (action.yml) turned into what the tools already read: a command, its
// arguments and environment variables. Pure: reads only the environment it is given.
import { ConfigError } from '../errors.ts'

type Env = Record<string, string | undefined>

/** What one run of the action does: `report [--dry-run] <reason>` or `resolve [--dry-run]`, with `env` added. */
export interface ActionRun {
  readonly command: 'report' | 'resolve'
  readonly args: readonly string[]
  /** The tools' own variables, set from the inputs; only inputs with a value appear. */
  readonly env: Readonly<Record<string, string>>
  /** Values to take out of every line the action prints (token, chat webhook). */
  readonly secrets: readonly string[]
}

// Each input and the variable of the tools it stands for (see .env.example for their meaning).
const VARIABLES = {
  token: 'ISSUE_TOKEN',
  repo: 'ISSUE_REPO',
  'api-url': 'ISSUE_API_URL',
  environment: 'DEPLOY_ENV',
  'chat-webhook': 'CHAT_WEBHOOK',
  'on-duplicate': 'ON_DUPLICATE',
  'ci-log': 'REPORT_CI_LOG',
  'ci-log-lines': 'REPORT_LOG_LINES',
} as const

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
  if (problems.length) throw new ConfigError(problems)

  const vars: Record<string, string> = {}
  for (const [name, variable] of Object.entries(VARIABLES)) {
    const value = input(env, name)
    if (value) vars[variable] = value
  }
  const flags = dryRun === 'true' ? ['--dry-run'] : []
  // The reason is one argument whatever its words; `--` keeps a reason such as "--force failed" a reason.
  const reason = input(env, 'reason')
  const command = mode === 'resolve' ? 'resolve' : 'report'
  return {
    command,
    args: command === 'report' ? [...flags, ...(reason ? ['--', reason] : [])] : flags,
    env: vars,
    secrets: [vars.ISSUE_TOKEN, vars.CHAT_WEBHOOK].filter((s): s is string => Boolean(s)),
  }
}
