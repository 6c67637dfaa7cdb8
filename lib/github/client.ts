import { Octokit } from '@octokit/core'
import { throttling } from '@octokit/plugin-throttling'
import { fetchWhole, MAX_ANSWER_BYTES } from '../http/fetch.ts'
import { localTimestamp } from '../core/text/issue.ts'
import type { Log } from '../core/log.ts'
import { readAttempts, retryTransient, sleepUnless } from '../core/retry/transient.ts'
import { ApiError, RateLimited } from '../core/errors.ts'
import { complete, masked, toApiError } from './api-error.ts'
import { pacing } from './pacing.ts'
import { limiterWithSignals } from '../core/retry/limiter.ts'
import type Bottleneck from 'bottleneck'
import { waitBudget } from '../core/retry/budget.ts'
import { isKnownToThrottling, rateLimitOf } from './ratelimit.ts'
import { actsAs, createAppAuthFor, type AppAuth } from './app-auth.ts'
import type { AppCredentials } from '../config/app.ts'
import type { ConnectionOptions } from '../http/connection.ts'

// Listings go through gitHubPages (pages.ts), not @octokit/plugin-paginate-rest: see there why.
const ThrottledOctokit = Octokit.plugin(throttling)
/** The one API client type every tool uses. */
export type GitHub = InstanceType<typeof ThrottledOctokit>
type Endpoint = Parameters<GitHub['request']['endpoint']['parse']>[0]

/** What the client factory needs. */
export interface ClientOptions extends ConnectionOptions {
  /** Seconds between writes (REPORT_WRITE_INTERVAL); undefined keeps plugin-throttling's own pacing. */
  readonly writeIntervalSeconds?: number
  /** Act as this GitHub App's installation on `owner/repo` instead of `token` (app-auth.ts). */
  readonly app?: AppCredentials
  /**
   * With `app`: the identity to act as, shared with the run's other clients so that the run buys one
   * installation token (made by {@link appIdentity}; lib/run/github.ts). Without it, the client makes its own.
   */
  readonly identity?: AppAuth
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

// Every request: a time limit of its own (and the caller's signal), and an answer read whole under the
// size cap before Octokit sees it, so that one too large (or cut off) is a failed request, never a body
// Octokit would take for an empty one. `request.fetch` is Octokit's public option for this.
// https://github.com/octokit/request.js#request
// A request that outlives its time limit says so as GitLab's client does ("timed out after 30s"), not as
// the platform's "The operation was aborted due to timeout"; a caller's own abort stays as it is.
const timedFetch =
  (timeoutMs: number): typeof fetch =>
  async (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout
    try {
      return await fetchWhole(input as string, { ...(init as object), signal, maxBytes: MAX_ANSWER_BYTES })
    } catch (error) {
      if (timeout.aborted && !init?.signal?.aborted) throw new Error(`timed out after ${timeoutMs / 1000}s`, { cause: error })
      throw error
    }
  }

/**
 * The throttled Octokit client all issue-tracking calls go through: `Authorization: Bearer <token>` sent
 * to the API's own origin only, JSON headers, a timeout on every request, rate limits waited out within
 * `maxWaitSeconds` in all, and transient failures of reads retried with the backoff helper. Its failures
 * come out as `ApiError`, or `RateLimited` past the wait budget; any other error (a bug) unchanged.
 */
export function createGitHub(options: ClientOptions, log: Log): GitHub {
  const origin = new URL(options.apiUrl).origin
  const budget = waitBudget(options.maxWaitSeconds)
  let quotaWarned = false

  // Past the caller's deadline, no wait begins (and none is announced); one in progress ends with it (limiter.ts).
  const onLimit = (kind: string) => (retryAfter: number, request: Endpoint, _: unknown, retryCount: number) => {
    if (retryCount >= MAX_LIMIT_RETRIES || signalOf(request)?.aborted || !budget.take(retryAfter)) return false
    log.warn(`${kind} rate limit on ${describeRequest(request)}; waiting ${retryAfter}s`)
    return true
  }

  const octokit = new ThrottledOctokit({
    baseUrl: options.apiUrl,
    userAgent: 'deploy-failure-reporter',
    request: { fetch: timedFetch(options.timeoutMs) },
    log: { debug: () => {}, info: () => {}, warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) },
    throttle: {
      // The plugin's limiters, built from our Bottleneck-shaped class: Bottleneck's own held each request
      // ~10 ms (GET) to ~20 ms (POST) before sending it (lib/core/retry/limiter.ts says why, bench/limiter.mts
      // measures it). The plugin's types name Bottleneck's class, whose subset it calls ours has.
      Bottleneck: RequestLimiter as unknown as typeof Bottleneck,
      onRateLimit: onLimit('Primary'),
      onSecondaryRateLimit: onLimit('Secondary'),
      ...(options.writeIntervalSeconds === undefined ? {} : pacing(options.writeIntervalSeconds)),
    },
  })

  const app = options.app && (options.identity ?? appIdentity(options))
  if (app) actsAs(octokit, app)

  octokit.hook.before('request', async (request) => {
    request.headers['content-type'] = 'application/json'
    request.headers['x-github-api-version'] = GITHUB_API_VERSION
    // The spec wants the Bearer scheme (Octokit's `auth` option sends `token`), and the token must never
    // reach another origin, such as one named in a `Link` header. An App's installation token likewise.
    if (new URL(request.url, options.apiUrl).origin !== origin) return
    // A request under a deadline (what changed, what failed) stops waiting for a token bought for it then.
    const token = app ? await app.token(signalOf(request)) : options.token
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
  const waitingOutLimits = async <T>(send: () => Promise<T>, where: string, signal: AbortSignal | undefined): Promise<T> => {
    for (let retries = 0; ; retries++) {
      try {
        return await send()
      } catch (error) {
        const limit = rateLimitOf(error)
        if (!limit || isKnownToThrottling(error) || retries >= MAX_LIMIT_RETRIES || signal?.aborted || !budget.take(limit.waitSeconds)) throw error
        log.warn(`Secondary rate limit on ${where}; waiting ${limit.waitSeconds}s`)
        await sleepUnless(limit.waitSeconds * 1000, signal)
      }
    }
  }

  octokit.hook.wrap('request', async (request, endpoint) => {
    // Only reads are retried here: a write that failed may still have been committed, so the caller
    // decides (the reporter looks again before creating again).
    const retryAttempts = endpoint.method === 'GET' ? readAttempts(options.retryAttempts) : 1
    const where = describeRequest(endpoint)
    // A caller's deadline (the CI read's) covers the retries and waits too: once it passes, nothing more is sent.
    const signal = signalOf(endpoint)
    const once = async () => {
      signal?.throwIfAborted()
      try {
        return await waitingOutLimits(() => complete(request(endpoint)), where, signal)
      } catch (error) {
        // A limit that outlasts the budget: no more calls this run (GitHub may ban clients that keep calling).
        // Either way the error is kept as a cause, so the server's text in it is masked first.
        const limit = rateLimitOf(masked(error))
        throw limit ? new RateLimited(limit, where, options.maxWaitSeconds, error) : toApiError(error)
      }
    }
    try {
      return await retryTransient({ retryAttempts, retryDelaySeconds: options.retryDelaySeconds, signal }, where, once, log)
    } catch (last) {
      watchQuota(last instanceof ApiError ? last.headers : (last as { response?: { headers?: Record<string, string> } } | undefined)?.response?.headers)
      throw last
    }
  })

  return octokit
}

/** The identity of `options.app` on `owner/repo`, for clients to share (ClientOptions.identity); undefined without an App. */
export function appIdentity(options: ClientOptions): AppAuth | undefined {
  if (!options.app) return undefined
  return createAppAuthFor(options.app, { owner: options.owner ?? '', repo: options.repo ?? '', apiUrl: options.apiUrl, fetch: timedFetch(options.timeoutMs), headers: { 'x-github-api-version': GITHUB_API_VERSION } })
}

const signalOf = (endpoint: Endpoint) => (endpoint.request as { signal?: AbortSignal } | undefined)?.signal

// plugin-throttling waits out a rate limit (its `failed` listener's answer) in the limiter that runs the
// request, whose job is called with the request's options among its arguments: their `request.signal`,
// octokit's per-request abort signal, is the caller's deadline, which then ends the wait.
// https://github.com/octokit/request.js#request (options.request.signal)
const RequestLimiter = limiterWithSignals((args) => {
  for (const arg of args) {
    const signal = arg !== null && typeof arg === 'object' && 'request' in arg ? signalOf(arg as Endpoint) : undefined
    if (signal instanceof AbortSignal) return signal
  }
  return undefined
})

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '')

/** When the primary quota resets, as local time, from `x-ratelimit-reset` (epoch seconds). */
export function resetTime(headers: Record<string, string | number | undefined> | undefined): string {
  const reset = Number(headers?.['x-ratelimit-reset'])
  return Number.isFinite(reset) && reset > 0 ? localTimestamp(new Date(reset * 1000)) : 'an unknown time'
}
