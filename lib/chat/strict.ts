// REPORT_CHAT_STRICT=1: a notice that did not go out is said, once, as a `[WARN]` line, and in GitHub
// Actions also as a warning annotation on the run. The spec's default stays: silence. The exit code never
// changes either way.
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

/**
 * `message` as a GitHub Actions `warning` workflow command, escaped as the runner expects (`%`, CR, LF):
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#setting-a-warning-message
 */
export function warningAnnotation(message: string): string {
  return `::warning title=Chat notice::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}`
}

/**
 * `notifier`, warning through `log` on each notice it could not deliver; with `annotate` (set in GitHub
 * Actions), the same text is also handed to it as an annotation line.
 */
export function strictNotifier(notifier: ChatNotifier, log: Log, annotate?: (line: string) => void): ChatNotifier {
  return {
    format: notifier.format,
    host: notifier.host,
    ...(notifier.namesIssue === undefined ? {} : { namesIssue: notifier.namesIssue }),
    async send(event) {
      const result = await notifier.send(event)
      if (!result.ok) {
        const warning = chatWarning(notifier, result)
        log.warn(warning)
        annotate?.(warningAnnotation(warning))
      }
      return result
    },
  }
}
