// How to read GitLab's "slow down" answers. GitLab refuses over-limit requests with 429 and `Retry-After`
// (seconds), and sends `RateLimit-Limit`, `-Remaining` and `-Reset` (epoch seconds) on its answers.
// https://docs.gitlab.com/administration/settings/user_and_ip_rate_limits/#response-headers
// Past the run's wait budget the client throws `RateLimited` (lib/core/errors.ts), as the GitHub client does.
import { ApiError } from '../core/errors.ts'
import { localTimestamp } from '../core/text/issue.ts'

/** A rate-limit answer, and when it lifts. */
export interface GitLabLimit {
  /** Seconds until the limit lifts, rounded up. */
  readonly waitSeconds: number
  /** When the limit lifts, in epoch milliseconds. */
  readonly resetsAt: number
}

// A 429 that says nothing about when to come back: wait a minute, the window of GitLab's limits.
const FALLBACK_SECONDS = 60

/** The limit a 429 reports (`Retry-After`, else `RateLimit-Reset`, else a minute), or undefined for any other error. */
export function gitLabLimitOf(error: unknown, now = Date.now()): GitLabLimit | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined
  const retryAfter = error.headers['retry-after'] === undefined ? NaN : Number(error.headers['retry-after'])
  const reset = Number(error.headers['ratelimit-reset'])
  const resetsAt =
    Number.isFinite(retryAfter) && retryAfter >= 0 ? now + retryAfter * 1000 : Number.isFinite(reset) && reset > 0 ? reset * 1000 : now + FALLBACK_SECONDS * 1000
  return { resetsAt, waitSeconds: Math.max(Math.ceil((resetsAt - now) / 1000), 0) }
}

/** When the quota resets, as local time, from `RateLimit-Reset` (epoch seconds). */
export function gitLabResetTime(headers: Readonly<Record<string, string>>): string {
  const reset = Number(headers['ratelimit-reset'])
  return Number.isFinite(reset) && reset > 0 ? localTimestamp(new Date(reset * 1000)) : 'an unknown time'
}
