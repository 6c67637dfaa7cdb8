// `deploy-failure-reporter retry` (and `npx zx scripts/retry.mts`): the spec's retry and backoff helpers
// around a command.
import { AttemptsExhausted, ConfigError } from '../../core/errors.ts'
import { EXIT, reportFailure } from '../../run/exit.ts'
import { ioLog, processIo, type Io } from '../../run/io.ts'
import { retryCommand } from '../../run/retry.ts'
import { parseFlags, parseNumber } from '../args.ts'

const help = (program: string) => `Usage: ${program} <max_attempts> <delay_seconds> -- <command…>
       ${program} --backoff [max_attempts] [base_delay] -- <command…>

Runs <command…> (its words passed as they are, not re-split by a shell) until it succeeds, at most
<max_attempts> times. Its output passes through. After each failed attempt but the last, it prints
  [WARN] Attempt <n>/<max> failed, retrying in <delay>s...
to stderr and waits; when every attempt failed it prints [ERROR] All <max> attempts failed at once.

Options:
  --backoff      the backoff helper: the delay after attempt n is base_delay × 2^(n−1) seconds
                 (defaults 3 attempts and 1 s: waits 1, then 2 s), and no final [ERROR] line
  -h, --help     show this text
  -v, --version  print the version

Environment: none read; the command inherits the environment.

Exit codes: 0 an attempt succeeded, 1 every attempt failed, 2 bad arguments.
`

/**
 * Runs the retry helper with `args` and resolves to its exit code: 0 an attempt succeeded, 1 every
 * attempt failed, 2 bad arguments. The command's own output goes straight to this process's streams.
 */
export async function runRetry(args: readonly string[], io: Io = processIo(), program = 'deploy-failure-reporter retry'): Promise<number> {
  const log = ioLog(io)
  const main = async (): Promise<number> => {
    // Everything after the first `--` is the command, flags included, so it is split off before parsing.
    const split = args.indexOf('--')
    const { values, positionals } = parseFlags(split === -1 ? [...args] : args.slice(0, split), {
      help: { type: 'boolean', short: 'h' },
      backoff: { type: 'boolean' },
    })
    if (values.help) {
      io.stdout.write(help(program))
      return EXIT.ok
    }
    const command = split === -1 ? [] : args.slice(split + 1)
    if (command.length === 0) throw new ConfigError([`No command given: put it after --, as in ${program} 3 2 -- curl -f https://example.com; see --help`])
    const [maxText, delayText, ...extra] = positionals
    if (extra.length || (!values.backoff && positionals.length !== 2)) {
      throw new ConfigError([`Expected ${values.backoff ? 'at most ' : ''}<max_attempts> <delay_seconds> before --, got ${JSON.stringify(positionals)}; see --help`])
    }
    const max = maxText === undefined ? 3 : parseNumber('max_attempts', maxText, { min: 1, integer: true })
    const delay = delayText === undefined ? 1 : parseNumber(values.backoff ? 'base_delay' : 'delay_seconds', delayText)

    await retryCommand(command, { maxAttempts: max, delaySeconds: delay, backoff: values.backoff === true }, io)
    return EXIT.ok
  }
  try {
    return await main()
  } catch (error) {
    // The helpers have already said so on stderr ([WARN] lines, and [ERROR] for the retry helper).
    return error instanceof AttemptsExhausted ? EXIT.failed : reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
  }
}
