// Notices through Slack's Web API instead of a webhook, so that they can thread and be updated: the first
// notice for an issue is a message (its channel and ts are recorded on the issue by the caller), a repeated
// failure replies in its thread, and a recovery replies and marks the first message recovered.
// https://api.slack.com/methods/chat.postMessage, https://api.slack.com/methods/chat.update
// The bot token goes in the Authorization header to SLACK_API_URL's origin only; redirects are refused.
import type { ChatEvent, ChatNotifier, ChatResult, ChatThread, IssueRef } from '../core/chat.ts'
import { fetchQuietly } from '../http/fetch.ts'
import { redactDeep } from '../core/redact.ts'
import { slackEscape } from '../core/text/issue.ts'
import { noticeOf, pingSentence, type Notice } from './notice.ts'
import { slackNoticeText } from './slack.ts'
import { webhookText } from './webhook.ts'

/** How to reach Slack, and how long one run may wait for its rate limits. */
export interface SlackApiOptions {
  readonly token: string
  /** SLACK_CHANNEL: a channel id or `#name`; answers name the id, which is what threads are kept by. */
  readonly channel: string
  /** SLACK_API_URL, without a trailing slash. */
  readonly apiUrl: string
  readonly timeoutMs: number
  /** The run's shared rate-limit wait (REPORT_MAX_WAIT): `take` books seconds if they still fit. */
  readonly budget: { take(seconds: number): boolean }
  readonly sleep?: (ms: number) => Promise<void>
}

interface SlackAnswer {
  ok?: boolean
  error?: string
  channel?: string
  ts?: string
}

// Waiting out the same limit again and again is bounded even when Slack says "0 s".
const MAX_RATE_LIMITED = 5

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The text of the first message once its issue is closed: its first line says it recovered. */
export function recoveredText(event: Extract<ChatEvent, { kind: 'recovery' }>, issue: IssueRef): string {
  const notice: Notice = {
    headline: 'DEPLOY RECOVERED',
    subject: noticeOf(event).subject,
    facts: [
      { label: 'Closed', value: `#${issue.number}`, kind: 'issues' },
      ...noticeOf(event).facts.filter((fact) => fact.label !== 'Closed'),
    ],
    issues: [issue],
  }
  return slackNoticeText(notice)
}

/** A {@link ChatNotifier} over Slack's Web API (format `slack-api`). Never throws. */
export function slackApiNotifier(options: SlackApiOptions): ChatNotifier {
  const sleep = options.sleep ?? pause

  // One Web API call. 429 (and `ok: false, error: ratelimited`) are waited out within the budget; a write
  // that got no clear answer is never repeated, since it may have been posted.
  async function call(method: string, payload: Record<string, unknown>): Promise<ChatResult & { answer?: SlackAnswer }> {
    for (let limited = 0; ; limited++) {
      let response: Response
      try {
        response = await fetchQuietly(`${options.apiUrl}/${method}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json; charset=utf-8' },
          // The door out (lib/core/redact.ts); the token travels in the header only.
          body: JSON.stringify(redactDeep(payload)),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        })
      } catch {
        return { ok: false }
      }
      const answer = (await response.json().catch(() => undefined)) as SlackAnswer | undefined
      const rateLimited = response.status === 429 || answer?.error === 'ratelimited'
      if (rateLimited) {
        const seconds = Math.max(Number(response.headers.get('retry-after') ?? '1') || 0, 0)
        if (limited < MAX_RATE_LIMITED && options.budget.take(seconds)) {
          await sleep(seconds * 1000)
          continue
        }
        return { ok: false, status: response.status, error: 'ratelimited' }
      }
      if (!response.ok || answer?.ok !== true) {
        return { ok: false, status: response.status, ...(typeof answer?.error === 'string' ? { error: answer.error } : {}) }
      }
      return { ok: true, status: response.status, answer }
    }
  }

  async function post(text: string, thread?: ChatThread): Promise<ChatResult> {
    const channel = thread?.channel ?? options.channel
    const result = await call('chat.postMessage', { channel, text, ...(thread ? { thread_ts: thread.ts } : {}) })
    const { answer, ...rest } = result
    if (!result.ok || thread || !answer?.channel || !answer.ts) return rest
    return { ...rest, thread: { channel: answer.channel, ts: answer.ts } }
  }

  const update = async (thread: ChatThread, text: string): Promise<ChatResult> => {
    const { answer: _, ...rest } = await call('chat.update', { channel: thread.channel, ts: thread.ts, text })
    return rest
  }

  // Several calls for one event: it went out when all did; the first failure says why not.
  const all = (results: readonly ChatResult[]): ChatResult => results.find((r) => !r.ok) ?? { ok: true, status: results.at(-1)?.status }

  async function recover(event: Extract<ChatEvent, { kind: 'recovery' }>): Promise<ChatResult> {
    const results: ChatResult[] = []
    const unthreaded = event.closed.filter((issue) => !issue.thread)
    for (const issue of event.closed) {
      if (!issue.thread) continue
      results.push(await post(slackNoticeText(noticeOf({ ...event, closed: [issue] })), issue.thread))
      results.push(await update(issue.thread, recoveredText(event, issue)))
    }
    // Issues filed before threads (or whose marker was lost) get the plain notice, as from a webhook.
    if (unthreaded.length) results.push(await post(webhookText({ ...event, closed: unthreaded })))
    return all(results)
  }

  return {
    format: 'slack-api',
    host: new URL(options.apiUrl).host,
    async send(event) {
      switch (event.kind) {
        case 'failure':
          // A failure that already has a thread (a duplicate run) says so there, not in the channel.
          return event.issue?.thread ? post(slackNoticeText(noticeOf(event)), event.issue.thread) : post(webhookText(event))
        case 'recurrence':
          return post(slackNoticeText(noticeOf(event)), event.issue.thread)
        case 'recovery':
          return recover(event)
        case 'ping':
          return post(pingSentence(slackEscape(event.repo)))
      }
    },
  }
}
