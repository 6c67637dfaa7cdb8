// Discord's webhook body: `{"content"}` in Discord's Markdown, at most 2,000 characters, with
// `allowed_mentions: {"parse": []}` so that no `@everyone`, user or role mention in a value pings anyone.
// https://discord.com/developers/docs/resources/webhook#execute-webhook
// https://discord.com/developers/docs/resources/message#allowed-mentions-object
import type { ChatEvent } from '../core/chat.ts'
import { inlineCode } from '../core/text/markdown.ts'
import { fitNotice, isLink, noticeOf, pingSentence, type Fact, type Notice } from './notice.ts'

/** Discord's longest message `content`. */
export const DISCORD_LIMIT = 2_000

/** The webhook body Discord takes. */
export interface DiscordBody {
  readonly content: string
  readonly allowed_mentions: { readonly parse: readonly [] }
}

// Discord's Markdown drops a backslash before any punctuation and shows the character. Escaped: emphasis,
// strike, spoiler, code, quote, heading, list and masked-link characters, `<` (`<@id>`, `<#id>`, `<t:…>`),
// `@` (shown highlighted even when it pings no one) and `:` (emoji, and `https://` autolinks).
/** `text` as Discord Markdown that shows as the text itself. */
export function discordEscape(text: string): string {
  return text.replace(/[\\*_~`|<>#\-[\]()@:.]/g, '\\$&')
}

// `<url>` is a link without an embed preview under it.
const link = (url: string, text: string): string => (text === url ? `<${url}>` : `[${discordEscape(text)}](<${url}>)`)

const value = (f: Fact, notice: Notice): string => {
  if (f.kind === 'issues') return notice.issues.map((i) => (isLink(i.url) ? link(i.url, `#${i.number}`) : discordEscape(`#${i.number}`))).join(', ')
  if (f.kind === 'url' && isLink(f.value)) return link(f.value, f.value)
  return f.kind === 'code' ? inlineCode(f.value) : discordEscape(f.value)
}

const render = (notice: Notice): DiscordBody => ({
  content: [`**[${notice.headline}]** ${discordEscape(notice.subject)}`, ...notice.facts.map((f) => `${f.label}: ${value(f, notice)}`)].join('\n'),
  allowed_mentions: { parse: [] },
})

/** The webhook body for `event`: the spec's facts and the issue link in `content`, within 2,000 characters. */
export function renderDiscord(event: ChatEvent): DiscordBody {
  if (event.kind === 'ping') return { content: pingSentence(discordEscape(event.repo)), allowed_mentions: { parse: [] } }
  return fitNotice(noticeOf(event), DISCORD_LIMIT, render, (body) => body.content.length)
}
