// Mattermost's incoming-webhook body: Slack's `{"text"}`, read as Markdown, where `@name`, `@channel`,
// `@all`, `@here` notify and `~channel` links. https://developers.mattermost.com/integrate/webhooks/incoming/
// The layout is the spec's four lines; for ordinary values the failure text is the spec's byte for byte.
import type { ChatEvent } from '../core/chat.ts'
import { slackEscape } from '../core/text/issue.ts'
import { inlineCode } from '../core/text/markdown.ts'
import { fitNotice, isLink, noticeOf, pingSentence, type Fact, type Notice } from './notice.ts'

/** Mattermost's longest post, in characters (server 5.0 and later); longer webhook posts are split. */
export const MATTERMOST_LIMIT = 16_383

// A zero-width space after `@` or `~` (where a mention or channel link could start) reads the same and
// notifies no one. After `_` too: Mattermost trims a word's leading `_`, `.`, `-`, `:` before matching it,
// so `_@channel` notifies (server/channels/app/mention_parser_standard.go in mattermost/mattermost).
// `&`, `<`, `>` are written as entities, which Markdown shows as the characters.
// Backslashes keep emphasis, code, links and tables from forming (CommonMark §2.4).
/** `text` as Mattermost Markdown that shows as the text itself and notifies no one. */
export function mattermostEscape(text: string): string {
  return slackEscape(text)
    .replace(/[\\*_`[\]|]/g, '\\$&')
    .replace(/(^|[^A-Za-z0-9])([@~])(?=[A-Za-z0-9])/g, '$1$2\u200B')
    .replace(/^([ \t]*)(#|\d+\.|[-+])(?=[ \t])/gm, '$1\\$2')
}

const fact = (f: Fact): string => {
  if (f.kind === 'code') return `${f.label}: ${inlineCode(f.value)}`
  if (f.kind === 'url' && isLink(f.value)) return `${f.label}: ${f.value}`
  return `${f.label}: ${mattermostEscape(f.value)}`
}

// The spec's text has no issue line; a recovery's closed issues stay `#12, #15` as in Slack's notice.
const render = (notice: Notice): string =>
  [`*[${notice.headline}]* ${mattermostEscape(notice.subject)}`, ...notice.facts.filter((f) => f.label !== 'Issue').map(fact)].join('\n')

/** The webhook body for `event`: `{"text"}` in the spec's layout, within Mattermost's limit. */
export function renderMattermost(event: ChatEvent): { text: string } {
  if (event.kind === 'ping') return { text: pingSentence(mattermostEscape(event.repo)) }
  return { text: fitNotice(noticeOf(event), MATTERMOST_LIMIT, render, (text) => text.length) }
}
