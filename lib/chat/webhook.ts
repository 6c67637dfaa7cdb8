// The spec's chat notice: `{"text": …}` posted to a Slack-compatible incoming webhook. The default
// `ChatNotifier`; the texts are the ones the reporter has always sent.
import type { ChatEvent, ChatNotifier, ChatResult } from '../core/chat.ts'
import { renderChat, slackEscape } from '../core/text/issue.ts'
import { renderRecoveryChat } from '../core/find/recovery.ts'
import { fetchQuietly } from '../http/fetch.ts'
import { redactDeep } from '../core/redact.ts'

/** The spec gives the chat post no time limit; a dead webhook must not hang a pipeline, so it gets 10 s. */
export const CHAT_TIMEOUT_MS = 10_000

/** The test message `doctor --ping` posts for `repo` (`owner/name`): says plainly that nothing failed. */
export function pingText(repo: string): string {
  return `Test message from deploy-failure-reporter (doctor --ping) for ${slackEscape(repo)}: the chat webhook works. No action needed.`
}

/** The text of `event`: a recurrence reads like the failure itself, as it always has. */
export function webhookText(event: ChatEvent): string {
  switch (event.kind) {
    case 'failure':
    case 'recurrence':
      return renderChat(event.failure)
    case 'recovery':
      return renderRecoveryChat(event.recovery, event.closed.map((issue) => issue.number), event.recovered)
    case 'ping':
      return pingText(event.repo)
  }
}

/**
 * Posts `body` as JSON to `url`. Never throws and never logs: any failure is `{ok: false}`, with the
 * status when there was an answer. No credential is sent, and a redirect is refused (the address is the
 * secret). Every chat format posts through this one.
 */
export async function postJson(url: string, body: unknown, timeoutMs: number): Promise<ChatResult> {
  try {
    const response = await fetchQuietly(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The door out for every webhook format (lib/core/redact.ts).
      body: JSON.stringify(redactDeep(body)),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
    await response.body?.cancel()
    return { ok: response.ok, status: response.status }
  } catch {
    return { ok: false }
  }
}

/**
 * Posts `{"text": text}` to a Slack-compatible webhook. Never throws and never logs: the spec says the
 * chat step's output and errors are discarded. Resolves to whether the webhook answered 2xx, and its
 * status when it answered. No token or other credential is ever sent here.
 */
export function postText(webhook: string, text: string, timeoutMs = CHAT_TIMEOUT_MS): Promise<ChatResult> {
  return postJson(webhook, { text }, timeoutMs)
}

/** Like {@link postText}, resolving to whether the webhook answered 2xx. */
export async function postChat(webhook: string, text: string, timeoutMs = CHAT_TIMEOUT_MS): Promise<boolean> {
  return (await postText(webhook, text, timeoutMs)).ok
}

/** The `slack` notifier for `webhook`: one `{"text"}` post per event, `timeoutMs` at most. */
export function createWebhookNotifier(webhook: string, timeoutMs = CHAT_TIMEOUT_MS): ChatNotifier {
  return {
    format: 'slack',
    // The host only: the rest of a Slack-style address is the secret.
    host: new URL(webhook).host,
    // webhookText: a failure's text is the spec's, with no issue in it.
    namesIssue: false,
    send: (event) => postText(webhook, webhookText(event), timeoutMs),
  }
}
