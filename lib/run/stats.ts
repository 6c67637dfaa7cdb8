// The stats command, assembled once: the tracker's history of the period read (read-only) and built into
// the report of outages and recovery times, for the command line and the plugin API alike.
import { appendFileSync } from 'node:fs'
import { statsOptions, type StatsFormat, type StatsInput } from './stats-options.ts'
import { buildReport, type StatsReport } from '../core/stats/report.ts'
import { readHistory } from '../core/stats/read.ts'
import { renderBadges } from '../core/stats/badge.ts'
import { statsJson } from '../core/stats/json.ts'
import { renderMarkdown } from '../core/stats/markdown.ts'
import { renderTable } from '../core/stats/table.ts'
import { describeError } from '../core/retry/transient.ts'
import { redact, redactDeep } from '../core/redact.ts'
import type { Log } from '../core/log.ts'
import type { Tracker } from '../core/tracker.ts'
import { createTracker } from './tracker.ts'
import { DEDUP_LABEL } from '../core/text/issue.ts'
import { ConfigError, StatsReadFailed } from '../core/errors.ts'
import type { Session } from './session.ts'
import type { Config } from '../config/config.ts'
import { formatWindow } from '../config/noise.ts'
import { noiseFigures, noiseLines, type NoiseFigures } from '../core/noise/stats.ts'

/**
 * `report` rendered as `format`: badges are one JSON document a line, one per environment. Its values are
 * masked first (lib/core/redact.ts), since the table and the chart cut long environment names, which the
 * redactor on the printed text could then no longer recognise.
 */
export function renderStats(unmasked: StatsReport & { readonly noise?: NoiseReport }, format: StatsFormat): string {
  const report = redactDeep(unmasked)
  // REPORT_FLAP, REPORT_PAGE_AFTER (docs/noise.md): their lines after the table, their key in JSON; only when set.
  const noise = report.noise ? noiseLines(report.noise.figures, report.noise.window) : []
  if (format === 'table') return renderTable(report) + noise.map((line) => `${line}\n`).join('')
  if (format === 'markdown') return renderMarkdown(report) + noise.map((line) => `${line}\n\n`).join('')
  if (format === 'json') return `${JSON.stringify({ ...statsJson(report), ...(report.noise ? { noise: report.noise.figures } : {}) }, null, 2)}\n`
  return renderBadges(report).map((badge) => `${JSON.stringify(badge)}\n`).join('')
}

/**
 * Appends the report's Markdown to the job summary file `stepSummary` (GITHUB_STEP_SUMMARY), through the
 * redactor as every write out (lib/core/redact.ts): on the report's values before the chart's names are
 * cut, and on the text. File I/O: throws when the file cannot be written.
 */
export function appendStatsSummary(stepSummary: string, report: StatsReport): void {
  appendFileSync(stepSummary, `${redact(renderMarkdown(redactDeep(report)))}\n`)
}

// A few names, then how many more: a warning stays one line.
const listed = (names: readonly string[], most = 8) =>
  names.length <= most ? names.join(', ') : `${names.slice(0, most).join(', ')} and ${names.length - most} more`

/** Reads the history of `tracker` for the period and builds the report; a failed read is {@link StatsReadFailed}. */
export async function collectStats(
  tracker: Tracker,
  input: StatsInput,
  log: Log,
  now = new Date(),
  noise?: Pick<Config, 'flap' | 'pageAfter'>,
): Promise<{ report: StatsReport & { readonly noise?: NoiseReport }; format: StatsFormat }> {
  const options = statsOptions(input, now)
  let history
  try {
    history = await readHistory(tracker, options.period, options.environments)
  } catch (error) {
    if (error instanceof ConfigError) throw error
    throw new StatsReadFailed(error, describeError(error))
  }
  // An --env that names no issue is most often a typo: an all-zero row alone would pass for a calm period.
  for (const environment of options.environments) {
    if (history.episodes.some((e) => e.environment === environment)) continue
    const others = history.named.length ? `the environments with issues are ${listed(history.named)}` : 'no environment has any'
    log.warn(`Found no issues for the environment ${JSON.stringify(environment)} (labelled ${DEDUP_LABEL}, updated in the period), so its figures are all zero; ${others}`)
  }
  for (const [environment, deploys] of history.deploys) {
    if (deploys.refused) log.warn(`The deployments of ${environment} could not be read (${deploys.refused}), so its failed-deploy rate is unknown`)
    else if (deploys.statusesUnread) log.warn(`The deployment statuses of ${environment} could not be read (${deploys.statusesUnread}), so its failed-deploy rate counts failed runs instead`)
  }
  const report = buildReport(history, options.period, options.periodLabel, options.timeZone)
  if (!noise?.flap && !noise?.pageAfter) return { report, format: options.format }
  const window = noise.flap ? formatWindow(noise.flap.windowSeconds) : ''
  return { report: { ...report, noise: { figures: noiseFigures(report.episodes, noise, now), window } }, format: options.format }
}

/** The noise figures a report carries when REPORT_FLAP or REPORT_PAGE_AFTER is set. */
export interface NoiseReport {
  readonly figures: NoiseFigures
  readonly window: string
}

/** Reads the history of the session's tracker and builds the report, as {@link collectStats} does. */
export async function statsOf(session: Session, input: StatsInput): Promise<{ report: StatsReport & { readonly noise?: NoiseReport }; format: StatsFormat }> {
  return collectStats(await createTracker(session.config, session.log), input, session.log, new Date(), session.config)
}
