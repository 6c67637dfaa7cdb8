// The spec's health check: GET <api_address>/health with a 5 s connect timeout and 3 retries 2 s apart.
// undici's Agent keeps the time limits; the core's retry loop retries, and says so after each attempt.
// undici's answer limits are idle timers (headersTimeout, bodyTimeout), which an answer sent a byte at a
// time resets for ever, so each attempt also has a hard deadline of its own: the connect timeout and the
// answer timeout added up. https://undici.nodejs.org/#/docs/api/Dispatcher?id=parameter-dispatchoptions
// It touches the network, like the trackers and the chat notifiers.
import { AttemptsExhausted, ConfigError, Unreachable } from '../core/errors.ts'
import type { Log } from '../core/log.ts'
import { passwordIn, registerSecret } from '../core/redact.ts'
import { attempt, attemptWarning } from '../core/retry/retry.ts'
import { proxyAgentOptions, proxyConfigured, registerProxySecrets } from '../http/proxy.ts'

/** How patient the check is; {@link HEALTH_DEFAULTS} are the spec's. */
export interface HealthOptions {
  readonly connectTimeoutMs: number
  readonly retries: number
  readonly retryDelayMs: number
  /**
   * How long to wait for the answer once connected. The spec sets none, but a server that accepts and
   * never answers would otherwise hold a pipeline for undici's default of 300 s.
   */
  readonly responseTimeoutMs: number
}

export const HEALTH_DEFAULTS: HealthOptions = Object.freeze({ connectTimeoutMs: 5_000, retries: 3, retryDelayMs: 2_000, responseTimeoutMs: 10_000 })

// The statuses curl's --retry treats as transient (https://curl.se/docs/manpage.html#--retry).
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504]
// The code of an attempt that outlived its deadline (see the top of this file).
const ATTEMPT_TIMEOUT = 'ATTEMPT_TIMEOUT'
const attemptMs = (options: HealthOptions) => options.connectTimeoutMs + options.responseTimeoutMs
// undici's own list, plus its timeouts and the attempt's deadline, which curl's --retry also retries.
const RETRY_CODES = [
  'ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'ENETDOWN', 'ENETUNREACH', 'EHOSTDOWN', 'EHOSTUNREACH', 'EPIPE',
  'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', ATTEMPT_TIMEOUT,
]

/** The address the check reads: `<api_address>/health`, without doubling a trailing slash. */
export function healthUrl(apiAddress: string): string {
  return `${apiAddress.replace(/\/+$/, '')}/health`
}

const seconds = (ms: number) => `${ms / 1000} s`

function why(error: unknown, options: HealthOptions): string {
  const code = (error as { code?: string } | undefined)?.code
  switch (code) {
    case 'ECONNREFUSED': return 'connection refused'
    case 'ENOTFOUND': return 'host not found'
    case 'UND_ERR_CONNECT_TIMEOUT': return `no connection within ${seconds(options.connectTimeoutMs)}`
    case 'UND_ERR_HEADERS_TIMEOUT': return `no answer within ${seconds(options.responseTimeoutMs)}`
    case ATTEMPT_TIMEOUT: return `no whole answer within ${seconds(attemptMs(options))}`
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET': return 'connection closed before an answer'
    default: return (error as Error | undefined)?.message ?? String(error)
  }
}

/**
 * GETs `<apiAddress>/health` and resolves to the final status code (200 means healthy), after retrying
 * connection failures, timeouts and transient statuses. Each failed attempt that another follows is the
 * same `[WARN] Attempt <n>/<max> failed, retrying in <delay>s... (<what>: <why>)` line the report prints
 * for its own retries, on `log` when given, so a check that retries is never silent for seconds.
 * Throws {@link Unreachable} when no answer came.
 */
export async function checkHealth(apiAddress: string, options: HealthOptions = HEALTH_DEFAULTS, log?: Log): Promise<number> {
  // Loaded here, not at the top: only this check needs undici's dispatcher API.
  // `.default`: undici is CommonJS. Node's import() also names its exports, but inside the package's
  // bundle import() yields them only as `default` (esbuild's Node interop), so this form works in both.
  const { Agent, EnvHttpProxyAgent, request } = (await import('undici')).default
  const settings = {
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.responseTimeoutMs,
    bodyTimeout: options.responseTimeoutMs,
  }
  // Through HTTPS_PROXY/HTTP_PROXY/NO_PROXY like curl, when set (lib/http/proxy.ts).
  if (proxyConfigured()) registerProxySecrets()
  const dispatcher = proxyConfigured() ? new EnvHttpProxyAgent({ ...settings, ...proxyAgentOptions() }) : new Agent(settings)
  const url = healthUrl(apiAddress)
  const max = options.retries + 1
  // The loop is the core's (lib/core/retry/retry.ts), not undici's RetryAgent: it prints each attempt.
  // A fixed delay, as curl's --retry-delay: no growth, and a Retry-After header cannot stretch it.
  let last: { status: number } | { error: unknown } | undefined
  const unreachable = (error: unknown, attempts: number) =>
    new Unreachable(`API unreachable: GET ${url} failed (${why(error, options)}) ${attempts === 1 ? 'on the only attempt' : `in all ${attempts} attempts`}`, error)
  try {
    return await attempt(
      max,
      () => options.retryDelayMs / 1000,
      async (n) => {
        // `dump` reads the body (up to its 128 KiB default, then drops it) and rejects only on its own signal.
        const deadline = AbortSignal.timeout(attemptMs(options))
        try {
          const { statusCode, body } = await request(url, { dispatcher, method: 'GET', signal: deadline })
          await body.dump({ limit: 128 * 1024, signal: deadline })
          last = { status: statusCode }
        } catch (caught) {
          const error = deadline.aborted ? Object.assign(new Error('the attempt timed out', { cause: caught }), { code: ATTEMPT_TIMEOUT }) : caught
          const code = (error as { code?: string }).code
          // Not one that may go away (a bad certificate, say): no more attempts.
          if (!code || !RETRY_CODES.includes(code)) throw unreachable(error, n)
          last = { error }
          throw error
        }
        // The last answer, whatever its status, is returned rather than thrown, so its code can be reported.
        if (RETRY_STATUSES.includes(last.status)) throw new TransientStatus(last.status)
        return last.status
      },
      {
        retryable: (error) => !(error instanceof Unreachable),
        onFailure: (n, m, seconds, error) => log?.warn(`${attemptWarning(n, m, seconds).replace(/^\[WARN\] /, '')} (GET ${url}: ${error instanceof TransientStatus ? `HTTP ${error.status}` : why(error, options)})`),
      },
    )
  } catch (error) {
    if (!(error instanceof AttemptsExhausted)) throw error
    if (last && 'status' in last) return last.status
    throw unreachable(last && 'error' in last ? last.error : undefined, max)
  } finally {
    await dispatcher.destroy()
  }
}

/** A transient status (503, …): worth another attempt, and the answer if it stays. */
class TransientStatus extends Error {
  readonly status: number
  constructor(status: number) {
    super(`HTTP ${status}`)
    this.status = status
  }
}

/**
 * `address` if it is an http(s) URL; otherwise a {@link ConfigError} saying what is expected. A password
 * in it (`https://user:pw@host`) is registered as a secret first (lib/core/redact.ts passwordIn, as for
 * the address settings), so that no line prints it, the error echoing a malformed address included.
 */
export function apiAddress(address: string | undefined): string {
  if (!address) throw new ConfigError([`Expected one <api_address>, such as https://api.example.com; see --help`])
  registerSecret(...passwordIn(address))
  if (!/^https?:\/\/[^/]/.test(address) || !URL.canParse(address)) {
    throw new ConfigError([`<api_address> must be an http(s) URL such as https://api.example.com, got ${JSON.stringify(address)}; see --help`])
  }
  return address
}

/** The final answer of a health check: 200 is healthy. */
export interface HealthResult {
  readonly healthy: boolean
  readonly status: number
}

/**
 * The health command, assembled once: checks `address` (see {@link checkHealth}) and says so, with the
 * spec's `API returned status <code>` for any status but 200.
 */
export async function healthCheck(address: string, options: HealthOptions, log: Log): Promise<HealthResult> {
  const status = await checkHealth(apiAddress(address), options, log)
  if (status === 200) log.info(`API is healthy: GET ${healthUrl(address)} returned 200`)
  else log.error(`API returned status ${status}`)
  return { healthy: status === 200, status }
}
