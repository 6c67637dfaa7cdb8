// What a report run ends with: the outcome `--json` prints, and what the chat notice needs besides.
import type { Issue } from '../tracker.ts'

/** What a run ended with; `--json` prints it. */
export interface Outcome {
  readonly outcome: 'created' | 'duplicate' | 'commented' | 'reopened' | 'failed'
  readonly number: number | null
  readonly url: string | null
  readonly title: string
}

/** A run's outcome with the issue that holds its report and, when this run commented, its occurrence number. */
export interface Filed {
  readonly outcome: Outcome
  readonly issue: Issue
  readonly occurrence?: number | undefined
}

/**
 * The {@link Filed} for `issue`, the issue that holds the report, that ended as `outcome`. The title is
 * the holder's own: with REPORT_GROUP=environment, or on a reopen, it is not the title this run rendered.
 */
export function filedAs(outcome: Exclude<Outcome['outcome'], 'failed'>, issue: Issue, occurrence?: number): Filed {
  return { outcome: { outcome, number: issue.number, url: issue.url, title: issue.title }, issue, ...(occurrence === undefined ? {} : { occurrence }) }
}
