// The line a recovery adds to its comment and chat notice: how long the environment was failing and how
// many failed runs it took, read from the issue's own comments.
import { formatDuration } from './duration.ts'
import { isOccurrenceComment, RECOVERY_MARKER } from './comment-text.ts'
import type { Comment } from '../tracker.ts'

/** An outage as one issue records it up to now: its first failed run (when known) and failed runs. */
export interface Outage {
  readonly start: Date | undefined
  readonly failedRuns: number
}

/**
 * The outage an open issue holds: since it was filed, or, when a recovery closed it before and a
 * regression reopened it, since that regression; each occurrence comment since then is one more run.
 */
export function outageOf(createdAt: Date | undefined, comments: readonly Pick<Comment, 'body' | 'createdAt'>[]): Outage {
  const lastRecovery = comments.findLastIndex((c) => c.body.startsWith(RECOVERY_MARKER))
  const since = comments.slice(lastRecovery + 1).filter((c) => isOccurrenceComment(c.body))
  if (lastRecovery === -1) return { start: createdAt, failedRuns: 1 + since.length }
  return { start: since[0]?.createdAt, failedRuns: since.length }
}

/** Several issues of one environment closed by the same recovery: one outage, from the earliest run. */
export function joinOutages(outages: readonly Outage[]): Outage {
  const starts = outages.map((o) => o.start)
  const start = starts.includes(undefined) ? undefined : starts.reduce<Date | undefined>((a, s) => (a === undefined || s! < a ? s : a), undefined)
  return { start, failedRuns: outages.reduce((n, o) => n + o.failedRuns, 0) }
}

/** `Recovered after 2 h 13 min and 3 failed runs`, or undefined when the start is not known. */
export function recoveredLine(outage: Outage, time: Date): string | undefined {
  if (outage.start === undefined || outage.failedRuns < 1) return undefined
  const runs = `${outage.failedRuns} failed run${outage.failedRuns === 1 ? '' : 's'}`
  return `Recovered after ${formatDuration((time.getTime() - outage.start.getTime()) / 1000)} and ${runs}`
}
