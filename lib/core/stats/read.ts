// Reads the record from the tracker, read-only: every labelled issue updated in the period and every open one,
// 100 a page; the comments of only those whose comment count says there may be recurrences or a reopen, and the
// deploys each environment recorded.
import { parseTitle } from '../find/recovery.ts'
import { DEDUP_LABEL } from '../text/issue.ts'
import type { DeployCount, Issue, Tracker } from '../tracker.ts'
import { needsComments, rebuildEpisodes, type Episode, type IssueRecord } from './episodes.ts'
import type { Period } from './figures.ts'

/** What was read for a period: its episodes, the environments shown and their recorded deploys. */
export interface History {
  readonly episodes: readonly Episode[]
  readonly environments: readonly string[]
  readonly deploys: ReadonlyMap<string, DeployCount>
  /** Every environment a labelled issue of the period names, asked for or not, sorted: what `--env` could say. */
  readonly named: readonly string[]
}

// Comment lists are independent reads; a few at once keep a long history quick without a burst that
// GitHub's secondary limit (at most 100 concurrent requests) would notice.
const COMMENT_READS = 4

async function eachLimited<T>(items: readonly T[], limit: number, act: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await act(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * The history of `period` on `tracker`: only environments in `only` when it is not empty (else every
 * environment with an episode in the period or failing at its end). Any failed read throws: a history
 * cut short would show too few failures as if that were all.
 */
export async function readHistory(tracker: Tracker, period: Period, only: readonly string[] = []): Promise<History> {
  if (!tracker.history) throw new Error(`The ${tracker.kind} tracker cannot read its history`)
  const records = new Map<number, { issue: IssueRecord['issue']; comments?: IssueRecord['comments'] }>()
  const named = new Set<string>()
  const keep = (issue: Issue) => {
    const environment = parseTitle(issue.title)?.environment
    if (environment !== undefined) named.add(environment)
    if (environment === undefined || (only.length && !only.includes(environment))) return
    if (issue.createdAt && issue.createdAt >= period.until) return
    // Only what the episodes need is kept: a long history's bodies would cost memory for nothing.
    const { number, title, state, createdAt, closedAt, closedAs, commentCount } = issue
    records.set(number, { issue: { number, title, state, createdAt, closedAt, closedAs, commentCount } })
  }
  for await (const page of tracker.history({ label: DEDUP_LABEL, since: period.since })) page.forEach(keep)
  // An outage filed before the period with nothing written on it since (no recurrence, no recovery) was
  // last updated before `since`, so the history leaves it out; it is still failing, and the open issues
  // (most often one page) say so. Without them an environment down for months would show no failure.
  for await (const page of tracker.openIssues({ label: DEDUP_LABEL })) for (const issue of page) if (!records.has(issue.number)) keep(issue)
  const toRead = [...records.values()].filter((r) => needsComments(r.issue))
  await eachLimited(toRead, COMMENT_READS, async (record) => {
    record.comments = (await tracker.listComments(record.issue.number)).map(({ body, createdAt }) => ({ body, createdAt }))
  })
  const episodes = rebuildEpisodes(records.values())
  const seen = episodes.filter((e) => e.start < period.until && (e.end === undefined || e.end >= period.since)).map((e) => e.environment)
  const environments = only.length ? [...only] : [...new Set(seen)].sort()
  const deploys = new Map<string, DeployCount>()
  if (tracker.countDeploys) {
    for (const environment of environments) deploys.set(environment, await tracker.countDeploys({ environment, ...period }))
  }
  return { episodes, environments, deploys, named: [...named].sort() }
}
