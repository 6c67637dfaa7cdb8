// REPORT_CHAT_STRICT=1: a notice that did not go out is said, once, as a `[WARN]` line (an annotation in
// GitHub Actions). The spec's default stays: silence. The exit code never changes either way.
import type { ChatNotifier, ChatResult } from '../core/chat.ts'
import type { Log } from '../core/log.ts'

/**
 * The `[WARN]` text for a notice that was not delivered: format, status (and the service's error code, such
 * as Slack's `channel_not_found`) and host; never the path, which is the webhook's secret.
 */
export function chatWarning(notifier: Pick<ChatNotifier, 'format' | 'host'>, result: Pick<ChatResult, 'status' | 'error'>): string {
  const answer = result.status === undefined ? 'no answer' : `status ${result.status}`
  // Error codes are Slack's snake_case words; anything else is not echoed.
  const code = result.error !== undefined && /^[a-z_]{1,60}$/.test(result.error) ? `, error ${result.error}` : ''
  return `Chat notice not delivered (format ${notifier.format}, ${answer}${code}, host ${notifier.host})`
}

/** `notifier`, warning through `log` on each notice it could not deliver. */
export function strictNotifier(notifier: ChatNotifier, log: Log): ChatNotifier {
  return {
    format: notifier.format,
    host: notifier.host,
    async send(event) {
      const result = await notifier.send(event)
      if (!result.ok) log.warn(chatWarning(notifier, result))
      return result
    },
  }
}
