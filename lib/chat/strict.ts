// REPORT_CHAT_STRICT=1: a notice that did not go out is said, once, as a `[WARN]` line (an annotation in
// GitHub Actions). The spec's default stays: silence. The exit code never changes either way.
import type { ChatNotifier } from '../core/chat.ts'
import type { Log } from '../core/log.ts'

/** The `[WARN]` text for a notice that was not delivered: format, status and host, never the path (a secret). */
export function chatWarning(notifier: Pick<ChatNotifier, 'format' | 'host'>, status: number | undefined): string {
  const answer = status === undefined ? 'no answer' : `status ${status}`
  return `Chat notice not delivered (format ${notifier.format}, ${answer}, host ${notifier.host})`
}

/** `notifier`, warning through `log` on each notice it could not deliver. */
export function strictNotifier(notifier: ChatNotifier, log: Log): ChatNotifier {
  return {
    format: notifier.format,
    host: notifier.host,
    async send(event) {
      const result = await notifier.send(event)
      if (!result.ok) log.warn(chatWarning(notifier, result.status))
      return result
    },
  }
}
