// Slack's incoming-webhook body: the spec's `{"text"}`. The failure notice is the spec's four lines byte
// for byte (renderChat); the recovery notice is the resolver's. Slack mrkdwn, escaping `&`, `<` and `>`:
// https://api.slack.com/reference/surfaces/formatting#escaping
import { CHAT_LIMIT } from '../core/budget.ts'
import type { ChatEvent } from '../core/chat.ts'
import { renderChat, slackEscape } from '../core/issue.ts'
import { renderRecoveryChat } from '../core/recovery.ts'
import { fitNotice, isLink, pingSentence, type Fact, type Notice } from './notice.ts'

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

/**
 * The text of `event` in Slack mrkdwn: a failure (and a repeated one, as before threads existed) is the
 * spec's four lines; a recovery is the resolver's notice; a ping names the format.
 */
export function slackText(event: ChatEvent): string {
  switch (event.kind) {
    case 'failure':
    case 'recurrence':
      return renderChat(event.failure)
    case 'recovery':
      return renderRecoveryChat(event.recovery, event.closed.map((issue) => issue.number))
    case 'ping':
      return pingSentence(slackEscape(event.repo))
  }
}

/** The webhook body for `event`: `{"text"}`. */
export function renderSlack(event: ChatEvent): { text: string } {
  return { text: slackText(event) }
}
