// `deploy-failure-reporter stats` (and `npx zx scripts/stats.mts`): how often each environment failed and
// how fast it recovered, read-only from the issues the reporter keeps.
import { outputFiles } from '../../config/config.ts'
import { ConfigError } from '../../core/errors.ts'
import { EXIT, reportFailure } from '../../run/exit.ts'
import { processIo, type Io } from '../../run/io.ts'
import { configure, maskingLog } from '../../run/session.ts'
import { appendStatsSummary, renderStats, statsOf } from '../../run/stats.ts'
import { parseFlags } from '../args.ts'

const help = (program: string) => `Usage: ${program} [options]

Reads, without writing anything, every issue labelled auto-deploy-failure updated in the period (and
the comments of those with recurrences or a reopen), rebuilds each environment's outages from the
reporter's own records, and prints per environment: episodes, failed runs, failed deployment recovery
time to the next good deploy (median, p90, longest; pipeline-based, not incident-based), whether it is
failing now, and the failed-deploy rate where the tracker records deployments (else "unknown"), from
their statuses.

Options:
  --since <90d|date>   start of the period: days before --until, or a date YYYY-MM-DD (default 90d)
  --until <date>       end of the period, that day included (default: now)
  --env <name>         only this environment; repeat for more (default: every one that failed)
  --format <name>      table (default), markdown (with Mermaid charts), json, or badge (one shields.io
                       endpoint JSON a line, per environment)
  --tz <zone>          IANA time zone for dates, times and weeks (default UTC)
  --summary            also append the Markdown to $GITHUB_STEP_SUMMARY (GitHub Actions)
  -h, --help           show this text
  -v, --version        print the version

Environment (a .env file in the current folder is read too; set variables win; REPORT_DOTENV=off
skips it): ISSUE_TOKEN (or a GitHub App), ISSUE_REPO, ISSUE_TRACKER, as for the other commands.
Every variable, with its default: docs/configuration.md; the figures: docs/stats.md

Exit codes: 0 printed; 1 the history could not be read whole (nothing printed); 2 bad flags or
configuration.
`

/**
 * Runs the stats command with `args` and resolves to its exit code: 0 printed, 1 the history could not
 * be read, 2 bad flags or configuration. `program` names it in `--help`.
 */
export async function runStats(args: readonly string[], io: Io = processIo(), program = 'deploy-failure-reporter stats'): Promise<number> {
  const masking = maskingLog(io)
  const { log } = masking
  const main = async (): Promise<number> => {
    const { values, positionals } = parseFlags([...args], {
      help: { type: 'boolean', short: 'h' },
      since: { type: 'string' },
      until: { type: 'string' },
      env: { type: 'string', multiple: true },
      format: { type: 'string' },
      tz: { type: 'string' },
      summary: { type: 'boolean' },
    })
    if (values.help) {
      io.stdout.write(help(program))
      return EXIT.ok
    }
    if (positionals.length) throw new ConfigError([`stats takes no arguments, got ${JSON.stringify(positionals[0])}; see --help`])
    const config = configure(io.env, masking, { dotenv: true })
    const { report, format } = await statsOf({ config, log, env: io.env, time: new Date() }, values)
    io.stdout.write(renderStats(report, format))
    if (values.summary) {
      const { stepSummary } = outputFiles(io.env)
      if (!stepSummary) log.warn('--summary: GITHUB_STEP_SUMMARY is not set (it is, in a GitHub Actions step), so no job summary was written')
      else {
        try {
          appendStatsSummary(stepSummary, report)
        } catch (error) {
          log.warn(`Could not append to the job summary ${stepSummary} (${(error as Error).message})`)
        }
      }
    }
    return EXIT.ok
  }
  try {
    return await main()
  } catch (error) {
    return reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
  }
}
