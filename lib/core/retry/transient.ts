// Which failures may go away on their own, how to say what went wrong, and the retry loop for them. The
// trackers turn their client's failures into `ApiError`; anything else is a bug and is never retried.
import { AsyncLocalStorage } from 'node:async_hooks'
import { ApiError, AttemptsExhausted, RateLimited } from '../errors.ts'
import type { Log } from '../log.ts'
import { attemptWarning, backoff } from './retry.ts'

// Carried through async context rather than as a request option, so that every request a look makes
// (each page of a listing among them) obeys it without each caller passing it on.
const attemptsOverride = new AsyncLocalStorage<number>()

/**
 * Runs `fn` with every read it makes tried `attempts` times instead of the tracker's setting: for callers
 * that retry a whole look themselves, so that retries never multiply.
 */
export function withAttempts<T>(attempts: number, fn: () => Promise<T>): Promise<T> {
  return attemptsOverride.run(attempts, fn)
}

/** The attempts a read should make: the {@link withAttempts} override around it, else `configured`. */
export function readAttempts(configured: number): number {
  return attemptsOverride.getStore() ?? configured
}

/**
 * Whether an error may go away on its own: an {@link ApiError} that says so (no answer, a 5xx, a cut-off
 * body). A rate limit beyond the wait budget, and anything that is not an API error (a bug), never is.
 */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && error.transient
}

/** A short, token-free description of an error for `[WARN]`/`[ERROR]` lines. */
export function describeError(error: unknown): string {
  if (error instanceof RateLimited) return error.message
  if (error instanceof ApiError) {
    if (error.status !== undefined) return `HTTP ${error.status}: ${error.message}`.trim()
    // A system or undici error names itself by a string code (ECONNRESET, UND_ERR_SOCKET); a DOMException's
    // code is a legacy number (23 for a TimeoutError) that tells a reader nothing: its message is the error's.
    const { code, message } = (error.cause ?? {}) as { code?: unknown; message?: string }
    const cause = typeof code === 'string' ? code : code === undefined ? message : undefined
    return `no answer from the API (${error.message || 'network error'}${cause && cause !== error.message ? `: ${cause}` : ''})`
  }
  return error instanceof Error ? error.message : String(error)
}

/**
 * Runs `send` up to `retryAttempts` times with the backoff helper, again only after a transient failure
 * (see {@link isTransient}), with the spec's attempt warning naming `what` after each; throws the last
 * error itself. For reads, and for writes that are safe to repeat (closing, or a create that looks
 * before it retries). With `signal`, no attempt follows its abort and a wait ends with it (rejecting
 * with its reason).
 */
export async function retryTransient<T>(
  { retryAttempts, retryDelaySeconds, signal }: { readonly retryAttempts: number; readonly retryDelaySeconds: number; readonly signal?: AbortSignal | undefined },
  what: string,
  send: (attempt: number) => Promise<T>,
  log: Log,
): Promise<T> {
  try {
    return await backoff(retryAttempts, retryDelaySeconds, send, {
      // Once the caller's deadline has passed, a failure is final, and a wait in progress ends at once.
      retryable: (error) => !signal?.aborted && isTransient(error),
      sleep: (ms) => sleepUnless(ms, signal),
      waitAfterLast: false,
      onFailure: (n, max, seconds, error) => log.warn(`${attemptWarning(n, max, seconds).replace(/^\[WARN\] /, '')} (${what}: ${describeError(error)})`),
    })
  } catch (error) {
    throw error instanceof AttemptsExhausted ? error.cause : error
  }
}

/** Waits `ms`, or rejects with `signal`'s reason as soon as it aborts (at once when it already has). */
export function sleepUnless(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const abort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', abort, { once: true })
  })
}
