// The spec's health check: is the API at <api_address> answering 200 on /health? Usage: see --help.
import { EXIT, parseFlags, parseNumber, reportFailure, scriptArgs } from '../lib/cli/args.ts'
import { ConfigError } from '../lib/errors.ts'
import { checkHealth, HEALTH_DEFAULTS, healthUrl } from '../lib/cli/health.ts'
import { consoleLog } from '../lib/core/log.ts'

const d = HEALTH_DEFAULTS
const HELP = `Usage: npx zx scripts/health.mts [options] <api_address>

GETs <api_address>/health. Connection failures, timeouts and the statuses 408, 429, 500, 502, 503 and
504 are retried. 200 means healthy; any other final status prints "API returned status <code>".

Options:
  --connect-timeout <s>  seconds to wait for the connection (default ${d.connectTimeoutMs / 1000})
  --retries <n>          retries after the first attempt (default ${d.retries})
  --retry-delay <s>      seconds between attempts (default ${d.retryDelayMs / 1000})
  --timeout <s>          seconds to wait for the answer once connected (default ${d.responseTimeoutMs / 1000})
  -h, --help             show this text

Environment: none read.

Exit codes: 0 healthy (200), 1 any other status or no answer, 2 bad arguments.
`

const log = consoleLog()

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags(args, {
    help: { type: 'boolean', short: 'h' },
    'connect-timeout': { type: 'string' },
    retries: { type: 'string' },
    'retry-delay': { type: 'string' },
    timeout: { type: 'string' },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return EXIT.ok
  }
  const [address, ...extra] = positionals
  if (!address || extra.length) throw new ConfigError([`Expected one <api_address>, such as https://api.example.com; see --help`])
  if (!/^https?:\/\/[^/]/.test(address) || !URL.canParse(address)) {
    throw new ConfigError([`<api_address> must be an http(s) URL such as https://api.example.com, got ${JSON.stringify(address)}`])
  }
  const ms = (name: string, text: string | undefined, fallback: number) =>
    text === undefined ? fallback : Math.round(parseNumber(`--${name}`, text, { min: 0.001 }) * 1000)
  const status = await checkHealth(address, {
    connectTimeoutMs: ms('connect-timeout', values['connect-timeout'], d.connectTimeoutMs),
    retries: values.retries === undefined ? d.retries : parseNumber('--retries', values.retries, { integer: true }),
    retryDelayMs: values['retry-delay'] === undefined ? d.retryDelayMs : Math.round(parseNumber('--retry-delay', values['retry-delay']) * 1000),
    responseTimeoutMs: ms('timeout', values.timeout, d.responseTimeoutMs),
  })
  if (status !== 200) {
    log.error(`API returned status ${status}`)
    return EXIT.failed
  }
  log.info(`API is healthy: GET ${healthUrl(address)} returned 200`)
  return EXIT.ok
}

try {
  process.exitCode = await main(scriptArgs(import.meta.url))
} catch (error) {
  process.exitCode = reportFailure(error, log)
}
