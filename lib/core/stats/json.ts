// The `--format json` shape: stable, documented in docs/stats.md. New fields may be added; none is renamed
// or removed without a new `schema`. Times are ISO 8601 in UTC; durations are whole seconds.
import { durationSeconds, type Figures } from './figures.ts'
import type { Ending } from './episodes.ts'
import type { StatsReport } from './report.ts'

/** One environment's figures (or all of them: `environment` null). */
export interface FiguresJson {
  readonly environment: string | null
  readonly episodes: number
  readonly failedRuns: number
  readonly recovered: number
  readonly closedByHand: number
  readonly recoverySeconds: { readonly count: number; readonly median: number; readonly p90: number; readonly longest: number } | null
  readonly failing: { readonly since: string; readonly runs: number; readonly issues: readonly number[] } | null
  /** Failed runs of deploy attempts; null (unknown) where no deploys were recorded. */
  readonly failedDeployRate: {
    readonly failedRuns: number
    readonly deploys: number
    readonly rate: number
    /** Failed deployments by their statuses; null where they could not be read (`counted`: failed runs). */
    readonly failedDeploys: number | null
    readonly counted: 'statuses' | 'failed runs'
  } | null
}

/** The whole document. */
export interface StatsJson {
  readonly schema: 'deploy-failure-reporter/stats@1'
  readonly period: { readonly since: string; readonly until: string; readonly label: string; readonly timeZone: string }
  readonly recoveryTime: string
  readonly environments: readonly FiguresJson[]
  readonly overall: FiguresJson
  readonly weeks: readonly { readonly start: string; readonly failedRuns: number }[]
  readonly episodes: readonly {
    readonly environment: string
    readonly start: string
    readonly end: string | null
    readonly ending: Ending
    readonly durationSeconds: number | null
    readonly failedRuns: number
    readonly issues: readonly number[]
  }[]
}

const figuresJson = (f: Figures): FiguresJson => ({
  environment: f.environment ?? null,
  episodes: f.episodes,
  failedRuns: f.failedRuns,
  recovered: f.recovered,
  closedByHand: f.closedByHand,
  recoverySeconds: f.recovery ? { ...f.recovery } : null,
  failing: f.failing ? { since: f.failing.since.toISOString(), runs: f.failing.runs, issues: [...f.failing.issues] } : null,
  failedDeployRate: f.rate ? { ...f.rate } : null,
})

/** `report` as the {@link StatsJson} document. */
export function statsJson(report: StatsReport): StatsJson {
  return {
    schema: 'deploy-failure-reporter/stats@1',
    period: { since: report.period.since.toISOString(), until: report.period.until.toISOString(), label: report.periodLabel, timeZone: report.timeZone },
    recoveryTime: 'failed deployment recovery time, to the next good deploy: pipeline-based, not incident-based',
    environments: report.environments.map(figuresJson),
    overall: figuresJson(report.overall),
    weeks: report.weeks.map((w) => ({ ...w })),
    episodes: report.episodes.map((e) => ({
      environment: e.environment,
      start: e.start.toISOString(),
      end: e.end?.toISOString() ?? null,
      ending: e.ending,
      durationSeconds: durationSeconds(e) ?? null,
      failedRuns: e.runs.length,
      issues: [...e.issues],
    })),
  }
}
