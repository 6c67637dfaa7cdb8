// Closes the open deploy-failure issues of an environment after a good deploy. Usage: see --help.
import { EXIT, parseFlags, reportFailure, scriptArgs } from '../lib/cli/args.ts'
import { renderRecoveryComment, type Recovery } from '../lib/core/comment-text.ts'
import { loadConfig, loadDotenv } from '../lib/config/config.ts'
import { ConfigError } from '../lib/errors.ts'
import { readDeploy } from '../lib/cli/deploy.ts'
import { createNotifier } from '../lib/chat/index.ts'
import { createTracker } from '../lib/tracker/index.ts'
import { consoleLog } from '../lib/core/log.ts'
import { renderRecoveryChat } from '../lib/core/recovery.ts'
import { resolveRecovery, type Resolution } from '../lib/core/resolve.ts'

const HELP = `Usage: npx zx scripts/resolve.mts [options]

Run after a successful deploy. Closes (as completed, with a comment naming this deploy's commit, time
and pipeline) every open issue labelled auto-deploy-failure whose title is for DEPLOY_ENV, whatever its
commit or day; other environments, pull requests and unlabelled issues are never touched. Then posts
one recovery notice to CHAT_WEBHOOK, only if it closed something.

Options:
  --dry-run    list the issues it would close and the texts it would send; write nothing
  --json       end with one JSON line: {"outcome": "resolved"|"nothing"|"failed", "closed": [...], "failed": [...]}
  -h, --help   show this text

Environment (a .env file in the current folder is read too; set variables win):
  ISSUE_TOKEN (required), ISSUE_REPO (required, owner/repo), ISSUE_API_URL or GITHUB_API_URL,
  CHAT_WEBHOOK, CI_PIPELINE_URL, BUILD_URL, CI_COMMIT_SHA, DEPLOY_ENV, REPORT_TIMEOUT,
  REPORT_MAX_WAIT, REPORT_RETRY_ATTEMPTS, REPORT_RETRY_DELAY, REPORT_WRITE_INTERVAL  (see .env.example)

Exit codes: 0 closed every matching issue, or there was none; 1 an issue could not be closed or the
issues could not be listed (each named on stderr); 2 bad configuration.
`

const time = new Date()
let token = ''
const log = consoleLog(() => [token])
let json = false
let resolution: Resolution = { outcome: 'failed', closed: [], failed: [] }

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags(args, {
    help: { type: 'boolean', short: 'h' },
    'dry-run': { type: 'boolean' },
    json: { type: 'boolean' },
  })
  json = values.json === true
  if (values.help) {
    process.stdout.write(HELP)
    return EXIT.ok
  }
  if (positionals.length) throw new ConfigError([`resolve.mts takes no arguments, got ${JSON.stringify(positionals[0])}; see --help`])
  loadDotenv()
  const config = loadConfig()
  token = config.token
  for (const warning of config.warnings) log.warn(warning)

  const recovery: Recovery = await readDeploy(config, time, { withMessage: false })
  const dryRun = values['dry-run'] === true
  resolution = await resolveRecovery(createTracker(config, log), createNotifier(config), config, recovery, log, { dryRun })
  if (dryRun && resolution.closed.length) {
    process.stdout.write(`\n--- comment on each issue before closing it\n${renderRecoveryComment(recovery)}`)
    if (config.chatWebhook) process.stdout.write(`\n--- chat message\n${renderRecoveryChat(recovery, resolution.closed)}\n`)
  }
  return resolution.failed.length ? EXIT.failed : EXIT.ok
}

try {
  process.exitCode = await main(scriptArgs(import.meta.url))
} catch (error) {
  process.exitCode = reportFailure(error, log)
}
if (json) process.stdout.write(`${JSON.stringify(resolution)}\n`)
