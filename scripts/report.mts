// Files one GitHub issue for a failed deploy and posts a chat notice. Usage: see --help.
import { EXIT, parseFlags, reportFailure, scriptArgs } from '../lib/cli.ts'
import { loadConfig, loadDotenv } from '../lib/config.ts'
import { lastCommitMessage, shortSha } from '../lib/git.ts'
import { createGitHub } from '../lib/github.ts'
import { DEFAULT_REASON, type Failure } from '../lib/issue.ts'
import { consoleLog } from '../lib/log.ts'
import { fileReport } from '../lib/report.ts'

const HELP = `Usage: npx zx scripts/report.mts [options] [reason]

Files one issue labelled auto-deploy-failure and ops for a failed deploy (unless an open one already
has the same title), then posts a notice to CHAT_WEBHOOK. The reason defaults to "${DEFAULT_REASON}".

Options:
  -h, --help   show this text

Environment (a .env file in the current folder is read too; set variables win):
  ISSUE_TOKEN (required), ISSUE_REPO (required, owner/repo), ISSUE_API_URL or GITHUB_API_URL,
  CHAT_WEBHOOK, CI_PIPELINE_URL, BUILD_URL, CI_COMMIT_SHA, CI_COMMIT_MESSAGE, DEPLOY_ENV,
  REPORT_TIMEOUT, REPORT_CHAT_TIMEOUT, REPORT_MAX_WAIT, REPORT_RETRY_ATTEMPTS, REPORT_RETRY_DELAY (see .env.example)

Exit codes: 0 issue created or duplicate found, 1 the issue could not be filed, 2 bad configuration.
`

const time = new Date()
let token = ''
const log = consoleLog(() => [token])

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags(args, { help: { type: 'boolean', short: 'h' } })
  if (values.help) {
    process.stdout.write(HELP)
    return EXIT.ok
  }
  loadDotenv()
  const config = loadConfig()
  token = config.token
  for (const warning of config.warnings) log.warn(warning)

  const [sha, message] = await Promise.all([
    config.commitSha ?? shortSha(),
    config.commitMessage ?? lastCommitMessage(),
  ])
  const failure: Failure = {
    environment: config.deployEnv,
    commitSha: sha ?? 'unknown',
    commitMessage: message ?? 'unknown',
    reason: positionals[0] || DEFAULT_REASON,
    pipelineUrl: config.pipelineUrl,
    time,
  }
  await fileReport(createGitHub(config, log), config, failure, log)
  return EXIT.ok
}

try {
  process.exitCode = await main(scriptArgs(import.meta.url))
} catch (error) {
  process.exitCode = error instanceof Error && error.name === 'CreateFailed' ? EXIT.failed : reportFailure(error, log)
}
