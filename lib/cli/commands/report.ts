// `deploy-failure-reporter report` (and `npx zx scripts/report.mts`): files one GitHub issue for a failed
// deploy and posts a chat notice.
import { ConfigError } from '../../core/errors.ts'
import { DEFAULT_REASON } from '../../core/text/issue.ts'
import { EXIT, reportFailure } from '../../run/exit.ts'
import { ioLog, processIo, type Io } from '../../run/io.ts'
import { phase } from '../../run/phase.ts'
import { recordReport, reportCommand } from '../../run/report-command.ts'
import { parseFlags } from '../args.ts'

const help = (program: string) => `Usage: ${program} [options] [reason]

Files one issue labelled auto-deploy-failure and ops for a failed deploy (unless an open one already
has the same title), then posts a notice to CHAT_WEBHOOK. The reason defaults to "${DEFAULT_REASON}".
Quoting the reason is optional: several words are joined with single spaces into one reason.

Options:
  --log <file>          put the last REPORT_LOG_LINES (default 100) lines of <file> (- = standard input) in
                        the issue, colour codes stripped and secrets masked; default REPORT_LOG_FILE
  --reason-file <file>  read the reason from <file> (- = standard input) instead of the argument
  --dry-run    check and render only: print the title, body and chat text a real run would send, and
               whether an open duplicate exists (needs ISSUE_TOKEN; skipped without it); writes nothing
  --json       end stdout with one JSON line: {"outcome": "created"|"duplicate"|"commented"|"reopened"|"failed",
               "number", "url", "title"} (nulls when nothing was filed), whatever the exit code; with
               REPORT_CI_LOG=auto also "failed": [{"job", "step", "url"}]
  -h, --help   show this text

Environment (a .env file in the current folder is read too; set variables win; REPORT_DOTENV=off skips it):
  ISSUE_TOKEN (required, unless a GitHub App: ISSUE_APP_ID, ISSUE_APP_PRIVATE_KEY, ISSUE_APP_INSTALLATION_ID;
  docs/github-app.md), ISSUE_REPO (required, owner/repo), ISSUE_API_URL or GITHUB_API_URL,
  ISSUE_TRACKER=github|gitlab (default github; GitLab's project path, API and token: docs/gitlab.md),
  CHAT_WEBHOOK, CI_PIPELINE_URL, BUILD_URL, CI_COMMIT_SHA, CI_COMMIT_MESSAGE, DEPLOY_ENV,
  REPORT_TIMEOUT, REPORT_CHAT_TIMEOUT, REPORT_MAX_WAIT, REPORT_RETRY_ATTEMPTS, REPORT_RETRY_DELAY  (see .env.example)
  ON_DUPLICATE=skip|comment: on a duplicate, skip (default) or add one comment counting the occurrence;
  REPORT_WRITE_INTERVAL: seconds between API writes (default 1)
  REPORT_LOG_FILE, REPORT_LOG_LINES, CI_JOB_URL: the log excerpt (see --log)
  REPORT_CI_LOG=auto|off (default off): in GitHub Actions, name the failed jobs and steps and add the end of
  up to 3 of their logs (REPORT_LOG_LINES lines each; --log wins) in a What failed section; the token needs
  actions: read. REPORT_CI_LOG_TIMEOUT: seconds for that whole read (default 10). JOB_CHECK_RUN_ID: this job's id
  REPORT_LABELS, REPORT_ASSIGNEES: comma-separated labels added after the two above, and logins to assign
  REPORT_GROUP=title|environment: which open issue holds the report (environment: any for DEPLOY_ENV)
  REPORT_REOPEN_WINDOW: hours after a recovery within which a failure reopens the closed issue (default 0)
  Unset pipeline and commit variables are taken from GitHub Actions, Jenkins, CircleCI or Buildkite.
  GITHUB_OUTPUT, GITHUB_STEP_SUMMARY (set by GitHub Actions): when set, the step outputs outcome,
  issue-number and issue-url, and a short summary for the run page, are appended to them.
  CHAT_FORMAT=auto|slack|mattermost|googlechat|discord|teams: the chat notice's body (auto: by host);
  REPORT_CHAT_STRICT=1: a chat notice that failed is one [WARN]; SLACK_BOT_TOKEN and SLACK_CHANNEL
  (SLACK_API_URL): post through Slack's Web API, threaded per issue. See docs/chat.md
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY (lower-case too): a proxy for every request, as curl (docs/security.md)
  REPORT_TEMPLATE: a Markdown issue template with front matter (docs/templates.md); REPORT_MILESTONE: an
  open milestone's title; REPORT_PROJECT, REPORT_PROJECT_STATUS: a GitHub Projects board new issues join
  PAGERDUTY_ROUTING_KEY (REPORT_PAGER_SEVERITY, REPORT_PAGER_ENVIRONMENTS): page on-call (docs/pager.md)

Exit codes: 0 issue created or duplicate found, 1 the issue could not be filed, 2 bad configuration.
`

/**
 * Runs the report command with `args` (the words after the command) and resolves to its exit code:
 * 0 filed or duplicate, 1 not filed, 2 bad configuration or arguments. `program` names it in `--help`.
 */
export async function runReport(args: readonly string[], io: Io = processIo(), program = 'deploy-failure-reporter report'): Promise<number> {
  phase('modules') // every module the command needs is loaded and evaluated (npm run bench's timeline)
  let flags
  try {
    flags = parseFlags([...args], {
      help: { type: 'boolean', short: 'h' },
      json: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      log: { type: 'string' },
      'reason-file': { type: 'string' },
    })
    if (flags.values['dry-run'] && flags.values.json) throw new ConfigError(['--dry-run and --json cannot be combined: a dry run has no outcome; see --help'])
  } catch (error) {
    // Even a usage error ends as the flags asked: with the --json line when it was among them.
    const log = ioLog(io)
    const code = reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
    await recordReport({ json: args.includes('--json'), dryRun: args.includes('--dry-run') }, io, undefined, log)
    return code
  }
  const { values, positionals } = flags
  if (values.help) {
    io.stdout.write(help(program))
    return EXIT.ok
  }
  // An unquoted reason arrives as several words; every one of them is kept.
  const reason = positionals.join(' ')
  return reportCommand({ reason, reasonFile: values['reason-file'], log: values.log, dryRun: values['dry-run'] === true, json: values.json === true }, io)
}
