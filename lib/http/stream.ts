// A GET whose body is read as it arrives, for answers too big to hold: a CI job's whole log can be
// hundreds of megabytes, of which the reporter keeps a few lines. fetch.ts reads every body in full (so
// its sockets go back to the pool at once), which is right for API answers and wrong here.
//
// Redirects are followed here, by this module's own rule rather than fetch's: the credential headers go
// to one named origin only, and once a redirect has left that origin they are never sent again (a log
// is served from object storage on another host, by an address that is itself the credential). A
// redirect to anything but http(s) is refused, and so is one from https down to plain http. With a proxy variable set, each hop goes through the
// same undici proxy agent as every other request (proxy.ts).
import type { IncomingMessage } from 'node:http'
import { createRequire } from 'node:module'
import { AnswerTooLarge, ApiError } from '../core/errors.ts'
import { registerSentCredentials } from './credentials.ts'
import { ResponseHeaders } from './fetch.ts'
import { proxiedFetch, proxyConfigured } from './proxy.ts'

// Required, not imported, for the start-up reason fetch.ts gives.
const { request: httpRequest } = createRequire(import.meta.url)('node:http') as typeof import('node:http')

/** What one streamed GET is sent with. */
export interface StreamRequest {
  readonly url: string
  /** Sent on every hop. */
  readonly headers?: Readonly<Record<string, string>>
  /** Sent only while the request is still at `origin`: never after a redirect has left it. */
  readonly credentials?: { readonly origin: string; readonly headers: Readonly<Record<string, string>> }
  /** Aborts the request and the reading of the body; the promise or the iteration rejects with its reason. */
  readonly signal: AbortSignal
}

/** The final answer (redirects followed), its body not read yet. */
export interface StreamedAnswer {
  readonly status: number
  readonly headers: { get(name: string): string | null }
  /** The address that answered. */
  readonly url: string
  /** The body's bytes as they arrive; a body cut off midway rejects, never ends early. */
  readonly body: AsyncIterable<Uint8Array>
  /** Drops the unread rest of the body and its connection. */
  cancel(): void
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 10

/** Sends `request` and follows its redirects by the rule at the top of this file. */
export async function streamGet(request: StreamRequest): Promise<StreamedAnswer> {
  const { signal } = request
  // Before anything is sent, as in fetch.ts (credentials.ts).
  registerSentCredentials(request.headers)
  registerSentCredentials(request.credentials?.headers)
  let url = new URL(request.url)
  let credentialed = request.credentials !== undefined && url.origin === request.credentials.origin
  for (let hops = 0; ; hops++) {
    const headers = { ...request.headers, ...(credentialed ? request.credentials!.headers : {}) }
    const answer = await (proxyConfigured() ? viaProxy(url, headers, signal) : direct(url, headers, signal))
    const location = answer.headers.get('location')
    if (!REDIRECTS.has(answer.status) || location === null) return answer
    answer.cancel()
    if (hops >= MAX_REDIRECTS) throw new ApiError(`more than ${MAX_REDIRECTS} redirects`, { status: answer.status, transient: false })
    let next: URL
    try {
      next = new URL(location, url)
    } catch (cause) {
      throw new ApiError('redirected to an address that is not a URL', { status: answer.status, transient: false, cause })
    }
    // Only the scheme is named: the address itself may carry a signature that grants access.
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new ApiError(`redirected to a non-http(s) address (${next.protocol})`, { status: answer.status, transient: false })
    }
    // A log served over https must not be fetched again in clear text (fetch.ts holds the same rule).
    if (url.protocol === 'https:' && next.protocol !== 'https:') {
      throw new ApiError(`refused a redirect from https to ${next.protocol}//${next.host}`, { status: answer.status, transient: false })
    }
    if (next.origin !== url.origin) credentialed = false
    url = next
  }
}

const failure = (signal: AbortSignal, why: string, cause: unknown): unknown =>
  signal.aborted ? signal.reason : new ApiError(why, { transient: true, cause })

async function direct(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<StreamedAnswer> {
  signal.throwIfAborted()
  // https only when asked for, as in fetch.ts.
  const request = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET' }, (message) => {
      resolve({
        status: message.statusCode ?? 0,
        headers: new ResponseHeaders(message.headers),
        url: url.href,
        body: bodyOf(message, signal),
        cancel: () => void req.destroy(),
      })
    })
    // Set on the request, not in its options, so NODE_DEBUG=net never prints them (see fetch.ts).
    for (const [name, value] of Object.entries(headers)) req.setHeader(name, value)
    const abort = () => req.destroy(signal.reason as Error)
    signal.addEventListener('abort', abort, { once: true })
    req.on('close', () => signal.removeEventListener('abort', abort))
    req.on('error', (error) => reject(failure(signal, (error as { code?: string }).code ?? error.message, error)))
    req.end()
  })
}

async function* bodyOf(message: IncomingMessage, signal: AbortSignal): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of message) yield chunk as Buffer
  } catch (error) {
    throw failure(signal, 'the connection closed before the answer was complete', error)
  }
  if (!message.complete) throw failure(signal, 'the connection closed before the answer was complete', undefined)
}

async function viaProxy(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<StreamedAnswer> {
  const proxied = await proxiedFetch()
  let response: Response
  try {
    // undici hands back the redirect itself with `manual` (not an opaque answer, as a browser would).
    response = await proxied(url.href, { headers, signal, redirect: 'manual' })
  } catch (error) {
    throw failure(signal, ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message), error)
  }
  const stream = response.body
  return {
    status: response.status,
    headers: response.headers,
    url: url.href,
    body: (async function* () {
      if (!stream) return
      try {
        for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) yield chunk
      } catch (error) {
        throw failure(signal, 'the connection closed before the answer was complete', error)
      }
    })(),
    cancel: () => void stream?.cancel().catch(() => {}),
  }
}

/**
 * The whole body of `answer`, for one meant to be held in memory (a page of JSON): past `maxBytes` the
 * rest is dropped and the read rejects with AnswerTooLarge, the same cap as fetch.ts puts on API answers.
 */
export async function readWhole(answer: StreamedAnswer, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  let size = 0
  if (Number(answer.headers.get('content-length')) > maxBytes) {
    answer.cancel()
    throw new AnswerTooLarge(answer.status, maxBytes)
  }
  for await (const chunk of answer.body) {
    size += chunk.byteLength
    if (size > maxBytes) {
      answer.cancel()
      throw new AnswerTooLarge(answer.status, maxBytes)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
