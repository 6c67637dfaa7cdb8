// `deploy-failure-reporter report` (and `npx zx scripts/report.mts`): files one GitHub issue for a failed
// deploy and posts a chat notice.
import { ConfigError } from '../../core/errors.ts'
import { DEFAULT_REASON } from '../../core/text/issue.ts'
import { EXIT, reportFailure } from '../../run/exit.ts'
import { ioLog, processIo, type Io } from '../../run/io.ts'
import { phase } from '../../run/phase.ts'
import { recordReport, reportCommand } from '../../run/report-command.ts'
import { parseFlags } from '../args.ts'
import { sharedHelp } from '../help.ts'

const help = (program: string) => `Usage: ${program} [options] [reason]

Files one issue labelled auto-deploy-failure and ops for a failed deploy (unless an open one already
has the same title), then posts a notice to CHAT_WEBHOOK. The reason defaults to "${DEFAULT_REASON}".
Quoting the reason is optional: several words are joined with single spaces into one reason.

Options:
  --log <file>          put the last REPORT_LOG_LINES (default 100) lines of <file> (- = standard
                        input) in the issue, colour codes stripped and secrets masked (default:
                        REPORT_LOG_FILE)
  --reason-file <file>  read the reason from <file> (- = standard input) instead of the argument
  --dry-run             check and render only: print the title, body and chat text a real run would
                        send, and whether an open duplicate exists (with ISSUE_TOKEN); write nothing
  --json                end stdout with one JSON line: {"outcome", "number", "url", "title"} (outcome:
                        created, duplicate, commented, reopened or failed), whatever the exit code
${sharedHelp(22)}
  CHAT_WEBHOOK          the chat notice's address (CHAT_FORMAT: its body; docs/chat.md)
  DEPLOY_ENV            the environment the title names
  ON_DUPLICATE          skip (default) or comment: what a duplicate does
  REPORT_CI_LOG=auto    in GitHub Actions, a What failed section (needs actions: read)
  CI_PIPELINE_URL, CI_COMMIT_SHA, CI_COMMIT_MESSAGE: taken from GitHub Actions, Jenkins, CircleCI
  or Buildkite when unset; GITHUB_OUTPUT, GITHUB_STEP_SUMMARY: written when set.
Every variable, with its default: docs/configuration.md

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
