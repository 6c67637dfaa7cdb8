// How to read GitHub's "slow down" answers, and how long one run may wait for them.
// https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit
import type { RateLimit } from '../core/errors.ts'

type Headers = Record<string, string | number | undefined>
interface ErrorLike {
  status?: number
  message?: string
  response?: { headers?: Headers }
}

// GitHub: a secondary limit without `retry-after` (and not a spent primary quota) means "wait at least a minute".
const FALLBACK_SECONDS = 60
const SECONDARY_WORDING = /\bsecondary rate\b/i

/**
 * The rate limit an API error reports, if any: a 403 or 429 with `x-ratelimit-remaining: 0` (primary;
 * lifts at `x-ratelimit-reset`), or with `retry-after` or GitHub's "secondary rate" wording (secondary).
 */
export function rateLimitOf(error: unknown, now = Date.now()): RateLimit | undefined {
  const { status, message = '', response } = (error ?? {}) as ErrorLike
  if ((status !== 403 && status !== 429) || !response) return undefined
  const headers = response.headers ?? {}
  const lifting = (kind: RateLimit['kind'], resetsAt: number): RateLimit => ({
    kind,
    resetsAt,
    waitSeconds: Math.max(Math.ceil((resetsAt - now) / 1000), 0),
  })
  if (String(headers['x-ratelimit-remaining']) === '0') {
    const reset = Number(headers['x-ratelimit-reset'])
    return lifting('primary', Number.isFinite(reset) && reset > 0 ? reset * 1000 : now + FALLBACK_SECONDS * 1000)
  }
  const retryAfter = headers['retry-after'] === undefined ? NaN : Number(headers['retry-after'])
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return lifting('secondary', now + retryAfter * 1000)
  if (SECONDARY_WORDING.test(message)) return lifting('secondary', now + FALLBACK_SECONDS * 1000)
  return undefined
}

/**
 * Whether @octokit/plugin-throttling waits this limit out by itself. It knows a primary limit by
 * `x-ratelimit-remaining: 0` and a secondary one only by the words "secondary rate"; a 403/429 with
 * just `retry-after` passes through it (plugin-throttling 11.0.5, wrap-request and index).
 */
export function isKnownToThrottling(error: unknown): boolean {
  const { message = '', response } = (error ?? {}) as ErrorLike
  return SECONDARY_WORDING.test(message) || String(response?.headers?.['x-ratelimit-remaining']) === '0'
}
