// Octokit's failures as the core sees them: an `ApiError` with the status (none when there was no answer),
// lower-case headers, and whether it may go away on its own. Anything else is a bug and passes unchanged.
import { AnswerTooLarge, ApiError } from '../core/errors.ts'
import { redact, redactDeep } from '../core/redact.ts'

type HeaderValues = Record<string, string | number | undefined>

// @octokit/request-error's RequestError, known by its documented name and numeric status so this module
// needs no import of a package the project does not depend on directly.
interface RequestErrorLike extends Error {
  readonly name: 'HttpError'
  readonly status: number
  readonly response?: { readonly headers?: HeaderValues; data?: unknown }
}

const isRequestError = (error: unknown): error is RequestErrorLike =>
  error instanceof Error && error.name === 'HttpError' && typeof (error as { status?: unknown }).status === 'number'

/** `headers` with lower-case names and string values. */
export function lowerCaseHeaders(headers: HeaderValues | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name.toLowerCase()] = String(value)
  return out
}

/**
 * `error` with the server's text it holds masked in place (lib/core/redact.ts), when it is Octokit's
 * RequestError: its message (the answer's `message`, which a server may make of the credential it refused)
 * and the answer's body it keeps. Done where Octokit hands the error over, since it is then kept as the
 * `cause` of what this tool throws (an ApiError, RateLimited), which callers of the plugin API receive as
 * it is. Octokit itself hides only the request's own Authorization header. Anything else is returned unchanged.
 */
export function masked(error: unknown): unknown {
  if (!isRequestError(error)) return error
  error.message = redact(error.message)
  if (error.response) error.response.data = redactDeep(error.response.data)
  return error
}

/**
 * `error` as an {@link ApiError} when it came from Octokit, its text {@link masked}: an answer keeps its
 * status and headers and is transient when 5xx; no answer (Octokit's status 500 without a response: reset,
 * refused, timed out) has no status, keeps the network error as `cause`, and is transient. Any other error
 * is returned unchanged.
 */
export function toApiError(error: unknown): unknown {
  if (error instanceof ApiError || !isRequestError(error)) return error
  masked(error)
  // An answer over the size cap (lib/http/fetch.ts): GitHub did answer; a failed read, tried again as one.
  if (error.cause instanceof AnswerTooLarge) return new ApiError(error.cause.message, { status: error.cause.status, transient: true, cause: error.cause })
  if (!error.response) return new ApiError(error.message, { transient: true, cause: error.cause })
  const status = error.status
  return new ApiError(error.message, { status, headers: lowerCaseHeaders(error.response.headers), transient: status >= 500, cause: error })
}

/**
 * The response, unless its JSON body was cut off. @octokit/request hands back the raw text when a JSON body
 * cannot be read or parsed (a connection cut or stalled until the timeout), so a half-sent list would pass
 * for an empty one. It is no answer at all.
 */
export async function complete<T extends { headers: Record<string, unknown>; data: unknown }>(pending: T | Promise<T>): Promise<T> {
  const response = await pending
  if (typeof response.data === 'string' && /\bjson\b/i.test(String(response.headers['content-type'] ?? ''))) {
    throw new ApiError('the answer was cut off or is not valid JSON', { transient: true })
  }
  return response
}
