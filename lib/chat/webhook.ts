import { fetchQuietly } from '../http/fetch.ts'

/** The spec gives the chat post no time limit; a dead webhook must not hang a pipeline, so it gets 10 s. */
export const CHAT_TIMEOUT_MS = 10_000

/**
 * Posts `{"text": text}` to a Slack-compatible webhook. Never throws and never logs: the spec says the
 * chat step's output and errors are discarded. Resolves to whether the webhook answered 2xx.
 * No token or other credential is ever sent here.
 */
export async function postChat(webhook: string, text: string, timeoutMs = CHAT_TIMEOUT_MS): Promise<boolean> {
  try {
    const response = await fetchQuietly(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
    await response.body?.cancel()
    return response.ok
  } catch {
    return false
  }
}
