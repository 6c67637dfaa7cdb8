// `deploy-failure-reporter health` (and `npx zx scripts/health.mts`): the spec's health check.
import { EXIT, reportFailure } from '../../run/exit.ts'
import { apiAddress, HEALTH_DEFAULTS, healthCheck } from '../../run/health.ts'
import { ioLog, processIo, type Io } from '../../run/io.ts'
import { parseFlags, parseNumber } from '../args.ts'

const d = HEALTH_DEFAULTS
const help = (program: string) => `Usage: ${program} [options] <api_address>

GETs <api_address>/health. Connection failures, timeouts and the statuses 408, 429, 500, 502, 503 and
504 are retried, each with a [WARN] line. 200 means healthy; any other final status prints "API
returned status <code>".

Options:
  --connect-timeout <s>  seconds to wait for the connection (default ${d.connectTimeoutMs / 1000})
  --retries <n>          retries after the first attempt (default ${d.retries})
  --retry-delay <s>      seconds between attempts (default ${d.retryDelayMs / 1000})
  --timeout <s>          seconds to wait for the answer once connected (default
                         ${d.responseTimeoutMs / 1000})
  -h, --help             show this text
  -v, --version          print the version

Environment: HTTPS_PROXY, HTTP_PROXY and NO_PROXY (lower-case too), as curl reads them.

Exit codes: 0 healthy (200), 1 any other status or no answer, 2 bad arguments.
`

/**
 * Runs the health check with `args` and resolves to its exit code: 0 healthy, 1 another status or no
 * answer, 2 bad arguments. `program` names it in `--help`.
 */
export async function runHealth(args: readonly string[], io: Io = processIo(), program = 'deploy-failure-reporter health'): Promise<number> {
  const log = ioLog(io)
  const main = async (): Promise<number> => {
    const { values, positionals } = parseFlags([...args], {
      help: { type: 'boolean', short: 'h' },
      'connect-timeout': { type: 'string' },
      retries: { type: 'string' },
      'retry-delay': { type: 'string' },
      timeout: { type: 'string' },
    })
    if (values.help) {
      io.stdout.write(help(program))
      return EXIT.ok
    }
    if (positionals.length > 1) apiAddress(undefined)
    const address = apiAddress(positionals[0])
    const ms = (name: string, text: string | undefined, fallback: number) =>
      text === undefined ? fallback : Math.round(parseNumber(`--${name}`, text, { min: 0.001 }) * 1000)
    const { healthy } = await healthCheck(address, {
      connectTimeoutMs: ms('connect-timeout', values['connect-timeout'], d.connectTimeoutMs),
      retries: values.retries === undefined ? d.retries : parseNumber('--retries', values.retries, { integer: true }),
      retryDelayMs: values['retry-delay'] === undefined ? d.retryDelayMs : Math.round(parseNumber('--retry-delay', values['retry-delay']) * 1000),
      responseTimeoutMs: ms('timeout', values.timeout, d.responseTimeoutMs),
    }, log)
    return healthy ? EXIT.ok : EXIT.failed
  }
  try {
    return await main()
  } catch (error) {
    return reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
  }
}
