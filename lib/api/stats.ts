// deployStats: the stats command for a team's own scripts.
import type { StatsFormat } from '../run/stats-options.ts'
import { renderStats, statsOf } from '../run/stats.ts'
import type { StatsReport } from '../core/stats/report.ts'
import { openSession, type CommonOptions } from './options.ts'

/** Options of {@link deployStats}: the tracker's settings, and the command's flags in camelCase. */
export interface StatsApiOptions extends Omit<CommonOptions, 'chatWebhook' | 'environment' | 'commitSha' | 'pipelineUrl'> {
  /** `90d` (days before `until`), or a date `YYYY-MM-DD` (default `90d`). */
  readonly since?: string
  /** A date `YYYY-MM-DD`, that day included (default: now). */
  readonly until?: string
  /** Only these environments (default: every one with a failure in the period). */
  readonly environments?: readonly string[]
  /** An IANA zone for weeks and times (default `UTC`). */
  readonly timeZone?: string
  /** What `text` holds (default `markdown`). */
  readonly format?: StatsFormat
}

/** What {@link deployStats} found, and its rendering in the format asked for. */
export interface StatsResult {
  readonly report: StatsReport
  readonly text: string
}

/**
 * How often each environment failed and how fast it recovered over a period, read-only from the tracker,
 * like `deploy-failure-reporter stats`. Rejects with a `ConfigError` (`.problems`) on bad configuration or
 * options, and a `StatsReadFailed` when the history could not be read whole. No `.env` file is read.
 */
export async function deployStats(options: StatsApiOptions = {}): Promise<StatsResult> {
  const session = openSession(options)
  const input = { since: options.since, until: options.until, env: options.environments, tz: options.timeZone, format: options.format ?? 'markdown' }
  const { report, format } = await statsOf(session, input)
  return { report, text: renderStats(report, format) }
}
