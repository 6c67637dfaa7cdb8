// Every error class the tools throw lives here, so that entries can map them to exit codes in one place.

/** An API answered with an error status, or did not answer at all. Thrown by the trackers. */
export class ApiError extends Error {
  /** The HTTP status; undefined when there was no answer (network failure, timeout, reset). */
  readonly status: number | undefined
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string>>
  /** Whether it may go away on its own: no answer, a 5xx, or a cut-off body. Never true for a bug. */
  readonly transient: boolean
  constructor(message: string, options: { status?: number; headers?: Record<string, string>; transient: boolean; cause?: unknown }) {
    super(message, { cause: options.cause })
    this.name = 'ApiError'
    this.status = options.status
    this.headers = options.headers ?? {}
    this.transient = options.transient
  }
}
