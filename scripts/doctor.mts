// Preflight for wiring the reporter in: is everything it needs in place? Usage: see --help.
import { EXIT, parseFlags, reportFailure, scriptArgs } from '../lib/cli/args.ts'
import { loadConfig, loadDotenv } from '../lib/config/config.ts'
import { ConfigError } from '../lib/errors.ts'
import { runChecks, type Check } from '../lib/cli/doctor.ts'
import { createNotifier } from '../lib/chat/index.ts'
import { doctorChecks } from '../lib/tracker/index.ts'
import { consoleLog, redact } from '../lib/core/log.ts'

const HELP = `Usage: npx zx scripts/doctor.mts [--ping]

Checks, one line each (✓ or ✗), what the reporter needs: the configuration, that the token is
accepted, the remaining API quota, that the repository and its latest commit can be read, that the
labels auto-deploy-failure and ops exist, and whether a chat webhook is configured. Reads only; the
token is never printed.

Options:
  --ping       also post a test message to CHAT_WEBHOOK
  -h, --help   show this text

Environment: as for scripts/report.mts (ISSUE_TOKEN, ISSUE_REPO, ISSUE_API_URL or GITHUB_API_URL,
CHAT_WEBHOOK, REPORT_TIMEOUT, REPORT_MAX_WAIT, REPORT_RETRY_ATTEMPTS, REPORT_RETRY_DELAY, …); a .env
file in the current folder is read too.

Exit codes: 0 every check passed, 1 a check failed, 2 bad configuration (or bad arguments).
`

let token = ''
const log = consoleLog(() => [token])
const print = (check: Check) => process.stdout.write(redact(`${check.ok ? '✓' : '✗'} ${check.text}\n`, [token]))

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags(args, { help: { type: 'boolean', short: 'h' }, ping: { type: 'boolean' } })
  if (values.help) {
    process.stdout.write(HELP)
    return EXIT.ok
  }
  if (positionals.length) throw new ConfigError([`Unexpected argument ${JSON.stringify(positionals[0])}; see --help`])
  loadDotenv()
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    for (const problem of error.problems) print({ ok: false, text: `configuration: ${problem}` })
    log.error('Fix the configuration and run the doctor again')
    return EXIT.config
  }
  token = config.token
  print({ ok: true, text: `configuration valid: ${config.owner}/${config.repo} at ${config.apiUrl}, environment ${config.deployEnv}, pipeline ${config.pipelineUrl}` })
  const checks = await runChecks(doctorChecks(config, log), config, { ping: values.ping === true, chat: createNotifier(config) })
  checks.forEach(print)
  const failed = checks.filter((c) => !c.ok).length
  if (failed) {
    log.error(`${failed} of ${checks.length + 1} checks failed`)
    return EXIT.failed
  }
  log.info(`All ${checks.length + 1} checks passed`)
  return EXIT.ok
}

try {
  process.exitCode = await main(scriptArgs(import.meta.url))
} catch (error) {
  process.exitCode = reportFailure(error, log)
}
