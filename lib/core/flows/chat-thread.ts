// The chat thread that follows an issue: read from the marker at the end of its body, and recorded there
// after the first notice. The spec's order stays: create the issue, then notify, then record.
import type { ChatResult, IssueRef } from '../chat.ts'
import type { Log } from '../log.ts'
import { parseThreadMarker, withThreadMarker } from '../text/thread-marker.ts'
import type { Issue, Tracker } from '../tracker.ts'
import { describeError } from '../retry/transient.ts'

/** The reference a chat notice carries for `issue`, with its thread when one is recorded. */
export function issueRef(issue: Pick<Issue, 'number' | 'url' | 'body'>): IssueRef {
  const thread = parseThreadMarker(issue.body)
  return thread ? { number: issue.number, url: issue.url, thread } : { number: issue.number, url: issue.url }
}

/**
 * Adds the thread a notice started (`result.thread`) to `issue`'s body, unless it records one already.
 * Never throws: a thread that could not be recorded only means later notices start a new one, so it is a
 * `[WARN]` line and the run goes on. Not retried, like every write.
 */
export async function recordThread(tracker: Pick<Tracker, 'updateBody' | 'limits'>, issue: Pick<Issue, 'number' | 'body'>, result: ChatResult, log: Log): Promise<void> {
  if (!result.ok || !result.thread || parseThreadMarker(issue.body)) return
  const body = withThreadMarker(issue.body, result.thread, tracker.limits.body)
  if (body === undefined) {
    log.warn(`Could not record the chat thread on issue #${issue.number}: the body has no room left for it`)
    return
  }
  try {
    await tracker.updateBody(issue.number, body)
  } catch (error) {
    log.warn(`Could not record the chat thread on issue #${issue.number} (${describeError(error)}); later notices will start a new thread`)
  }
}
