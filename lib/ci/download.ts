// Fetching a job log from the short-lived address a CI redirects to: no credential, the body streamed
// (a log may be hundreds of MB). Over node:http(s) (lib/http/fetch.ts), which a run has loaded already;
// through undici's proxy-aware fetch when a proxy variable is set, as every other request.
import { proxiedFetch, proxyConfigured } from '../http/proxy.ts'
import { streamGet } from '../http/fetch.ts'

type Env = Record<string, string | undefined>

/** An answer whose body is still to be read. */
export interface Download {
  readonly status: number
  readonly body: AsyncIterable<Uint8Array>
  /** Stops reading and frees the connection, for an answer not read to its end. */
  close(): void
}

/** GETs an address, sending no credential; rejects when there is no answer. */
export type Downloader = (url: string, signal: AbortSignal) => Promise<Download>

/** The downloader for `env`: node:http(s), or the proxy's fetch when HTTPS_PROXY/HTTP_PROXY is set. */
export function downloader(env: Env): Downloader {
  if (proxyConfigured(env)) {
    return async (url, signal) => {
      const response = await (await proxiedFetch(env))(url, { signal, redirect: 'error' })
      const body = (response.body ?? (async function* () {})()) as AsyncIterable<Uint8Array>
      return { status: response.status, body, close: () => void response.body?.cancel().catch(() => {}) }
    }
  }
  return async (url, signal) => {
    const message = await streamGet(url, signal)
    return { status: message.statusCode ?? 0, body: message, close: () => message.destroy() }
  }
}
