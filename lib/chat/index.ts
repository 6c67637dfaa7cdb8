// The chat notifier a run uses, from the configuration: Slack's Web API when a bot token and channel are
// set, else the webhook in CHAT_FORMAT (by its host under `auto`); none without either. The core only
// ever sees a ChatNotifier.
import type { Config } from '../config/config.ts'
import type { ChatNotifier } from '../core/chat.ts'
import type { Log } from '../core/log.ts'
import { waitBudget } from '../core/retry/budget.ts'
import { resolveFormat } from '../core/chat-format.ts'
import { strictNotifier } from './strict.ts'
import { createWebhookNotifier } from './webhook.ts'

/** What the notifier needs from the configuration. */
export type NotifierConfig = Pick<Config, 'chatWebhook' | 'chatTimeoutMs' | 'chat' | 'maxWaitSeconds'>

/**
 * The notifier for `config`, or undefined when no chat is configured. With `log` and REPORT_CHAT_STRICT=1,
 * a notice that was not delivered is one `[WARN]` line through `log`, and also handed to `annotate` as a
 * GitHub Actions warning annotation when given (the commands give it inside Actions).
 */
export function createNotifier(config: NotifierConfig, log?: Log, annotate?: (line: string) => void): ChatNotifier | undefined {
  const notifier = pick(config)
  return notifier && log && config.chat.strict ? strictNotifier(notifier, log, annotate) : notifier
}

function pick(config: NotifierConfig): ChatNotifier | undefined {
  const { slack } = config.chat
  if (slack) {
    // Slack's 429s get their own REPORT_MAX_WAIT: the tracker's client keeps its budget to itself.
    const options = { ...slack, timeoutMs: config.chatTimeoutMs, budget: waitBudget(config.maxWaitSeconds) }
    return loadedOnUse('slack-api', new URL(slack.apiUrl).host, async () => (await import('./slack-api.ts')).slackApiNotifier(options))
  }
  if (!config.chatWebhook) return undefined
  const format = resolveFormat(config.chat.format, config.chatWebhook)
  // The spec's `{"text"}` stays the default notifier; the other formats render their own bodies.
  const { chatWebhook: url, chatTimeoutMs: timeoutMs } = config
  return format === 'slack'
    ? createWebhookNotifier(url, timeoutMs)
    : loadedOnUse(format, new URL(url).host, async () => (await import('./post.ts')).webhookNotifier(format, url, timeoutMs))
}

// The other formats and Slack's Web API are loaded when a run posts with one, not on every run: the
// spec's `{"text"}` needs none of them, and every module costs start-up (npm run bench). Made once.
function loadedOnUse(format: string, host: string, make: () => Promise<ChatNotifier>): ChatNotifier {
  let made: Promise<ChatNotifier> | undefined
  return {
    format,
    host,
    // `send` never throws, like every notifier's.
    send: async (event) => (await (made ??= make())).send(event).catch(() => ({ ok: false })),
  }
}
