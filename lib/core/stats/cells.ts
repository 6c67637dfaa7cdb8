// The words of one row of figures, shared by the table and the Markdown: each ratio with its counts.
import { formatDuration } from '../text/duration.ts'
import type { Figures } from './figures.ts'
import { wallClock } from './weeks.ts'

/** The column headings, in order. */
export const HEADINGS = ['environment', 'episodes', 'failed runs', 'recovered', 'closed by hand', 'recovery median', 'p90', 'longest', 'failing now', 'failed-deploy rate'] as const

const NONE = '–'

/** `part of whole (p%)`, one decimal. */
export const ratio = (part: number, whole: number): string => `${part} of ${whole} (${((part / whole) * 100).toFixed(1)}%)`

/**
 * The failed-deploy rate with its counts, or `unknown` where no deploys were recorded; where the
 * deployments' statuses could not be read, it counts failed runs and says so beside the figure.
 */
export const rateCell = (f: Figures): string => {
  if (!f.rate) return 'unknown'
  if (f.rate.counted === 'statuses') return ratio(f.rate.failedDeploys!, f.rate.deploys)
  return `${ratio(f.rate.failedRuns, f.rate.deploys)}, failed runs: statuses unread`
}

/** The cells of `f` after its name, as {@link HEADINGS} orders them. */
export function figureCells(f: Figures, timeZone: string): string[] {
  const r = f.recovery
  return [
    String(f.episodes),
    String(f.failedRuns),
    String(f.recovered),
    String(f.closedByHand),
    r ? formatDuration(r.median) : NONE,
    r ? formatDuration(r.p90) : NONE,
    r ? formatDuration(r.longest) : NONE,
    f.failing ? `since ${wallClock(f.failing.since, timeZone)} (${f.failing.runs} run${f.failing.runs === 1 ? '' : 's'})` : 'no',
    rateCell(f),
  ]
}

/** What recovery time means here; shown under every rendering. */
export const RECOVERY_NOTE =
  "Recovery time is failed deployment recovery time, to the next good deploy: pipeline-based (a deploy's first failed run to the resolver's close after the next good deploy), not incident-based. Median and p90 by nearest rank."

/** What the rate counts. */
export const RATE_NOTE =
  "Failed-deploy rate: failed deployments of all deployments, by their statuses (GitHub: a deployment's latest status, failure or error, of those that finished; GitLab: failed of success and failed); where the statuses could not be read, failed runs of all deployments, said beside the figure; unknown where none were recorded."

/** DORA's figures as a labelled reference, with their year: not a target, and not the same measure. */
export const DORA_NOTE =
  "Reference only (DORA, 2024 State of DevOps report): its highest-performing cluster recovered from a failed deployment in under an hour, with a change failure rate of about 5%. A failed pipeline is not necessarily a failure users saw."

/** The period in words: `2026-08-28 00:00 to 2026-11-26 08:00 UTC (90d)`. */
export const periodLine = (since: Date, until: Date, timeZone: string, label: string): string =>
  `${wallClock(since, timeZone)} to ${wallClock(until, timeZone)} ${timeZone} (${label})`
