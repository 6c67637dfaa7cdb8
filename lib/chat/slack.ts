// Slack mrkdwn beyond the spec's webhook text (lib/chat/webhook.ts): the texts of thread replies and of
// the updated first message. Escaping `&`, `<` and `>`: https://api.slack.com/reference/surfaces/formatting#escaping
import { CHAT_LIMIT } from '../core/text/budget.ts'
import type { ChatEvent } from '../core/chat.ts'
import { slackEscape } from '../core/text/issue.ts'
import { fitNotice, isLink, type Fact, type Notice } from './notice.ts'
import { webhookText } from './webhook.ts'

/** Slack's limit for a message's `text`. */
export const SLACK_LIMIT = CHAT_LIMIT

const slackValue = (fact: Fact, notice: Notice): string => {
  if (fact.kind === 'code') return `\`${slackEscape(fact.value)}\``
  if (fact.kind === 'issues') return notice.issues.map((issue) => (isLink(issue.url) ? `<${issue.url}|#${issue.number}>` : `#${issue.number}`)).join(', ')
  return slackEscape(fact.value)
}

/**
 * A notice as Slack mrkdwn lines (`*[HEADLINE]* subject`, then `Label: value` per fact, issues as links),
 * within Slack's limit: the text of thread replies and of the updated first message.
 */
export function slackNoticeText(notice: Notice): string {
  const render = (n: Notice) => [`*[${n.headline}]* ${slackEscape(n.subject)}`, ...n.facts.map((f) => `${f.label}: ${slackValue(f, n)}`)].join('\n')
  return fitNotice(notice, SLACK_LIMIT - 1, render, (text) => text.length)
}

/** The webhook body for `event`: the default notifier's `{"text"}` (lib/chat/webhook.ts). */
export function renderSlack(event: ChatEvent): { text: string } {
  return { text: webhookText(event) }
}
