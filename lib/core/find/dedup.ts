import type { Issue } from '../tracker.ts'

/** Whether `issue`'s title holds `title` as a literal substring. */
export function isMatch(issue: Pick<Issue, 'title'>, title: string): boolean {
  return issue.title.includes(title)
}

/**
 * The issue that holds the report for `title`: the lowest-numbered match. Every reporter that sees the same
 * issues picks the same one, which is what lets concurrent runs converge.
 */
export function findMatch<T extends Pick<Issue, 'number' | 'title'>>(issues: Iterable<T>, title: string): T | undefined {
  let best: T | undefined
  for (const issue of issues) {
    if (isMatch(issue, title) && (best === undefined || issue.number < best.number)) best = issue
  }
  return best
}

// The earliest offset in use is UTC+14 (Line Islands): an issue titled with local date D was created no
// earlier than D 00:00 at UTC+14, whatever zone the reporter that filed it ran in.
const EARLIEST_OFFSET_MS = 14 * 60 * 60 * 1000

/**
 * The `updatedSince` bound for the list call: the first instant at which any time zone's date is `date`'s
 * local date. An issue carrying that date in its title was created, and so last updated, at or after it.
 */
export function sinceFor(date: Date): Date {
  const midnightUtc = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())
  return new Date(midnightUtc - EARLIEST_OFFSET_MS)
}
