// Fetching a job log from the short-lived address a CI redirects to: no credential, the body streamed
// (a log may be hundreds of MB), through lib/http/stream.ts like GitLab's traces, so both CIs' logs go
// over one streamed GET that never carries a credential off its origin and honours the proxy variables.
import { streamGet } from './stream.ts'

/** An answer whose body is still to be read. */
export interface Download {
  readonly status: number
  readonly body: AsyncIterable<Uint8Array>
  /** Stops reading and frees the connection, for an answer not read to its end. */
  close(): void
}

/** GETs an address, sending no credential; rejects when there is no answer. */
export type Downloader = (url: string, signal: AbortSignal) => Promise<Download>

/** The downloader of job logs: a streamed GET with no credential. */
export function downloader(): Downloader {
  return async (url, signal) => {
    const answer = await streamGet({ url, signal })
    return { status: answer.status, body: answer.body, close: () => answer.cancel() }
  }
}
