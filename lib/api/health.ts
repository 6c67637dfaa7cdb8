// checkHealth: the spec's health check for a team's own scripts.
import { HEALTH_DEFAULTS, healthCheck, type HealthResult } from '../run/health.ts'
import { optionsLog } from './options.ts'

export type { HealthResult } from '../run/health.ts'

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

/**
 * GETs `<apiAddress>/health`, retrying connection failures, timeouts and transient statuses, and resolves
 * to the final status. Prints the spec's `API returned status <code>` line for any status but 200 (unless
 * `quiet`). Rejects with a `ConfigError` for an address that is not http(s), and with `Unreachable` when
 * no answer came at all.
 */
export async function checkHealth(address: string, options: HealthCheckOptions = {}): Promise<HealthResult> {
  const ms = (seconds: number | undefined, fallback: number) => (seconds === undefined ? fallback : Math.round(seconds * 1000))
  return healthCheck(
    address,
    {
      connectTimeoutMs: ms(options.connectTimeoutSeconds, HEALTH_DEFAULTS.connectTimeoutMs),
      retries: options.retries ?? HEALTH_DEFAULTS.retries,
      retryDelayMs: ms(options.retryDelaySeconds, HEALTH_DEFAULTS.retryDelayMs),
      responseTimeoutMs: ms(options.timeoutSeconds, HEALTH_DEFAULTS.responseTimeoutMs),
    },
    optionsLog(options),
  )
}
