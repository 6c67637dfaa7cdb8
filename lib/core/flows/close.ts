import type { Log } from '../log.ts'
import type { CloseReason, Tracker } from '../tracker.ts'
import { retryTransient } from '../retry/transient.ts'

/** How hard to try a write that is safe to repeat. */
export interface RetrySettings {
  readonly retryAttempts: number
  readonly retryDelaySeconds: number
}

/**
 * Closes issue `number` with `reason`. Closing is idempotent, so unlike a create it is safe to send again
 * after an ambiguous failure (5xx, reset, timeout); trackers retry only reads, so the retry is here.
 * Throws the last error when every attempt failed.
 */
export async function closeIssue(tracker: Tracker, retry: RetrySettings, number: number, reason: CloseReason, log: Log): Promise<void> {
  await retryTransient(retry, `closing issue #${number}`, () => tracker.closeIssue(number, reason), log)
}
