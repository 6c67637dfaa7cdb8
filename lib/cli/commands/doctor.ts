// `deploy-failure-reporter doctor` (and `npx zx scripts/doctor.mts`): preflight for wiring the reporter in.
import { ConfigError } from '../../core/errors.ts'
import type { Check } from '../../core/check.ts'
import { redact } from '../../core/log.ts'
import { doctor } from '../../run/doctor.ts'
import { EXIT, reportFailure } from '../../run/exit.ts'
import { processIo, type Io } from '../../run/io.ts'
import { configureReport } from '../../run/report.ts'
import { maskingLog } from '../../run/session.ts'
import { parseFlags } from '../args.ts'

const help = (program: string) => `Usage: ${program} [--ping]

Checks, one line each (✓ or ✗), what the reporter needs: the configuration, the identity (a user, or
a GitHub App, its installation and that installation's issues permission), that the token is
accepted, the remaining API quota, that the repository can be read and the identity may push to it
(a classic token: has the repo scope), its latest commit, that the labels auto-deploy-failure and ops
exist, whether a chat webhook is configured, when a proxy variable is set, which proxy requests go
through, and in GitHub Actions, whether the token can read the run's jobs (REPORT_CI_LOG=auto needs
permissions: actions: read). Reads only; no token or key is ever printed.

Options:
  --ping         also post a test message to the chat (CHAT_WEBHOOK in CHAT_FORMAT, or Slack's Web
                 API)
  -h, --help     show this text
  -v, --version  print the version

Environment: as for the report command (ISSUE_TOKEN, ISSUE_REPO, CHAT_WEBHOOK, …; a .env file in the
current folder is read too, REPORT_DOTENV=off skips it); REPORT_TEMPLATE is rendered with sample
values, REPORT_MILESTONE looked up, and REPORT_PROJECT's board checked for access.
Every variable, with its default: docs/configuration.md

Exit codes: 0 every check passed, 1 a check failed, 2 bad configuration (or bad arguments).
`

/**
 * Runs the doctor with `args` and resolves to its exit code: 0 every check passed, 1 a check failed,
 * 2 bad configuration or arguments. `program` names it in `--help`.
 */
export async function runDoctor(args: readonly string[], io: Io = processIo(), program = 'deploy-failure-reporter doctor'): Promise<number> {
  // The configuration's secrets, once it is read: never printed.
  let secrets: readonly string[] = []
  const masking = maskingLog(io)
  const { log } = masking
  const hide = (next: readonly string[]) => (masking.hide(next), (secrets = next))
  const print = (check: Check) => io.stdout.write(redact(`${check.ok ? '✓' : '✗'} ${check.text}\n`, secrets))

  const main = async (): Promise<number> => {
    const { values, positionals } = parseFlags([...args], { help: { type: 'boolean', short: 'h' }, ping: { type: 'boolean' } })
    if (values.help) {
      io.stdout.write(help(program))
      return EXIT.ok
    }
    if (positionals.length) throw new ConfigError([`Unexpected argument ${JSON.stringify(positionals[0])}; see --help`])
    let config
    try {
      config = await configureReport(io.env, { log, hide }, { dotenv: true, warnings: false })
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      for (const problem of error.problems) print({ ok: false, text: `configuration: ${problem}` })
      log.error('Fix the configuration and run the doctor again')
      return EXIT.config
    }
    const checks = await doctor({ config, log, env: io.env, time: new Date() }, { ping: values.ping === true })
    checks.forEach(print)
    const failed = checks.filter((c) => !c.ok).length
    if (failed) {
      log.error(`${failed} of ${checks.length} checks failed`)
      return EXIT.failed
    }
    log.info(`All ${checks.length} checks passed`)
    return EXIT.ok
  }

  try {
    return await main()
  } catch (error) {
    return reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
  }
}
