// A small client for GitLab's REST API v4 on plain `fetch`. The reporter makes a handful of calls (list,
// create, notes, update, and the doctor's reads); @gitbeaker/rest, the maintained GitLab library, brings
// wrappers for hundreds of endpoints and resends every request, POSTs included, after a 502 up to ten
// times: unsafe for a create that may have been committed. So the few calls are written here with the
// same guarantees as the Octokit client: the token only to the API's origin, a timeout on every request,
// transient failures of reads retried with the backoff helper, writes paced and never repeated blindly
// (a 429 is the exception: GitLab refused the request unprocessed), rate limits waited out within
// REPORT_MAX_WAIT. https://docs.gitlab.com/api/rest/
import { Limiter } from '../core/retry/limiter.ts'
import { AnswerTooLarge, ApiError, RateLimited } from '../core/errors.ts'
import { fetchQuietly, MAX_ANSWER_BYTES } from '../http/fetch.ts'
import { guardedPages, linkNext } from '../http/paginate.ts'
import type { Log } from '../core/log.ts'
import { redact } from '../core/redact.ts'
import { readAttempts, retryTransient, sleepUnless } from '../core/retry/transient.ts'
import { waitBudget } from '../core/retry/budget.ts'
import { gitLabLimitOf, gitLabResetTime } from './ratelimit.ts'
import type { ConnectionOptions } from '../http/connection.ts'

/** What the client needs. */
export interface GitLabOptions extends ConnectionOptions {
  /** Seconds between writes (REPORT_WRITE_INTERVAL); default 1. */
  readonly writeIntervalSeconds?: number
}

export type Query = Readonly<Record<string, string | number | undefined>>

/** One call: `path` is relative to the API base (`/projects/…`), and already URL-encoded. */
export interface GitLabRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  readonly path: string
  readonly query?: Query
  readonly body?: Readonly<Record<string, unknown>>
  /** Attempts for a GET instead of the client's setting (or the `withAttempts` around the call). */
  readonly attempts?: number
  /** Ends the call, retries included, when it aborts (a deadline shared by several calls). */
  readonly signal?: AbortSignal
}

export interface GitLabResponse<T> {
  readonly status: number
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>
  readonly data: T
}

/** The GitLab client every GitLab call goes through. */
export interface GitLab {
  request<T>(request: GitLabRequest): Promise<GitLabResponse<T>>
  /** Every page of a list (see {@link nextPage}), each read ending when `signal` aborts; the caller may stop early. */
  pages<T>(path: string, query: Query, attempts?: number, signal?: AbortSignal): AsyncIterable<GitLabResponse<T[]>>
}

// A limit handler that keeps saying yes to a 0 s wait would retry forever; a few rounds are plenty.
const MAX_LIMIT_RETRIES = 3
// One warning per run as the quota runs low, as for GitHub.
const LOW_QUOTA = 100

// Writes are spaced out in one queue per interval, shared by the whole process (as plugin-throttling's
// groups are for GitHub), so that concurrent callers in one run never burst.
const pacers = new Map<number, Limiter>()
const pacer = (seconds: number): Limiter => {
  let limiter = pacers.get(seconds)
  if (!limiter) pacers.set(seconds, (limiter = new Limiter({ maxConcurrent: 1, minTime: Math.round(seconds * 1000) })))
  return limiter
}

const headersOf = (response: Response): Record<string, string> => Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v]))

/** How much of an error body an ApiError's message keeps. */
export const ERROR_TEXT_LENGTH = 300

// GitLab's error bodies are `{"message": "404 Project Not Found"}`, `{"message": {"title": ["is too long…"]}}`
// or `{"error": "title is missing"}`; a proxy in front of it may answer with a page of plain text.
// Masked whole before it is cut (lib/core/redact.ts): a token the server echoed across the cut would
// otherwise keep its first characters, no longer recognisable as itself (docs/security.md). The body is
// held whole anyway (under MAX_ANSWER_BYTES).
function errorText(text: string): string {
  let said: string
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown }
    const message = body.message ?? body.error
    said = typeof message === 'string' ? message : JSON.stringify(message ?? body)
  } catch {
    said = text
  }
  return redact(said).slice(0, ERROR_TEXT_LENGTH)
}

/**
 * The GitLab client: `Authorization: Bearer <token>` sent to the API's own origin only (never to an origin
 * named in a `Link` header; fetch itself drops Authorization, unlike GitLab's `PRIVATE-TOKEN`, on a
 * redirect to another origin), JSON bodies, a timeout on every request, failures as {@link ApiError}.
 */
export function createGitLab(options: GitLabOptions, log: Log): GitLab {
  const base = options.apiUrl.replace(/\/+$/, '')
  const origin = new URL(base).origin
  const budget = waitBudget(options.maxWaitSeconds)
  const writes = pacer(options.writeIntervalSeconds ?? 1)
  let quotaWarned = false

  const watchQuota = (headers: Readonly<Record<string, string>>) => {
    const remaining = Number(headers['ratelimit-remaining'])
    if (!quotaWarned && headers['ratelimit-remaining'] !== undefined && remaining < LOW_QUOTA) {
      quotaWarned = true
      log.warn(`GitLab API quota is low: ${remaining} requests left until ${gitLabResetTime(headers)}`)
    }
  }

  // One HTTP exchange: every way it can fail becomes an ApiError; transient when there was no (whole) answer or a 5xx.
  const send = async <T>(method: string, url: string, body: unknown, outer?: AbortSignal): Promise<GitLabResponse<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'deploy-failure-reporter' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (options.token && new URL(url).origin === origin) headers.authorization = `Bearer ${options.token}`
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = outer ? AbortSignal.any([outer, timeout]) : timeout
    let response: Response
    let text: string
    try {
      response = await fetchQuietly(url, { method, headers, signal, maxBytes: MAX_ANSWER_BYTES, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
      text = await response.text()
    } catch (cause) {
      // GitLab answered, beyond the size cap: a failed read, tried again as one, never parsed in part.
      if (cause instanceof AnswerTooLarge) throw new ApiError(cause.message, { status: cause.status, transient: true, cause })
      // The caller's own deadline: not worth another try.
      if (outer?.aborted) throw new ApiError('the caller stopped waiting', { transient: false, cause })
      const why = signal.aborted ? `timed out after ${options.timeoutMs / 1000}s` : ((cause as { cause?: { code?: string } }).cause?.code ?? (cause as Error).message)
      throw new ApiError(why, { transient: true, cause })
    }
    const responseHeaders = headersOf(response)
    watchQuota(responseHeaders)
    if (!response.ok) {
      throw new ApiError(errorText(text), { status: response.status, headers: responseHeaders, transient: response.status >= 500 })
    }
    try {
      return { status: response.status, headers: responseHeaders, data: (text === '' ? null : JSON.parse(text)) as T }
    } catch (cause) {
      throw new ApiError('the answer was cut off or is not valid JSON', { status: response.status, headers: responseHeaders, transient: true, cause })
    }
  }

  // A 429 means the request was not processed, so waiting and sending it again is safe for writes too.
  // A caller's deadline (`signal`) covers the wait: past it none begins, and one in progress ends with it.
  const waitingOutLimits = async <T>(exchange: () => Promise<GitLabResponse<T>>, where: string, signal: AbortSignal | undefined): Promise<GitLabResponse<T>> => {
    for (let retries = 0; ; retries++) {
      try {
        return await exchange()
      } catch (error) {
        const limit = gitLabLimitOf(error)
        if (!limit) throw error
        if (signal?.aborted) throw stopped(error)
        if (retries >= MAX_LIMIT_RETRIES || !budget.take(limit.waitSeconds)) throw new RateLimited({ kind: 'primary', ...limit }, where, options.maxWaitSeconds, error, 'GitLab API')
        log.warn(`GitLab rate limit on ${where}; waiting ${limit.waitSeconds}s`)
        await sleepUnless(limit.waitSeconds * 1000, signal).catch((reason: unknown) => Promise.reject(stopped(reason)))
      }
    }
  }

  const call = async <T>(method: GitLabRequest['method'], url: string, body: unknown, attempts: number, signal?: AbortSignal): Promise<GitLabResponse<T>> => {
    const where = `${method} ${new URL(url).pathname.slice(new URL(base).pathname.length) || '/'}`
    const exchange = () => (method === 'GET' ? send<T>(method, url, body, signal) : writes.schedule(() => send<T>(method, url, body, signal)))
    // The signal ends the retries' back-off too, and no attempt follows it.
    return retryTransient({ retryAttempts: attempts, retryDelaySeconds: options.retryDelaySeconds, signal }, where, () => waitingOutLimits(exchange, where, signal), log)
  }

  const urlOf = (path: string, query: Query = {}): string => {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v))
    const search = params.toString()
    return `${base}${path}${search ? `?${search}` : ''}`
  }

  return {
    // Only reads are retried here: a write that failed may still have been committed, so the caller decides.
    request: <T>({ method, path, query, body, attempts, signal }: GitLabRequest) =>
      call<T>(method, urlOf(path, query), body, method === 'GET' ? (attempts ?? readAttempts(options.retryAttempts)) : 1, signal),
    // Through the shared guard (lib/http/paginate.ts): a next page already read, or past the cap, ends the
    // listing with one [WARN].
    pages<T>(path: string, query: Query, attempts?: number, signal?: AbortSignal) {
      const read = (url: string) => call<T[]>('GET', url, undefined, attempts ?? readAttempts(options.retryAttempts), signal)
      return guardedPages(urlOf(path, query), read, (page, url) => nextPage(page.headers, url), { what: describeListing(path), log })
    },
  }
}

// The caller's deadline passed during a rate-limit wait: as `send` says it, not worth another try.
const stopped = (cause: unknown) => new ApiError('the caller stopped waiting', { transient: false, cause })

// `/projects/acme%2Fshop/issues/3/notes` → `the notes of issue 3 of acme/shop`, `/projects/7/issues` → `the issues of 7`.
function describeListing(path: string): string {
  const [, project = '', rest = path] = /^\/projects\/([^/]+)(\/.*)?$/.exec(path) ?? []
  const name = decodeURIComponent(project)
  const notes = /^\/issues\/(\d+)\/notes$/.exec(rest)
  if (notes) return `the notes of issue ${notes[1]} of ${name}`
  return project ? `the ${rest.slice(1).replace(/\//g, ' ')} of ${name}` : path
}

/**
 * The next page's address: `x-next-page` on the same address (so a proxy that rewrites GitLab's own links
 * cannot lead the token astray), else `Link: <…>; rel="next"` resolved against `current`; undefined on the
 * last page.
 */
export function nextPage(headers: Readonly<Record<string, string>>, current: string): string | undefined {
  const number = headers['x-next-page']
  if (number && /^\d+$/.test(number)) {
    const url = new URL(current)
    url.searchParams.set('page', number)
    return url.toString()
  }
  // Resolved against the request's address: a relative `Link` (`</api/v4/…?page=2>`) is valid HTTP.
  return linkNext(headers.link, current)
}
