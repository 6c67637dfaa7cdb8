// Where a Slack thread that follows an issue is remembered: a hidden HTML comment as the last line of the
// issue body. GitHub and GitLab do not render HTML comments, and nothing else is stored anywhere.
import type { ChatThread } from '../chat.ts'

const PREFIX = '<!-- deploy-failure-reporter:slack-thread'

// Slack's ids (C…, G…, D…) and message timestamps (`1712345678.000100`). Anything else is not recorded,
// so the marker can never carry text that would end the comment.
const CHANNEL = /^[A-Za-z0-9]{1,40}$/
const TS = /^\d{1,12}\.\d{1,9}$/

// The marker must be the body's last line: the reporter appends it, and a commit message in the body's
// code block cannot end the body, so a look-alike there is never read.
const AT_END = /\n<!-- deploy-failure-reporter:slack-thread channel=([A-Za-z0-9]{1,40}) ts=(\d{1,12}\.\d{1,9}) -->\s*$/

/** The marker line for `thread`, or undefined when its channel or ts is not in Slack's form. */
export function renderThreadMarker(thread: ChatThread): string | undefined {
  if (!CHANNEL.test(thread.channel) || !TS.test(thread.ts)) return undefined
  return `${PREFIX} channel=${thread.channel} ts=${thread.ts} -->`
}

/** The thread recorded at the end of an issue `body`, if any. */
export function parseThreadMarker(body: string): ChatThread | undefined {
  const match = AT_END.exec(body)
  return match ? { channel: match[1]!, ts: match[2]! } : undefined
}

/**
 * `body` with `thread`'s marker as its last line (replacing one already there), or undefined when the
 * thread is not in Slack's form or the result would exceed `limit` characters.
 */
export function withThreadMarker(body: string, thread: ChatThread, limit = Infinity): string | undefined {
  const marker = renderThreadMarker(thread)
  if (marker === undefined) return undefined
  const base = body.replace(AT_END, '\n')
  const result = `${base.endsWith('\n') ? base : `${base}\n`}${marker}\n`
  return result.length <= limit ? result : undefined
}
