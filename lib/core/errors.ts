// Every error class the tools throw lives here, so that entries can map them to exit codes in one place.
import { redact } from './redact.ts'
import { DEDUP_LABEL, localTimestamp } from './text/issue.ts'

/**
 * An API answered with an error status, or did not answer at all. Thrown by the trackers. Its message is
 * masked as it is made (lib/core/redact.ts): it is often the server's own text, which may echo a credential
 * (`Bad credentials: Bearer …`), and a caller of the plugin API gets the error as it is, with no door
 * between it and a log.
 */
export class ApiError extends Error {
  /** The HTTP status; undefined when there was no answer (network failure, timeout, reset). */
  readonly status: number | undefined
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string>>
  /** Whether it may go away on its own: no answer, a 5xx, or a cut-off body. Never true for a bug. */
  readonly transient: boolean
  constructor(message: string, options: { status?: number; headers?: Record<string, string>; transient: boolean; cause?: unknown }) {
    super(redact(message), { cause: options.cause })
    this.name = 'ApiError'
    this.status = options.status
    this.headers = options.headers ?? {}
    this.transient = options.transient
  }
}

/**
 * An answer larger than the size cap of a read held in memory (lib/http/fetch.ts): a failed read, never
 * parsed in part. `status` is the answer's own status, so that messages say the service did answer.
 */
export class AnswerTooLarge extends Error {
  readonly status: number
  readonly limitBytes: number
  constructor(status: number, limitBytes: number) {
    super(`the answer is larger than ${limitBytes >= 1 << 20 ? `${limitBytes / (1 << 20)} MiB` : `${limitBytes} bytes`}, so it was not read`)
    this.name = 'AnswerTooLarge'
    this.status = status
    this.limitBytes = limitBytes
  }
}

/** Thrown by `loadConfig` and by flag parsing; `problems` holds one line per bad variable. Scripts exit 2 on it. */
export class ConfigError extends Error {
  readonly problems: readonly string[]
  constructor(problems: string[], options?: ErrorOptions) {
    super(problems.join('\n'), options)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

/** A rate-limit answer: which limit, and when it lifts. */
export interface RateLimit {
  readonly kind: 'primary' | 'secondary'
  /** Seconds until the limit lifts, rounded up. */
  readonly waitSeconds: number
  /** When the limit lifts, in epoch milliseconds. */
  readonly resetsAt: number
}

/**
 * Thrown when a rate limit lifts later than the run may still wait. Keeps the answer's `status` and
 * `response`, so it is never taken for a transient failure, and says when to try again.
 */
export class RateLimited extends Error {
  readonly limit: RateLimit
  readonly status: number | undefined
  readonly response: unknown
  constructor(limit: RateLimit, where: string, maxWaitSeconds: number, cause: unknown, service = 'GitHub API') {
    super(
      `${service} ${limit.kind} rate limit hit on ${where}; it resets at ${localTimestamp(new Date(limit.resetsAt))} ` +
        `(in ${limit.waitSeconds}s), beyond the ${maxWaitSeconds}s REPORT_MAX_WAIT allows for waiting in one run. ` +
        `Run the reporter again after that, or raise REPORT_MAX_WAIT.`,
      { cause },
    )
    this.name = 'RateLimited'
    this.limit = limit
    this.status = (cause as { status?: number } | undefined)?.status
    this.response = (cause as { response?: unknown } | undefined)?.response
  }
}

/** Thrown when the issue could not be filed; its message is the spec's `Failed to create issue`. */
export class CreateFailed extends Error {
  /** As in the `--json` line, for callers of the plugin API: `outcome`, `number`, `url` and `title`. */
  readonly outcome = 'failed' as const
  readonly number = null
  readonly url = null
  /** The title the issue would have had; null until the run layer knows it. */
  readonly title: string | null
  constructor(cause: unknown, title: string | null = null) {
    super('Failed to create issue', { cause })
    this.name = 'CreateFailed'
    this.title = title
  }
}

/**
 * Thrown by a tracker that cannot close issue `number` as the duplicate of `original`: its server's issue
 * has no usable `id` to name it by. Never transient; the core then links the original in a comment and
 * closes as not planned, as when a server refuses the duplicate reason.
 */
export class DuplicateRefused extends Error {
  constructor(number: number, original: number, why: string) {
    super(`Cannot close #${number} as a duplicate of #${original}: ${why}`)
    this.name = 'DuplicateRefused'
  }
}

/** Thrown when the open issues could not be listed, so nothing was closed; `why` describes the cause. */
export class ListFailed extends Error {
  constructor(cause: unknown, why: string) {
    super(`Could not list the open ${DEDUP_LABEL} issues, so none was closed (${why})`, { cause })
    this.name = 'ListFailed'
  }
}

/** Thrown when every attempt failed; `cause` is the last attempt's error. */
export class AttemptsExhausted extends Error {
  readonly attempts: number
  constructor(attempts: number, cause: unknown) {
    super(`All ${attempts} attempts failed`, { cause })
    this.name = 'AttemptsExhausted'
    this.attempts = attempts
  }
}

/** Thrown when no answer came at all, after every retry; the message says why in plain words. */
export class Unreachable extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause })
    this.name = 'Unreachable'
  }
}

/** Thrown by the plugin API's resolve when some issues could not be closed; `closed` lists those that were. */
export class ResolveFailed extends Error {
  readonly outcome = 'failed' as const
  readonly closed: number[]
  readonly failed: number[]
  constructor(closed: readonly number[], failed: readonly number[]) {
    super(`Could not close issue${failed.length === 1 ? '' : 's'} ${failed.map((n) => `#${n}`).join(', ')}`)
    this.name = 'ResolveFailed'
    this.closed = [...closed]
    this.failed = [...failed]
  }
}

/**
 * Whether `error` is a programming error (a `TypeError`, `ReferenceError`, `RangeError` or `SyntaxError`
 * that no tracker turned into an {@link ApiError}): a bug in this tool, never a network failure, so it
 * is neither retried nor taken for an empty answer.
 */
export function isBug(error: unknown): boolean {
  return error instanceof TypeError || error instanceof ReferenceError || error instanceof RangeError || error instanceof SyntaxError
}

/**
 * Thrown by a CI reader (lib/github/ci-reader.ts, lib/gitlab/ci-reader.ts) when the run's record (its failed jobs, a job's log) cannot be read: the
 * token lacks access, the log expired, the read timed out, or the answer was not what the CI documents.
 * Never costs the issue: the report goes on without its `What failed` section; the message names the
 * cause and `fix` what to do about it.
 */
export class CiLogUnavailable extends Error {
  /** What to change so that the next run can read it. */
  readonly fix: string
  /** The HTTP status, when the CI answered. */
  readonly status: number | undefined
  constructor(cause: string, fix = '', options: { status?: number; cause?: unknown } = {}) {
    super(fix ? `${cause}; ${fix}` : cause, { cause: options.cause })
    this.name = 'CiLogUnavailable'
    this.fix = fix
    this.status = options.status
  }
}

/** The history `stats` reads could not be read whole; no figures are shown, since partial ones would mislead. */
export class StatsReadFailed extends Error {
  constructor(cause: unknown, why: string) {
    super(`Could not read the ${DEDUP_LABEL} history, so no figures were printed (${why})`, { cause })
  }
}
