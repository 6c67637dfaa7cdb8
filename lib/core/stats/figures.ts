// The figures of a period, per environment and overall, from its episodes and recorded deploys.
import type { DeployCount } from '../tracker.ts'
import type { Episode } from './episodes.ts'

/** The period the figures cover: from `since` until before `until`. */
export interface Period {
  readonly since: Date
  readonly until: Date
}

/** Failed deployment recovery time of the recovered episodes, in seconds (nearest-rank percentiles). */
export interface RecoveryFigures {
  readonly count: number
  readonly median: number
  readonly p90: number
  readonly longest: number
}

/** The outage still open at the end of the period. */
export interface Failing {
  readonly since: Date
  readonly runs: number
  readonly issues: readonly number[]
}

/**
 * Failed deployments over deployments, with both counts; only where deploys were recorded. `counted`
 * says what the failures are: the deployments whose statuses say they failed, or, where the statuses
 * could not be read, the failed runs the issues record.
 */
export interface DeployRate {
  readonly failedRuns: number
  readonly deploys: number
  readonly rate: number
  /** Failed deployments by their statuses; null where the statuses could not be read. */
  readonly failedDeploys: number | null
  readonly counted: 'statuses' | 'failed runs'
}

/** What a period shows for one environment, or for all of them (`environment` undefined). */
export interface Figures {
  readonly environment: string | undefined
  /** Episodes that began in the period. */
  readonly episodes: number
  readonly recovered: number
  readonly closedByHand: number
  /** Failed runs in the period: the first of each episode and every recurrence. */
  readonly failedRuns: number
  readonly recovery: RecoveryFigures | undefined
  readonly failing: Failing | undefined
  /** Deploy attempts in the period where the service recorded any; undefined is unknown. */
  readonly deploys: number | undefined
  readonly rate: DeployRate | undefined
}

const within = (time: Date, period: Period) => time >= period.since && time < period.until

/** The `p`-th percentile (0 < p ≤ 100) of ascending `sorted` by nearest rank: always one of the values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Seconds from an episode's first failed run to its end; never negative. */
export const durationSeconds = (episode: Episode): number | undefined =>
  episode.end === undefined ? undefined : Math.max(0, Math.round((episode.end.getTime() - episode.start.getTime()) / 1000))

function recoveryOf(episodes: readonly Episode[]): RecoveryFigures | undefined {
  const seconds = episodes.filter((e) => e.ending === 'recovered').map((e) => durationSeconds(e)!).sort((a, b) => a - b)
  if (!seconds.length) return undefined
  return { count: seconds.length, median: percentile(seconds, 50), p90: percentile(seconds, 90), longest: seconds.at(-1)! }
}

// The episode under way at the end of the period, if any (overlapping episodes were merged, so one at most).
function failingOf(episodes: readonly Episode[], period: Period): Failing | undefined {
  const open = episodes.filter((e) => e.start < period.until && (e.end === undefined || e.end > period.until))
  if (!open.length) return undefined
  return {
    since: open.reduce((a, e) => (e.start < a ? e.start : a), open[0]!.start),
    runs: open.reduce((n, e) => n + e.runs.filter((r) => r < period.until).length, 0),
    issues: open.flatMap((e) => e.issues).sort((a, b) => a - b),
  }
}

// From the deployments' own statuses where they were read (GitHub: each one's latest status; GitLab: its
// status). Otherwise the failed runs the issues record stand in for failed deployments: a record of good
// deploys only counts them on top; fewer attempts recorded than failed runs means the record does not
// cover the failures: unknown.
function rateOf(failedRuns: number, recorded: DeployCount | undefined): Pick<Figures, 'deploys' | 'rate'> {
  if (!recorded || recorded.count === 0) return { deploys: undefined, rate: undefined }
  if (recorded.failed !== undefined) {
    const deploys = recorded.count
    return { deploys, rate: { failedRuns, deploys, rate: recorded.failed / deploys, failedDeploys: recorded.failed, counted: 'statuses' } }
  }
  const deploys = recorded.includesFailed ? recorded.count : recorded.count + failedRuns
  if (failedRuns > deploys) return { deploys, rate: undefined }
  return { deploys, rate: { failedRuns, deploys, rate: failedRuns / deploys, failedDeploys: null, counted: 'failed runs' } }
}

/** The figures of `period` for one environment's `episodes` (or all, `environment` undefined). */
export function figuresOf(environment: string | undefined, episodes: readonly Episode[], period: Period, recorded?: DeployCount): Figures {
  const started = episodes.filter((e) => within(e.start, period))
  // How an episode ended counts only when it ended within the period: one still under way at its end is
  // failing there (failingOf), whatever came after, so each episode is recovered, closed by hand or failing.
  const ended = started.filter((e) => e.end !== undefined && e.end <= period.until)
  const failedRuns = episodes.reduce((n, e) => n + e.runs.filter((r) => within(r, period)).length, 0)
  return {
    environment,
    episodes: started.length,
    recovered: ended.filter((e) => e.ending === 'recovered').length,
    closedByHand: ended.filter((e) => e.ending === 'closed by hand').length,
    failedRuns,
    recovery: recoveryOf(ended),
    failing: failingOf(episodes, period),
    ...rateOf(failedRuns, recorded),
  }
}

/**
 * The figures per environment (in `environments`' order) and overall. The overall rate is known only
 * when every environment's is: a sum over some of them would pass for all.
 */
export function periodFigures(
  episodes: readonly Episode[],
  environments: readonly string[],
  period: Period,
  deploys: ReadonlyMap<string, DeployCount> = new Map(),
): { readonly environments: readonly Figures[]; readonly overall: Figures } {
  const per = environments.map((env) => figuresOf(env, episodes.filter((e) => e.environment === env), period, deploys.get(env)))
  const chosen = episodes.filter((e) => environments.includes(e.environment))
  const all = per.every((f) => f.deploys !== undefined && f.rate !== undefined)
  const total = all && per.length ? per.reduce((n, f) => n + f.deploys!, 0) : 0
  // From statuses overall only when every environment's are: else failed runs throughout, and said so.
  const statuses = per.every((f) => f.rate?.counted === 'statuses')
  const failed = statuses ? { failed: per.reduce((n, f) => n + f.rate!.failedDeploys!, 0) } : {}
  return { environments: per, overall: figuresOf(undefined, chosen, period, total ? { count: total, includesFailed: true, ...failed } : undefined) }
}
