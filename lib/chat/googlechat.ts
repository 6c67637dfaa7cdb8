// Google Chat's incoming-webhook body: `{"text"}` in Chat's own markup: `*bold*`, `_italic_`, `~strike~`,
// `` `code` ``, `<url|text>` links and `<users/…>` mentions. https://developers.google.com/workspace/chat/format-messages
// Chat has no escape character, so every untrusted value is shown as code, where nothing is formatted,
// linked or mentioned, and the one character that would end the code becomes a look-alike.
import type { ChatEvent } from '../core/chat.ts'
import { fitNotice, isLink, noticeOf, pingSentence, type Fact, type Notice } from './notice.ts'

/** Google Chat's longest message text, in characters. */
export const GOOGLE_CHAT_LIMIT = 4_096

// U+02CB MODIFIER LETTER GRAVE ACCENT looks like a backtick and ends no code span. A zero-width space after
// `<` keeps `<users/all>` from being read as a mention even where code is not honoured.
const literal = (text: string): string => text.replace(/`/g, '\u02CB').replace(/</g, '<\u200B')

/** `text` as Google Chat inline code (one line) or a code block (several lines), shown literally. */
export function googleChatCode(text: string): string {
  if (text === '') return '` `'
  return text.includes('\n') ? `\n\`\`\`\n${literal(text)}\n\`\`\`` : `\`${literal(text)}\``
}

const link = (url: string, text: string): string => `<${url}|${text}>`

const issueLinks = (notice: Notice): string => notice.issues.map((i) => (isLink(i.url) ? link(i.url, `#${i.number}`) : `#${i.number}`)).join(', ')

const value = (f: Fact, notice: Notice): string => {
  if (f.kind === 'issues') return issueLinks(notice)
  if (f.kind === 'url' && isLink(f.value)) return link(f.value, f.value)
  return f.kind === 'text' ? f.value : googleChatCode(f.value)
}

const render = (notice: Notice): string =>
  [`*[${notice.headline}]* ${googleChatCode(notice.subject)}`, ...notice.facts.map((f) => `${f.label}: ${value(f, notice)}`)].join('\n')

/** The webhook body for `event`: `{"text"}` with the spec's facts, the issue as a link, within Chat's limit. */
export function renderGoogleChat(event: ChatEvent): { text: string } {
  if (event.kind === 'ping') return { text: pingSentence(googleChatCode(event.repo)) }
  return { text: fitNotice(noticeOf(event), GOOGLE_CHAT_LIMIT, render, (text) => text.length) }
}
