// The spec's health check: GET <api_address>/health with a 5 s connect timeout and 3 retries 2 s apart.
// undici's Agent (connect timeout) and RetryAgent (retries) do the work; this module only sets them up.
// It touches the network, like the trackers and the chat notifiers.
import { ConfigError, Unreachable } from '../core/errors.ts'
import type { Log } from '../core/log.ts'
import { PROXY_AGENT_OPTIONS, proxyConfigured, registerProxySecrets } from '../http/proxy.ts'

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
// undici's own list, plus its timeouts, which curl's --retry also retries.
const RETRY_CODES = [
  'ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'ENETDOWN', 'ENETUNREACH', 'EHOSTDOWN', 'EHOSTUNREACH', 'EPIPE',
  'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT',
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
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET': return 'connection closed before an answer'
    default: return (error as Error | undefined)?.message ?? String(error)
  }
}

/**
 * GETs `<apiAddress>/health` and resolves to the final status code (200 means healthy), after retrying
 * connection failures, timeouts and transient statuses. Throws {@link Unreachable} when no answer came.
 */
export async function checkHealth(apiAddress: string, options: HealthOptions = HEALTH_DEFAULTS): Promise<number> {
  // Loaded here, not at the top: only this check needs undici's dispatcher API.
  // `.default`: undici is CommonJS. Node's import() also names its exports, but inside the package's
  // bundle import() yields them only as `default` (esbuild's Node interop), so this form works in both.
  const { Agent, EnvHttpProxyAgent, RetryAgent, request } = (await import('undici')).default
  const settings = {
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.responseTimeoutMs,
    bodyTimeout: options.responseTimeoutMs,
  }
  // Through HTTPS_PROXY/HTTP_PROXY/NO_PROXY like curl, when set (lib/http/proxy.ts).
  if (proxyConfigured()) registerProxySecrets()
  const agent = proxyConfigured() ? new EnvHttpProxyAgent({ ...settings, ...PROXY_AGENT_OPTIONS }) : new Agent(settings)
  let attempts = 0
  const counted = agent.compose((dispatch) => (opts, handler) => {
    attempts++
    return dispatch(opts, handler)
  })
  const dispatcher = new RetryAgent(counted, {
    maxRetries: options.retries,
    // A fixed delay, as curl's --retry-delay: no growth, and a Retry-After header cannot stretch it.
    minTimeout: options.retryDelayMs,
    maxTimeout: options.retryDelayMs,
    timeoutFactor: 1,
    methods: ['GET'],
    statusCodes: RETRY_STATUSES,
    errorCodes: RETRY_CODES,
    // The last answer, whatever its status, is returned rather than thrown, so its code can be reported.
    throwOnError: false,
  })
  const url = healthUrl(apiAddress)
  try {
    const { statusCode, body } = await request(url, { dispatcher, method: 'GET' })
    await body.dump()
    return statusCode
  } catch (error) {
    throw new Unreachable(`API unreachable: GET ${url} failed (${why(error, options)}) ${attempts === 1 ? 'on the only attempt' : `in all ${attempts} attempts`}`, error)
  } finally {
    await agent.destroy()
  }
}

/** `address` if it is an http(s) URL; otherwise a {@link ConfigError} saying what is expected. */
export function apiAddress(address: string | undefined): string {
  if (!address) throw new ConfigError([`Expected one <api_address>, such as https://api.example.com; see --help`])
  if (!/^https?:\/\/[^/]/.test(address) || !URL.canParse(address)) {
    throw new ConfigError([`<api_address> must be an http(s) URL such as https://api.example.com, got ${JSON.stringify(address)}`])
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
  const status = await checkHealth(apiAddress(address), options)
  if (status === 200) log.info(`API is healthy: GET ${healthUrl(address)} returned 200`)
  else log.error(`API returned status ${status}`)
  return { healthy: status === 200, status }
}
