// A chat webhook in one format: renders each event as that format's body and posts it as JSON.
import type { ChatEvent, ChatNotifier } from '../core/chat.ts'
import { renderDiscord } from './discord.ts'
import type { ChatFormat } from '../core/chat-format.ts'
import { renderGoogleChat } from './googlechat.ts'
import { renderMattermost } from './mattermost.ts'
import { renderSlack } from './slack.ts'
import { renderTeams } from './teams.ts'
// The {"text"} webhook's post, so every format posts the same way: no credential, no redirect, a time limit.
import { postJson } from './webhook.ts'

/** The body each format posts for an event. */
export const RENDERERS: Readonly<Record<ChatFormat, (event: ChatEvent) => unknown>> = {
  slack: renderSlack,
  mattermost: renderMattermost,
  googlechat: renderGoogleChat,
  discord: renderDiscord,
  teams: renderTeams,
}

/** A {@link ChatNotifier} that posts `format`'s body for each event to the webhook `url`. */
export function webhookNotifier(format: ChatFormat, url: string, timeoutMs: number): ChatNotifier {
  return {
    format,
    host: new URL(url).host,
    send: (event) => postJson(url, RENDERERS[format](event), timeoutMs),
  }
}
