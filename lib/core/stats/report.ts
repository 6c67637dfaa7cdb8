// Everything a rendering shows for one period, computed once from the history read.
import { periodFigures, type Figures, type Period } from './figures.ts'
import type { Episode } from './episodes.ts'
import type { History } from './read.ts'
import { failedRunsPerWeek, type Week } from './weeks.ts'

/** The figures, weeks and episodes of a period, and how to name it. */
export interface StatsReport {
  readonly period: Period
  /** How the period was asked for: `90d`, or the dates. */
  readonly periodLabel: string
  /** The IANA zone of the weeks and wall-clock times (`UTC` unless asked). */
  readonly timeZone: string
  readonly environments: readonly Figures[]
  readonly overall: Figures
  readonly weeks: readonly Week[]
  /** The episodes of the environments shown that overlap the period, oldest first. */
  readonly episodes: readonly Episode[]
}

/** The report of `history` over `period`, its weeks in `timeZone`. */
export function buildReport(history: History, period: Period, periodLabel: string, timeZone = 'UTC'): StatsReport {
  const shown = history.episodes.filter((e) => history.environments.includes(e.environment))
  const { environments, overall } = periodFigures(shown, history.environments, period, history.deploys)
  const episodes = shown.filter((e) => e.start < period.until && (e.end === undefined || e.end >= period.since))
  return { period, periodLabel, timeZone, environments, overall, weeks: failedRunsPerWeek(shown, period, timeZone), episodes }
}
