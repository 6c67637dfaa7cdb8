// checkHealth: the spec's health check for a team's own scripts.
import { apiAddress } from '../cli/commands/health.ts'
import { checkHealth as getHealth, HEALTH_DEFAULTS, healthUrl } from '../run/health.ts'
import { optionsLog } from './options.ts'

/** Options of {@link checkHealth}; the defaults are the spec's (5 s to connect, 3 retries 2 s apart). */
export interface HealthCheckOptions {
  readonly connectTimeoutSeconds?: number
  readonly retries?: number
  readonly retryDelaySeconds?: number
  /** Seconds to wait for the answer once connected (default 10). */
  readonly timeoutSeconds?: number
  /** No `[INFO]`/`[ERROR]` line (default false). */
  readonly quiet?: boolean
}

/** The final answer of a health check: 200 is healthy. */
export interface HealthResult {
  readonly healthy: boolean
  readonly status: number
}

/**
 * GETs `<apiAddress>/health`, retrying connection failures, timeouts and transient statuses, and resolves
 * to the final status. Prints the spec's `API returned status <code>` line for any status but 200 (unless
 * `quiet`). Rejects with a `ConfigError` for an address that is not http(s), and with `Unreachable` when
 * no answer came at all.
 */
export async function checkHealth(address: string, options: HealthCheckOptions = {}): Promise<HealthResult> {
  const ms = (seconds: number | undefined, fallback: number) => (seconds === undefined ? fallback : Math.round(seconds * 1000))
  const log = optionsLog(options, () => [])
  const status = await getHealth(apiAddress(address), {
    connectTimeoutMs: ms(options.connectTimeoutSeconds, HEALTH_DEFAULTS.connectTimeoutMs),
    retries: options.retries ?? HEALTH_DEFAULTS.retries,
    retryDelayMs: ms(options.retryDelaySeconds, HEALTH_DEFAULTS.retryDelayMs),
    responseTimeoutMs: ms(options.timeoutSeconds, HEALTH_DEFAULTS.responseTimeoutMs),
  }, log)
  if (status === 200) log.info(`API is healthy: GET ${healthUrl(address)} returned 200`)
  else log.error(`API returned status ${status}`)
  return { healthy: status === 200, status }
}
