// The part of `fetch` that Octokit and the chat post use, sent with node:http(s) instead of Node's
// built-in fetch. Node loads its fetch (a bundled undici, and on Node 20 a WebAssembly HTTP parser)
// on first use: for a reporter that makes three or four small requests, that start-up cost more than
// the requests (`npm run bench`). node:http is already part of every Node process's start.
//
// What callers rely on is kept: the request's `AbortSignal` (rejecting with its reason, as fetch does,
// also while the body is read); network failures as `TypeError('fetch failed')` with the cause; redirects
// followed as the Fetch standard says (at most 20; 303, and 301/302 after a POST, become a GET without
// body; Authorization and Cookie dropped when the redirect leads to another origin), or an error with
// `redirect: 'error'`; and a body cut off midway makes `text()` reject, never a short text.
// https://fetch.spec.whatwg.org/#http-redirect-fetch
// Two rules fetch does not have: a redirect from https to plain http is refused (the Fetch standard follows
// it; curl without --proto-redir would too), and every answer is read into memory only up to a size cap
// (`maxBytes`, MAX_ANSWER_BYTES by default): a bigger one rejects with AnswerTooLarge and is never parsed
// in part. With a proxy variable set, each hop goes through undici's proxy-aware fetch (proxy.ts) under the
// same rules, since this loop, not undici, follows the redirects.
// The zx CLI's own `fetch` echoes requests (headers and all) in verbose mode; this one prints nothing.
import type { IncomingMessage } from 'node:http'
import { AnswerTooLarge } from '../core/errors.ts'
import { AHEAD_MAX_IDLE_MS, transportFor } from './agent.ts'
import { registerSentCredentials } from './credentials.ts'
import { proxiedFetch, proxyConfigured } from './proxy.ts'

/** What is sent: the subset of `RequestInit` the callers use. */
export interface FetchInit {
  readonly method?: string
  readonly headers?: Record<string, string>
  readonly body?: string | Uint8Array | null
  readonly signal?: AbortSignal | null
  readonly redirect?: 'follow' | 'error' | 'manual'
  /** The most bytes of the answer's body read into memory (default {@link MAX_ANSWER_BYTES}). */
  readonly maxBytes?: number
}

/**
 * The size cap of an API answer held in memory: 32 MiB. A page of 100 GitHub issues with bodies at
 * GitHub's 65,536-character limit is under 7 MB in ASCII (about 20 MB if every character took 3 bytes);
 * a GraphQL answer or a GitLab page is smaller still. Anything bigger is not an answer this tool asked for.
 */
export const MAX_ANSWER_BYTES = 32 << 20
/** The cap for the small answers of a chat post, Slack's Web API and the pager: 1 MiB. */
export const MAX_SMALL_ANSWER_BYTES = 1 << 20

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 20
const CROSS_ORIGIN_DROPPED = ['authorization', 'proxy-authorization', 'cookie']

/** The answer, read in full: the subset of `Response` the callers use. */
export class FetchedResponse {
  readonly ok: boolean
  readonly status: number
  readonly statusText: string
  readonly headers: ResponseHeaders
  // The body is read at once (so the connection is free for the next request); `cancel` drops what is
  // still to come, so an answer that drips or never ends cannot keep the process alive once unwanted.
  readonly body: { cancel(): Promise<void> }
  readonly url: string
  private readonly content: Promise<Buffer>

  constructor(status: number, statusText: string, headers: ResponseHeaders, url: string, content: Promise<Buffer>, cancel: () => void = () => {}) {
    this.body = { cancel: async () => cancel() }
    this.url = url
    this.content = content
    this.status = status
    this.ok = this.status >= 200 && this.status < 300
    this.statusText = statusText
    this.headers = headers
  }

  /** Resolves once the whole body is read; rejects as `text()` would (cut off, aborted, too large). */
  async whole(): Promise<this> {
    await this.content
    return this
  }

  async text(): Promise<string> {
    return (await this.content).toString('utf8')
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.content
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  }
}

/** Lower-case names, repeated headers joined with ", " as `Headers` does. */
export class ResponseHeaders {
  private readonly map: Map<string, string>

  constructor(raw: IncomingMessage['headers'] | Iterable<[string, string]>) {
    const pairs = Symbol.iterator in raw ? [...(raw as Iterable<[string, string]>)] : Object.entries(raw as IncomingMessage['headers'])
    this.map = new Map(pairs.flatMap(([k, v]) => (v === undefined ? [] : [[k.toLowerCase(), Array.isArray(v) ? v.join(', ') : v] as [string, string]])))
  }

  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase())
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries()
  }
}

/** One hop's answer: its status and `Location`, and either its body read (capped) or dropped. */
interface Hop {
  readonly status: number
  readonly location: string | undefined
  discard(): void
  read(url: string): FetchedResponse
}

type HopRequest = { url: URL; method: string; headers: Record<string, string>; body: string | Uint8Array | undefined; signal: AbortSignal | undefined; maxBytes: number }

/** Sends one request per redirect hop, as `fetch(input, init)` would; see the top of this file. */
export async function fetchOverHttp(input: string | URL, init: FetchInit = {}): Promise<FetchedResponse> {
  let url = new URL(String(input))
  let method = (init.method ?? 'GET').toUpperCase()
  let body = init.body ?? undefined
  const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
  // Before anything is sent, so that no answer or error can echo a credential not yet known (credentials.ts).
  registerSentCredentials(headers)
  const signal = init.signal ?? undefined
  const maxBytes = init.maxBytes ?? MAX_ANSWER_BYTES
  const hop = proxyConfigured() ? viaProxy : direct
  for (let hops = 0; ; hops++) {
    const answer = await hop({ url, method, headers, body, signal, maxBytes })
    const location = answer.location
    if (!REDIRECTS.has(answer.status) || location === undefined || init.redirect === 'manual') return answer.read(url.href)
    answer.discard()
    if (init.redirect === 'error') throw new TypeError('fetch failed', { cause: new Error(`unexpected redirect to ${new URL(location, url).origin}`) })
    if (hops >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') })
    const next = new URL(location, url)
    // Only the scheme and host are named: the rest of the address may be a credential (a signed URL).
    if (url.protocol === 'https:' && next.protocol !== 'https:') throw new TypeError('fetch failed', { cause: new Error(`refused a redirect from https to ${next.protocol}//${next.host}`) })
    if (next.origin !== url.origin) for (const name of CROSS_ORIGIN_DROPPED) delete headers[name]
    const status = answer.status
    if ((status === 303 && method !== 'GET' && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
      for (const name of Object.keys(headers)) if (name.startsWith('content-')) delete headers[name]
    }
    url = next
  }
}

async function direct(request: HopRequest): Promise<Hop> {
  const message = await send(request.url, request.method, request.headers, request.body, request.signal)
  return {
    status: message.statusCode ?? 0,
    location: message.headers.location,
    discard: () => void message.resume(),
    read: (url) => new FetchedResponse(message.statusCode ?? 0, message.statusMessage ?? '', new ResponseHeaders(message.headers), url, readAll(message, request.signal, request.maxBytes), () => {
      if (!message.complete) message.destroy()
    }),
  }
}

// undici's fetch through the proxy, one hop at a time (`manual` hands back the redirect itself), its body
// read under the same cap as a direct answer's.
async function viaProxy(request: HopRequest): Promise<Hop> {
  const proxied = await proxiedFetch()
  const response = await proxied(request.url.href, {
    method: request.method,
    headers: request.headers,
    redirect: 'manual',
    ...(request.body === undefined ? {} : { body: request.body as string }),
    ...(request.signal ? { signal: request.signal } : {}),
  })
  const stream = response.body as unknown as (AsyncIterable<Uint8Array> & { cancel(): Promise<void> }) | null
  return {
    status: response.status,
    location: response.headers.get('location') ?? undefined,
    discard: () => void stream?.cancel().catch(() => {}),
    read: (url) => new FetchedResponse(response.status, response.statusText, new ResponseHeaders(response.headers), url, readStream(response.status, stream, response.headers.get('content-length'), request.signal, request.maxBytes), () => void stream?.cancel().catch(() => {})),
  }
}

// Methods a server may receive twice with the same effect (RFC 9110, 9.2.2): the only ones sent again
// when a kept-alive connection turns out to have been closed.
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])

/**
 * How long a kept-alive connection must have sat idle for a reset there to count as the server's idle
 * close rather than an answer to the request: the same 4 s after which a connection opened ahead is not
 * used (agent.ts), below the 5 s of Node's servers, far below nginx's 75 s. A server that resets requests
 * does so whatever the connection's age, and the retry policy's default waits (1 s, then 2 s) stay below
 * this, so a failing server's resets are not turned into more requests than that policy allows, but for
 * at most two more per request, each on a connection kept from an earlier answer.
 */
export const STALE_AFTER_IDLE_MS = AHEAD_MAX_IDLE_MS

/**
 * {@link sendOnce}, sent again on another connection when the kept-alive connection it was given had
 * been idle for {@link STALE_AFTER_IDLE_MS} and was closed as the request left (ECONNRESET or EPIPE, before
 * any answer). A process busy elsewhere (reading a 200 MB CI log) can write its next request before it
 * has seen the server's idle close: the request never reached the server, so sending it again is not a
 * retry of anything the service did, and is neither counted nor reported as one. Node's documentation
 * gives this pattern: https://nodejs.org/api/http.html#requestreusedsocket. Only idempotent methods:
 * whether a POST that met a reset was processed cannot be known here, so a write never takes a
 * connection idle that long (sendOnce opens a new one), and a reset it meets goes to the caller's retry
 * policy as any other.
 */
async function send(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined): Promise<IncomingMessage> {
  // The pool may hold more than one idle connection to the origin (two when a run sent two requests at
  // once), each failing once as it is tried and dropped. Three sends at most, whatever the pool holds.
  for (let sent = 1; ; sent++) {
    try {
      return await sendOnce(url, method, headers, body, signal)
    } catch (error) {
      if (sent >= 3 || !metClosedConnection.has(error as object) || !IDEMPOTENT.has(method) || signal?.aborted) throw error
    }
  }
}

/** The failures {@link sendOnce} met on a kept-alive connection idle past STALE_AFTER_IDLE_MS and closed as the request left. */
const metClosedConnection = new WeakSet<object>()

async function sendOnce(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined): Promise<IncomingMessage> {
  signal?.throwIfAborted()
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) })
  // One kept-alive connection per origin, perhaps opened ahead (agent.ts).
  const { request, agent, idleBefore, closeIdle } = transportFor(url.protocol)
  // A write is never sent on a connection the server may be closing as idle: if it met that close, whether
  // it was processed could not be known (send, above), so it opens a new connection instead, at the price
  // of one handshake. Seen with `npm run docs:examples` on a loaded machine: the create met a reset,
  // and the run printed a retry the spec's sample does not have.
  if (!IDEMPOTENT.has(method)) closeIdle(url, STALE_AFTER_IDLE_MS)
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent }, (message) => {
      signal?.removeEventListener('abort', abort)
      resolve(message)
    })
    // Set on the request, not passed in its options: the agent hands those options to the socket it
    // opens, and NODE_DEBUG=net prints them, which would print the Authorization header.
    for (const [name, value] of Object.entries(headers)) req.setHeader(name, value)
    if (body !== undefined) req.setHeader('content-length', Buffer.byteLength(body))
    const abort = () => req.destroy(signal!.reason as Error)
    signal?.addEventListener('abort', abort, { once: true })
    req.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', abort)
      const failure = signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })
      // The error event comes before any answer (after one, errors go to the answer's stream).
      if (req.reusedSocket && idleBefore(req) >= STALE_AFTER_IDLE_MS && (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !signal?.aborted) metClosedConnection.add(failure)
      reject(failure)
    })
    req.end(body)
  })
}

// Read at once, so the socket goes back to the agent's pool (where Node lets the process exit past it)
// even when the caller never reads the body; a failure is kept for `text()` to reject with.
// Past `maxBytes` the connection is dropped and the read rejects with AnswerTooLarge.
function readAll(message: IncomingMessage, signal: AbortSignal | undefined, maxBytes: number): Promise<Buffer> {
  const content = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const abort = () => message.destroy(signal!.reason as Error)
    signal?.addEventListener('abort', abort, { once: true })
    const done = (error?: unknown) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', abort)
      if (error === undefined) resolve(Buffer.concat(chunks))
      else if (error instanceof AnswerTooLarge) reject(error)
      else reject(signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error }))
    }
    const tooLarge = () => {
      chunks.length = 0
      done(new AnswerTooLarge(message.statusCode ?? 0, maxBytes))
      message.destroy()
    }
    if (Number(message.headers['content-length']) > maxBytes) return tooLarge()
    message.on('data', (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > maxBytes) return tooLarge()
      chunks.push(chunk)
    })
    message.on('end', () => done())
    message.on('error', (error) => done(error))
    message.on('close', () => {
      if (!message.complete) done(new Error('the connection closed before the body was complete'))
    })
  })
  content.catch(() => {}) // read by text(); unread, the failure must not be an unhandled rejection
  return content
}

// The proxied answer's body under the same cap; a failure is kept for `text()` as above.
function readStream(status: number, stream: (AsyncIterable<Uint8Array> & { cancel(): Promise<void> }) | null, length: string | null, signal: AbortSignal | undefined, maxBytes: number): Promise<Buffer> {
  const content = (async () => {
    const chunks: Uint8Array[] = []
    let size = 0
    if (Number(length) > maxBytes) {
      void stream?.cancel().catch(() => {})
      throw new AnswerTooLarge(status, maxBytes)
    }
    try {
      for await (const chunk of stream ?? []) {
        size += chunk.byteLength
        if (size > maxBytes) {
          void stream?.cancel().catch(() => {})
          throw new AnswerTooLarge(status, maxBytes)
        }
        chunks.push(chunk)
      }
    } catch (error) {
      if (error instanceof AnswerTooLarge) throw error
      throw signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error })
    }
    return Buffer.concat(chunks)
  })()
  content.catch(() => {})
  return content
}

/**
 * `fetch` for the API client and the chat post: {@link fetchOverHttp}, typed as the global it replaces
 * (it implements the part of it that Octokit's request and the webhook use), with the `maxBytes` option.
 * With a proxy variable set, every hop goes through undici's proxy-aware fetch (proxy.ts), as curl would.
 */
export const fetchQuietly = ((input: string | URL, init?: FetchInit) => fetchOverHttp(input, init)) as unknown as (input: string | URL, init?: FetchInit) => Promise<Response>

/**
 * {@link fetchQuietly} resolving only once the whole body is read (under `init.maxBytes`): an answer too
 * large, cut off or aborted rejects the call itself, so a client such as Octokit, which would take an
 * unreadable body for an empty one, sees a failed request instead.
 */
export async function fetchWhole(input: string | URL, init?: FetchInit): Promise<Response> {
  return (await fetchOverHttp(input, init).then((response) => response.whole())) as unknown as Response
}
