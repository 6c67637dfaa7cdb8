// A chat webhook in one format: renders each event as that format's body and posts it as JSON.
import type { ChatEvent, ChatNotifier, ChatResult } from '../core/chat.ts'
import { fetchQuietly } from '../http/fetch.ts'
import { renderDiscord } from './discord.ts'
import type { ChatFormat } from './format.ts'
import { renderGoogleChat } from './googlechat.ts'
import { renderMattermost } from './mattermost.ts'
import { renderSlack } from './slack.ts'
import { renderTeams } from './teams.ts'

/** The body each format posts for an event. */
export const RENDERERS: Readonly<Record<ChatFormat, (event: ChatEvent) => unknown>> = {
  slack: renderSlack,
  mattermost: renderMattermost,
  googlechat: renderGoogleChat,
  discord: renderDiscord,
  teams: renderTeams,
}

/**
 * Posts `body` as JSON to `url`. Never throws: any failure is `{ok: false}`, with the status when there
 * was an answer. No credential is sent, and a redirect is refused (the address is the secret).
 */
export async function postJson(url: string, body: unknown, timeoutMs: number): Promise<ChatResult> {
  try {
    const response = await fetchQuietly(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
    await response.body?.cancel()
    return { ok: response.ok, status: response.status }
  } catch {
    return { ok: false }
  }
}

/** A {@link ChatNotifier} that posts `format`'s body for each event to the webhook `url`. */
export function webhookNotifier(format: ChatFormat, url: string, timeoutMs: number): ChatNotifier {
  return {
    format,
    host: new URL(url).host,
    send: (event) => postJson(url, RENDERERS[format](event), timeoutMs),
  }
}
