// Which open issue holds a new failure's report. By default (REPORT_GROUP=title) the spec's rule: an issue
// whose title contains the new title, so one issue per environment, commit and day. With
// REPORT_GROUP=environment, any open issue for the same environment (any commit, any day): one rolling
// issue per failing environment, to which each new occurrence is added as a comment.
import { sinceFor } from './dedup.ts'
import { parseTitle } from './recovery.ts'
import { DEDUP_LABEL } from '../text/issue.ts'
import type { Issue, Tracker } from '../tracker.ts'

/** How open issues are matched to a new failure: by the spec's title, or any issue for the environment. */
export type Grouping = 'title' | 'environment'

/** What a new failure's report is matched on. */
export interface ReportKey {
  readonly group: Grouping
  /** The title the report would be filed under (lib/core/text/issue.ts renderTitle). */
  readonly title: string
  /** When the run started: the title's date. */
  readonly time: Date
}

/**
 * The environment as the title carries it (one line, cut when huge), so that it compares equal with
 * the titles already filed; undefined when the title is not in the reporter's format.
 */
export const titleEnvironment = (title: string): string | undefined => parseTitle(title)?.environment

/**
 * Whether `issue` holds the report for `key`: its title contains the new title, or, when grouping by
 * environment, names exactly the same environment (as the resolver matches it: `staging` is not
 * `staging-eu`).
 */
export function holdsReport(issue: Pick<Issue, 'title'>, key: ReportKey): boolean {
  // The spec: the new title as a literal (non-pattern) substring of the issue's.
  if (key.group === 'title') return issue.title.includes(key.title)
  const environment = titleEnvironment(key.title)
  return environment !== undefined && titleEnvironment(issue.title) === environment
}

/**
 * The issue among `issues` that holds the report: the lowest-numbered one, so every run that sees the
 * same issues picks the same one (which is what lets concurrent runs converge).
 */
export function findHolder<T extends Pick<Issue, 'number' | 'title'>>(issues: Iterable<T>, key: ReportKey): T | undefined {
  let best: T | undefined
  for (const issue of issues) if (holdsReport(issue, key) && (best === undefined || issue.number < best.number)) best = issue
  return best
}

/**
 * The `updatedSince` bound of the open-issue list for `key`: by title, only issues updated since the
 * title's date can match (see dedup.ts); by environment, an issue of any day can, so there is none.
 */
export function listBound(key: ReportKey): Date | undefined {
  return key.group === 'title' ? new Date(sinceFor(key.time)) : undefined
}

/**
 * The open `auto-deploy-failure` issue that holds the report for `key`, if any: the lowest-numbered
 * holder, found by reading the list oldest-first and stopping at the first page that has one.
 */
export async function findHolderIssue(tracker: Tracker, key: ReportKey): Promise<Issue | undefined> {
  const updatedSince = listBound(key)
  for await (const page of tracker.openIssues({ label: DEDUP_LABEL, ...(updatedSince ? { updatedSince } : {}) })) {
    const holder = findHolder(page, key)
    if (holder) return holder
  }
  return undefined
}
