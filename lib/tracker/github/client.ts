import { AsyncLocalStorage } from 'node:async_hooks'
import { Octokit } from '@octokit/core'
import { paginateRest } from '@octokit/plugin-paginate-rest'
import { throttling } from '@octokit/plugin-throttling'
import Bottleneck from 'bottleneck/light.js'
import { fetchQuietly } from '../../http/fetch.ts'
import { localTimestamp } from '../../core/issue.ts'
import type { Log } from '../../core/log.ts'
import { isKnownToThrottling, rateLimitOf, RateLimited, waitBudget } from './ratelimit.ts'
import { actsAs, createAppAuthFor } from './app-auth.ts'
import type { AppCredentials } from '../../config/app.ts'
import { AttemptsExhausted, attemptWarning, backoff } from '../../core/retry.ts'

const ThrottledOctokit = Octokit.plugin(throttling, paginateRest)
/** The one API client type every tool uses. */
export type GitHub = InstanceType<typeof ThrottledOctokit>
type Endpoint = Parameters<GitHub['request']['endpoint']['parse']>[0]

/** What the client factory needs: a subset of `Config`, so tests can build one by hand. */
export interface ClientOptions {
  readonly token: string
  readonly apiUrl: string
  readonly timeoutMs: number
  readonly maxWaitSeconds: number
  readonly retryAttempts: number
  readonly retryDelaySeconds: number
  /** Seconds between writes (REPORT_WRITE_INTERVAL); undefined keeps plugin-throttling's own pacing. */
  readonly writeIntervalSeconds?: number
  /** Act as this GitHub App's installation on `owner/repo` instead of `token` (app-auth.ts). */
  readonly app?: AppCredentials
  readonly owner?: string
  readonly repo?: string
}

// GitHub asks callers to slow down as the quota runs low; one warning per run is enough to be seen.
// https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api
const LOW_QUOTA = 100

// Pins the REST API version, as GitHub asks; the spec's `Accept: application/vnd.github.v3+json` (Octokit's
// default) stays. https://docs.github.com/en/rest/about-the-rest-api/api-versions
export const GITHUB_API_VERSION = '2022-11-28'

// A limit handler that keeps saying yes to a 0 s wait would retry forever; a few rounds are plenty.
const MAX_LIMIT_RETRIES = 3

// Carried through async context rather than as a request option because plugin-paginate-rest passes
// only method, url and headers on to the pages after the first.
const attemptsOverride = new AsyncLocalStorage<number>()

/**
 * Runs `fn` with every GET it makes tried `attempts` times instead of the client's setting: for callers
 * that retry a whole look themselves, so that retries never multiply.
 */
export function withAttempts<T>(attempts: number, fn: () => Promise<T>): Promise<T> {
  return attemptsOverride.run(attempts, fn)
}

interface ErrorLike {
  status?: number
  response?: { headers?: Record<string, string | number | undefined> }
}

/**
 * Whether an API error may go away on its own: a 5xx, or no answer at all (reset, refused, timed out),
 * which Octokit reports as status 500 without a response.
 */
export function isTransient(error: unknown): boolean {
  const { status, response } = (error ?? {}) as ErrorLike
  return response === undefined || status === undefined || status >= 500
}

/** A short, token-free description of an API error for `[WARN]`/`[ERROR]` lines. */
export function describeError(error: unknown): string {
  if (error instanceof RateLimited) return error.message
  const e = (error ?? {}) as ErrorLike & { message?: string; cause?: { message?: string; code?: string } }
  if (e.response === undefined) {
    const cause = e.cause?.code ?? e.cause?.message
    return `no answer from the API (${e.message ?? 'network error'}${cause && cause !== e.message ? `: ${cause}` : ''})`
  }
  return `HTTP ${e.status}: ${e.message ?? ''}`.trim()
}

// GitHub asks for at least one second between writes (POST, PATCH, PUT, DELETE) to avoid secondary limits:
// https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#pause-between-mutative-requests
// plugin-throttling paces writes 1 s apart and POSTs that notify people (issues, comments) 3 s apart, in
// groups shared by the whole process. Production keeps exactly that (an interval of 1 s); the interval is
// configurable only so tests and rate-limit-free GitHub Enterprise servers need not wait, and the groups
// are still the plugin's mechanism, shared per process, so the pacing code path always runs.
const NOTIFY_FACTOR = 3
const pacingGroups = new Map<number, { write: Bottleneck.Group; notifications: Bottleneck.Group }>()
function pacing(seconds: number) {
  let groups = pacingGroups.get(seconds)
  if (!groups) {
    const minTime = Math.round(seconds * 1000)
    groups = {
      write: new Bottleneck.Group({ maxConcurrent: 1, minTime }),
      notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: minTime * NOTIFY_FACTOR }),
    }
    pacingGroups.set(seconds, groups)
  }
  return groups
}

const timedFetch =
  (timeoutMs: number): typeof fetch =>
  (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout
    return fetchQuietly(input, { ...init, signal })
  }

/**
 * The throttled Octokit client all issue-tracking calls go through: `Authorization: Bearer <token>` sent
 * to the API's own origin only, JSON headers, a timeout on every request, rate limits waited out within
 * `maxWaitSeconds` in all, and transient failures of reads retried with the backoff helper.
 */
export function createGitHub(options: ClientOptions, log: Log): GitHub {
  const origin = new URL(options.apiUrl).origin
  const budget = waitBudget(options.maxWaitSeconds)
  let quotaWarned = false

  const onLimit = (kind: string) => (retryAfter: number, request: Endpoint, _: unknown, retryCount: number) => {
    if (retryCount >= MAX_LIMIT_RETRIES || !budget.take(retryAfter)) return false
    log.warn(`${kind} rate limit on ${describeRequest(request)}; waiting ${retryAfter}s`)
    return true
  }

  const octokit = new ThrottledOctokit({
    baseUrl: options.apiUrl,
    userAgent: 'deploy-failure-reporter',
    request: { fetch: timedFetch(options.timeoutMs) },
    log: { debug: () => {}, info: () => {}, warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) },
    throttle: {
      onRateLimit: onLimit('Primary'),
      onSecondaryRateLimit: onLimit('Secondary'),
      ...(options.writeIntervalSeconds === undefined ? {} : pacing(options.writeIntervalSeconds)),
    },
  })

  const app = options.app && createAppAuthFor(options.app, { owner: options.owner ?? '', repo: options.repo ?? '', apiUrl: options.apiUrl, fetch: timedFetch(options.timeoutMs), headers: { 'x-github-api-version': GITHUB_API_VERSION } })
  if (app) actsAs(octokit, app)

  octokit.hook.before('request', async (request) => {
    request.headers['content-type'] = 'application/json'
    request.headers['x-github-api-version'] = GITHUB_API_VERSION
    // The spec wants the Bearer scheme (Octokit's `auth` option sends `token`), and the token must never
    // reach another origin, such as one named in a `Link` header. An App's installation token likewise.
    if (new URL(request.url, options.apiUrl).origin !== origin) return
    const token = app ? await app.token() : options.token
    if (token) request.headers.authorization = `Bearer ${token}`
  })

  const watchQuota = (headers: Record<string, string | number | undefined> | undefined) => {
    const remaining = Number(headers?.['x-ratelimit-remaining'])
    if (!quotaWarned && headers?.['x-ratelimit-remaining'] !== undefined && remaining < LOW_QUOTA) {
      quotaWarned = true
      log.warn(`GitHub API quota is low: ${remaining} requests left until ${resetTime(headers)}`)
    }
  }
  octokit.hook.after('request', (response) => watchQuota(response.headers))

  const describeRequest = (endpoint: Endpoint) =>
    `${endpoint.method} ${pathOf(octokit.request.endpoint.parse(endpoint).url)}`

  // plugin-throttling knows a secondary limit only by its wording; GitHub also answers 403/429 with just
  // `retry-after` (docs above), which is waited out here within the same budget and with the same warning.
  const waitingOutLimits = async <T>(send: () => Promise<T>, where: string): Promise<T> => {
    for (let retries = 0; ; retries++) {
      try {
        return await send()
      } catch (error) {
        const limit = rateLimitOf(error)
        if (!limit || isKnownToThrottling(error) || retries >= MAX_LIMIT_RETRIES || !budget.take(limit.waitSeconds)) throw error
        log.warn(`Secondary rate limit on ${where}; waiting ${limit.waitSeconds}s`)
        await new Promise((resolve) => setTimeout(resolve, limit.waitSeconds * 1000))
      }
    }
  }

  octokit.hook.wrap('request', async (request, endpoint) => {
    // Only reads are retried here: a write that failed may still have been committed, so the caller
    // decides (the reporter looks again before creating again).
    const retryAttempts = endpoint.method === 'GET' ? (attemptsOverride.getStore() ?? options.retryAttempts) : 1
    const where = describeRequest(endpoint)
    try {
      return await retryTransient({ retryAttempts, retryDelaySeconds: options.retryDelaySeconds }, where, () => waitingOutLimits(() => complete(request(endpoint)), where), log)
    } catch (last) {
      watchQuota((last as ErrorLike).response?.headers)
      // A limit that outlasts the budget: no more calls this run (GitHub may ban clients that keep calling).
      const limit = rateLimitOf(last)
      throw limit ? new RateLimited(limit, where, options.maxWaitSeconds, last) : last
    }
  })

  return octokit
}

/**
 * Runs `send` up to `retryAttempts` times with the backoff helper, again only after a transient failure
 * (see {@link isTransient}), with the spec's attempt warning naming `what` after each; throws the last
 * error itself. For writes that are safe to repeat (closing, or a create that looks before it retries).
 */
export async function retryTransient<T>(
  { retryAttempts, retryDelaySeconds }: { readonly retryAttempts: number; readonly retryDelaySeconds: number },
  what: string,
  send: (attempt: number) => Promise<T>,
  log: Log,
): Promise<T> {
  try {
    return await backoff(retryAttempts, retryDelaySeconds, send, {
      retryable: isTransient,
      waitAfterLast: false,
      onFailure: (n, max, seconds, error) => log.warn(`${attemptWarning(n, max, seconds).replace(/^\[WARN\] /, '')} (${what}: ${describeError(error)})`),
    })
  } catch (error) {
    throw error instanceof AttemptsExhausted ? error.cause : error
  }
}

// @octokit/request hands back the raw text when a JSON body cannot be read or parsed (a connection cut or
// stalled until the timeout), so a half-sent list would pass for an empty one. It is no answer at all.
async function complete<T extends { headers: Record<string, unknown>; data: unknown }>(pending: T | Promise<T>): Promise<T> {
  const response = await pending
  if (typeof response.data === 'string' && /\bjson\b/i.test(String(response.headers['content-type'] ?? ''))) {
    throw new Error('the answer was cut off or is not valid JSON')
  }
  return response
}

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '')

/** When the primary quota resets, as local time, from `x-ratelimit-reset` (epoch seconds). */
export function resetTime(headers: Record<string, string | number | undefined> | undefined): string {
  const reset = Number(headers?.['x-ratelimit-reset'])
  return Number.isFinite(reset) && reset > 0 ? localTimestamp(new Date(reset * 1000)) : 'an unknown time'
}
