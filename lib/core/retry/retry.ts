// Written by hand rather than with zx's `retry`: that one cannot stop early on an error that will not go
// away (a 401 or 422 must not be retried), sleeps without saying so, and cannot print the spec's lines.
import { AttemptsExhausted } from '../errors.ts'

/** How a retry loop reports and waits; every field has a default that follows the spec. */
export interface RetryOptions {
  /** Whether an error is worth another attempt; a false answer rethrows at once. Default: always. */
  retryable?: (error: unknown) => boolean
  /** Called after a failed attempt that is followed by a wait. Default: the spec's `[WARN]` line on stderr. */
  onFailure?: (attempt: number, max: number, delaySeconds: number, error: unknown) => void
  /** Waits between attempts; replaced in tests. */
  sleep?: (ms: number) => Promise<void>
  /**
   * Warn and wait after the last failed attempt too (default false). "Retrying in 4s..." after the last
   * attempt would announce a retry that never comes and hold a pipeline for nothing (issue 32): the
   * spec's warning says "retrying", so it belongs to the failures another attempt follows.
   */
  waitAfterLast?: boolean
}

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The spec's warning after a failed attempt: `[WARN] Attempt <n>/<max> failed, retrying in <delay>s...`. */
export function attemptWarning(attempt: number, max: number, delaySeconds: number): string {
  return `[WARN] Attempt ${attempt}/${max} failed, retrying in ${delaySeconds}s...`
}

/** The delay after attempt `n` (1-based) in the backoff helper: `base × 2^(n−1)` seconds. */
export function backoffDelay(attempt: number, baseSeconds: number): number {
  return baseSeconds * 2 ** (attempt - 1)
}

/**
 * Runs `fn` up to `maxAttempts` times with the delay `delay(n)` seconds after failed attempt `n`, and
 * returns the first success. Throws {@link AttemptsExhausted} after the last failure, or the error itself
 * when `retryable` says it will not go away.
 */
export async function attempt<T>(
  maxAttempts: number,
  delay: (attempt: number) => number,
  fn: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const {
    retryable = () => true,
    onFailure = (n, max, seconds) => void process.stderr.write(attemptWarning(n, max, seconds) + '\n'),
    sleep = sleepMs,
    waitAfterLast = false,
  } = options
  let lastError: unknown
  for (let n = 1; n <= maxAttempts; n++) {
    try {
      return await fn(n)
    } catch (error) {
      if (!retryable(error)) throw error
      lastError = error
      if (n === maxAttempts && !waitAfterLast) break
      const seconds = delay(n)
      onFailure(n, maxAttempts, seconds, error)
      await sleep(seconds * 1000)
    }
  }
  throw new AttemptsExhausted(maxAttempts, lastError)
}

/**
 * The spec's retry helper: up to `maxAttempts` runs, `delaySeconds` apart, a warning after each failure
 * that another attempt follows, then `[ERROR] All <max> attempts failed` on stderr and a thrown {@link AttemptsExhausted}.
 */
export async function retry<T>(
  maxAttempts: number,
  delaySeconds: number,
  fn: (attempt: number) => Promise<T>,
  options: RetryOptions & { onExhausted?: (max: number) => void } = {},
): Promise<T> {
  const { onExhausted = (max) => void process.stderr.write(`[ERROR] All ${max} attempts failed\n`) } = options
  try {
    return await attempt(maxAttempts, () => delaySeconds, fn, options)
  } catch (error) {
    if (error instanceof AttemptsExhausted) onExhausted(maxAttempts)
    throw error
  }
}

/**
 * The spec's backoff helper: like {@link retry} with the delay after attempt n being
 * `baseDelaySeconds × 2^(n−1)` (1, 2, then 4 s with more attempts) and no final `[ERROR]` line.
 */
export function backoff<T>(
  maxAttempts = 3,
  baseDelaySeconds = 1,
  fn: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  return attempt(maxAttempts, (n) => backoffDelay(n, baseDelaySeconds), fn, options)
}
