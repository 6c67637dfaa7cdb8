// The chat notifier a run uses, from the configuration: Slack's Web API when a bot token and channel are
// set, else the webhook in CHAT_FORMAT (by its host under `auto`); none without either. The core only
// ever sees a ChatNotifier.
import type { Config } from '../config/config.ts'
import type { ChatNotifier } from '../core/chat.ts'
import type { Log } from '../core/log.ts'
import { waitBudget } from '../tracker/github/ratelimit.ts'
import { resolveFormat } from './format.ts'
import { webhookNotifier } from './post.ts'
import { slackApiNotifier } from './slack-api.ts'
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
    return slackApiNotifier({ ...slack, timeoutMs: config.chatTimeoutMs, budget: waitBudget(config.maxWaitSeconds) })
  }
  if (!config.chatWebhook) return undefined
  const format = resolveFormat(config.chat.format, config.chatWebhook)
  // The spec's `{"text"}` stays the default notifier; the other formats render their own bodies.
  return format === 'slack' ? createWebhookNotifier(config.chatWebhook, config.chatTimeoutMs) : webhookNotifier(format, config.chatWebhook, config.chatTimeoutMs)
}
