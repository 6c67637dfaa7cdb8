// The spec's retry and backoff helpers for a team's own scripts, with its lines on stderr.
import { backoff as backoffCore, retry as retryCore } from '../core/retry/retry.ts'

/**
 * Runs `fn` up to `maxAttempts` times, `delaySeconds` apart, and resolves to its first result. After each
 * failure but the last it prints `[WARN] Attempt <n>/<max> failed, retrying in <delay>s...` to stderr and
 * waits; after the last one, at once, `[ERROR] All <max> attempts failed`, and rejects with `AttemptsExhausted` (`.cause`: the last error).
 */
export function retry<T>(maxAttempts: number, delaySeconds: number, fn: (attempt: number) => T | Promise<T>): Promise<T> {
  return retryCore(maxAttempts, delaySeconds, async (n) => fn(n))
}

/**
 * Runs `fn` up to `maxAttempts` times, waiting `baseDelaySeconds × 2^(n−1)` seconds after failed attempt n
 * (1 s, then 2 s with the defaults), with the same warning lines (none after the last attempt) and no final `[ERROR]` line. Rejects with
 * `AttemptsExhausted` when every attempt failed.
 */
export function backoff<T>(fn: (attempt: number) => T | Promise<T>, maxAttempts = 3, baseDelaySeconds = 1): Promise<T> {
  return backoffCore(maxAttempts, baseDelaySeconds, async (n) => fn(n))
}
