/** The fields of a listed issue that deduplication looks at. */
export interface ListedIssue {
  /** GitHub's internal id (not the number), which closing as a duplicate names; absent on other trackers. */
  readonly id?: number | bigint
  readonly number: number
  readonly title: string
  readonly html_url: string
  /** Present on pull requests, which GitHub's issue list returns too. */
  readonly pull_request?: unknown
}

/** Whether `issue` is a real issue (not a pull request) whose title holds `title` as a literal substring. */
export function isMatch(issue: ListedIssue, title: string): boolean {
  return issue.pull_request == null && issue.title.includes(title)
}

/**
 * The issue that holds the report for `title`: the lowest-numbered match. Every reporter that sees the same
 * issues picks the same one, which is what lets concurrent runs converge.
 */
export function findMatch<T extends ListedIssue>(issues: Iterable<T>, title: string): T | undefined {
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
 * The `since` bound for the list call: the first instant at which any time zone's date is `date`'s local
 * date. An issue carrying that date in its title was created, and so last updated, at or after it.
 * https://docs.github.com/en/rest/issues/issues#list-repository-issues
 */
export function sinceFor(date: Date): string {
  const midnightUtc = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())
  return new Date(midnightUtc - EARLIEST_OFFSET_MS).toISOString()
}
