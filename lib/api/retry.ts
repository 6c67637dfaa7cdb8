// The spec's retry and backoff helpers for a team's own scripts, with its lines on stderr.
import { backoff as backoffCore, retry as retryCore } from '../core/retry/retry.ts'

/**
 * Runs `fn` up to `maxAttempts` times, `delaySeconds` apart, and resolves to its first result. After each
 * failure it prints `[WARN] Attempt <n>/<max> failed, retrying in <delay>s...` to stderr; after the last
 * one also `[ERROR] All <max> attempts failed`, and rejects with `AttemptsExhausted` (`.cause`: the last error).
 */
export function retry<T>(maxAttempts: number, delaySeconds: number, fn: (attempt: number) => T | Promise<T>): Promise<T> {
  return retryCore(maxAttempts, delaySeconds, async (n) => fn(n))
}

/**
 * Runs `fn` up to `maxAttempts` times, waiting `baseDelaySeconds × 2^(n−1)` seconds after failed attempt n
 * (1, 2, 4 s with the defaults), with the same warning lines and no final `[ERROR]` line. Rejects with
 * `AttemptsExhausted` when every attempt failed.
 */
export function backoff<T>(fn: (attempt: number) => T | Promise<T>, maxAttempts = 3, baseDelaySeconds = 1): Promise<T> {
  return backoffCore(maxAttempts, baseDelaySeconds, async (n) => fn(n))
}
