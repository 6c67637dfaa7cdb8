// `deploy-failure-reporter resolve` (and `npx zx scripts/resolve.mts`): closes the open deploy-failure
// issues of an environment after a good deploy.
import { ConfigError } from '../../core/errors.ts'
import { EXIT, reportFailure } from '../../run/exit.ts'
import { ioLog, processIo, type Io } from '../../run/io.ts'
import { NOT_RESOLVED, recordResolve, resolveCommand } from '../../run/resolve-command.ts'
import { parseFlags } from '../args.ts'
import { sharedHelp } from '../help.ts'

const help = (program: string) => `Usage: ${program} [options]

Run after a successful deploy. Closes (as completed, with a comment naming this deploy's commit, time
and pipeline) every open issue labelled auto-deploy-failure whose title is for DEPLOY_ENV, whatever its
commit or day; other environments, pull requests and unlabelled issues are never touched. Then posts
one recovery notice to CHAT_WEBHOOK, only if it closed something.

Options:
  --dry-run      list the issues it would close and the texts it would send; write nothing
  --json         end with one JSON line: {"outcome": "resolved"|"nothing"|"failed", "closed": [...],
                 "failed": [...]}
${sharedHelp(15)}
  CHAT_WEBHOOK   the recovery notice's address (docs/chat.md)
  DEPLOY_ENV     the environment whose issues are closed
  CI_PIPELINE_URL, CI_COMMIT_SHA: this deploy's, named in the comment; GITHUB_OUTPUT: written when set.
Every variable, with its default: docs/configuration.md

Exit codes: 0 closed every matching issue, or there was none; 1 an issue could not be closed or the
issues could not be listed (each named on stderr); 2 bad configuration.
`

const parse = (args: readonly string[]) =>
  parseFlags([...args], {
    help: { type: 'boolean', short: 'h' },
    'dry-run': { type: 'boolean' },
    json: { type: 'boolean' },
  })

/**
 * Runs the resolve command with `args` and resolves to its exit code: 0 closed all or nothing to close,
 * 1 something could not be closed or listed, 2 bad configuration. `program` names it in `--help`.
 */
export async function runResolve(args: readonly string[], io: Io = processIo(), program = 'deploy-failure-reporter resolve'): Promise<number> {
  let flags: ReturnType<typeof parse> | undefined
  try {
    flags = parse(args)
    if (flags.values.help) {
      io.stdout.write(help(program))
      return EXIT.ok
    }
    if (flags.positionals.length) throw new ConfigError([`resolve takes no arguments, got ${JSON.stringify(flags.positionals[0])}; see --help`])
  } catch (error) {
    const log = ioLog(io)
    const code = reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
    // Unparsed flags ask for nothing: the --json line only when the flags themselves were read.
    recordResolve({ json: flags?.values.json === true }, io, NOT_RESOLVED, log)
    return code
  }
  return resolveCommand({ dryRun: flags.values['dry-run'] === true, json: flags.values.json === true }, io)
}
