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
// The zx CLI's own `fetch` echoes requests (headers and all) in verbose mode; this one prints nothing.
import type { IncomingMessage } from 'node:http'
import { transportFor } from './agent.ts'
import { proxiedFetch, proxyConfigured } from './proxy.ts'

/** What is sent: the subset of `RequestInit` the callers use. */
export interface FetchInit {
  readonly method?: string
  readonly headers?: Record<string, string>
  readonly body?: string | Uint8Array | null
  readonly signal?: AbortSignal | null
  readonly redirect?: 'follow' | 'error' | 'manual'
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 20
const CROSS_ORIGIN_DROPPED = ['authorization', 'proxy-authorization', 'cookie']

/** The answer, read in full: the subset of `Response` the callers use. */
export class FetchedResponse {
  readonly ok: boolean
  readonly status: number
  readonly statusText: string
  readonly headers: ResponseHeaders
  // Body already read (so the connection is free for the next request); `cancel` has nothing left to do.
  readonly body = { cancel: async (): Promise<void> => {} }
  readonly url: string
  private readonly content: Promise<Buffer>

  constructor(message: IncomingMessage, url: string, content: Promise<Buffer>) {
    this.url = url
    this.content = content
    this.status = message.statusCode ?? 0
    this.ok = this.status >= 200 && this.status < 300
    this.statusText = message.statusMessage ?? ''
    this.headers = new ResponseHeaders(message.headers)
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

  constructor(raw: IncomingMessage['headers']) {
    this.map = new Map(Object.entries(raw).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]])))
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

/** Sends one request per redirect hop, as `fetch(input, init)` would; see the top of this file. */
export async function fetchOverHttp(input: string | URL, init: FetchInit = {}): Promise<FetchedResponse> {
  let url = new URL(String(input))
  let method = (init.method ?? 'GET').toUpperCase()
  let body = init.body ?? undefined
  const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
  const signal = init.signal ?? undefined
  for (let hops = 0; ; hops++) {
    const message = await send(url, method, headers, body, signal)
    const location = message.headers.location
    if (!REDIRECTS.has(message.statusCode ?? 0) || location === undefined || init.redirect === 'manual') {
      return new FetchedResponse(message, url.href, readAll(message, signal))
    }
    message.resume()
    if (init.redirect === 'error') throw new TypeError('fetch failed', { cause: new Error(`unexpected redirect to ${new URL(location, url).origin}`) })
    if (hops >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') })
    const next = new URL(location, url)
    if (next.origin !== url.origin) for (const name of CROSS_ORIGIN_DROPPED) delete headers[name]
    const status = message.statusCode!
    if ((status === 303 && method !== 'GET' && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
      for (const name of Object.keys(headers)) if (name.startsWith('content-')) delete headers[name]
    }
    url = next
  }
}

async function send(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined): Promise<IncomingMessage> {
  signal?.throwIfAborted()
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) })
  // One kept-alive connection per origin, perhaps opened ahead (agent.ts).
  const { request, agent } = transportFor(url.protocol)
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
    req.on('error', (error) => {
      signal?.removeEventListener('abort', abort)
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }))
    })
    req.end(body)
  })
}

// Read at once, so the socket goes back to the agent's pool (where Node lets the process exit past it)
// even when the caller never reads the body; a failure is kept for `text()` to reject with.
function readAll(message: IncomingMessage, signal: AbortSignal | undefined): Promise<Buffer> {
  const content = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    const abort = () => message.destroy(signal!.reason as Error)
    signal?.addEventListener('abort', abort, { once: true })
    const done = (error?: unknown) => {
      signal?.removeEventListener('abort', abort)
      if (error === undefined) resolve(Buffer.concat(chunks))
      else reject(signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error }))
    }
    message.on('data', (chunk: Buffer) => chunks.push(chunk))
    message.on('end', () => done())
    message.on('error', (error) => done(error))
    message.on('close', () => {
      if (!message.complete) done(new Error('the connection closed before the body was complete'))
    })
  })
  content.catch(() => {}) // read by text(); unread, the failure must not be an unhandled rejection
  return content
}

/**
 * `fetch` for the API client and the chat post: {@link fetchOverHttp}, typed as the global it replaces
 * (it implements the part of it that Octokit's request and the webhook use). With a proxy variable set,
 * every request goes through undici's proxy-aware fetch instead (proxy.ts), as curl would send it.
 */
export const fetchQuietly: typeof fetch = (input, init) =>
  proxyConfigured() ? proxiedFetch().then((proxied) => proxied(input, init)) : (fetchOverHttp(input as string | URL, init as FetchInit) as unknown as Promise<Response>)
