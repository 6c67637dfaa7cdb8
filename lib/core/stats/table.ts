// The terminal table: one row per environment and one for all, then failed runs per week as a sparkline.
import { DORA_NOTE, figureCells, HEADINGS, periodLine, RATE_NOTE, RECOVERY_NOTE } from './cells.ts'
import { oneLine } from '../text/text.ts'
import type { StatsReport } from './report.ts'
import { sparkline } from './weeks.ts'

/** `report` as aligned plain-text columns. */
export function renderTable(report: StatsReport): string {
  const rows = [
    [...HEADINGS],
    ...report.environments.map((f) => [oneLine(f.environment ?? ''), ...figureCells(f, report.timeZone)]),
    ...(report.environments.length > 1 ? [['all', ...figureCells(report.overall, report.timeZone)]] : []),
  ]
  const widths = HEADINGS.map((_, i) => Math.max(...rows.map((row) => [...row[i]!].length)))
  const line = (row: readonly string[]) => row.map((cell, i) => cell + ' '.repeat(widths[i]! - [...cell].length)).join('  ').trimEnd()
  const weeks = report.weeks
  const max = Math.max(0, ...weeks.map((w) => w.failedRuns))
  return [
    `Deploy failures ${periodLine(report.period.since, report.period.until, report.timeZone, report.periodLabel)}`,
    '',
    ...(report.environments.length ? rows.map(line) : ['No deploy failures recorded in this period.']),
    '',
    `Failed runs per week from ${weeks[0]?.start ?? '–'}: ${sparkline(weeks)} (busiest week: ${max})`,
    RECOVERY_NOTE,
    RATE_NOTE,
    DORA_NOTE,
    '',
  ].join('\n')
}
