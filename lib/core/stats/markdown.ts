// The Markdown for a job summary or an issue: the table, a Mermaid gantt of outages per environment and
// a bar chart of failed runs per week, which GitHub and GitLab render. Mermaid refuses input over 50,000
// characters (its `maxTextSize`) and a job summary holds 1 MiB, so older outages fold into a count.
// https://mermaid.js.org/syntax/gantt.html, https://mermaid.js.org/syntax/xyChart.html
import { DORA_NOTE, figureCells, HEADINGS, periodLine, RATE_NOTE, RECOVERY_NOTE } from './cells.ts'
import { formatDuration } from '../text/duration.ts'
import { oneLine } from '../text/text.ts'
import { durationSeconds } from './figures.ts'
import type { Episode } from './episodes.ts'
import type { StatsReport } from './report.ts'
import { sparkline, wallClock } from './weeks.ts'

/** Mermaid's default `maxTextSize`; a chart is kept below it with room to spare. */
export const MERMAID_LIMIT = 50_000
const CHART_BUDGET = 45_000
/** A job summary's limit per step (GitHub Actions), in bytes. */
export const SUMMARY_LIMIT = 1024 * 1024

const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|')
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``

// Mermaid reads `:`, `#`, `;` and line breaks as syntax; anything unusual in a name becomes `_`. The cut
// counts code points, so an astral letter (a surrogate pair) is never split in two; what survives the
// replacement holds no combining mark to be cut from its letter.
const NAME_LENGTH = 80
const mermaidName = (text: string, length = NAME_LENGTH) =>
  Array.from(oneLine(text).replace(/[^\p{L}\p{N} ._/-]/gu, '_')).slice(0, length).join('') || '_'

/**
 * A section name per environment, in `environments`' order, no two alike: names that differ only in
 * replaced characters (`a:b`, `a;b`) or after the cut would otherwise share one section, their outages
 * drawn as one environment's. A later one gets ` 2`, ` 3`, … (within the length) until it is unique.
 */
export function sectionNames(environments: readonly string[]): Map<string, string> {
  const names = new Map<string, string>()
  const taken = new Set<string>()
  for (const environment of environments) {
    if (names.has(environment)) continue
    let name = mermaidName(environment)
    for (let n = 2; taken.has(name); n++) name = `${mermaidName(environment, NAME_LENGTH - String(n).length - 1)} ${n}`
    taken.add(name)
    names.set(environment, name)
  }
  return names
}

// The bar of an outage: its start as a wall-clock time in the report's zone, and its length in minutes.
// Mermaid reads a date without an offset in the reader's own zone, so an end written as a wall-clock
// time too would draw reversed, or an hour too long, across a daylight-saving change; a length cannot.
// https://mermaid.js.org/syntax/gantt.html (an end given as a duration: `30m`, `2h`, …)
const MINUTE = 60_000
const minutesBetween = (from: Date, to: Date) => Math.max(0, Math.floor(to.getTime() / MINUTE) - Math.floor(from.getTime() / MINUTE))

function gantt(report: StatsReport): { chart: string; folded: number } {
  const { period, timeZone } = report
  const head = ['gantt', `    title Outages per environment (${mermaidName(timeZone)})`, '    dateFormat YYYY-MM-DD HH:mm', '    axisFormat %Y-%m-%d', '    todayMarker off']
  const task = (e: Episode) => {
    const end = e.end ?? period.until
    const runs = `${e.runs.length} run${e.runs.length === 1 ? '' : 's'}`
    const name = e.ending === 'failing' ? `failing, ${runs}` : `${e.ending} after ${formatDuration(durationSeconds(e)!)}, ${runs}`
    const tag = e.ending === 'failing' ? 'crit, active' : e.ending === 'recovered' ? 'done' : 'active'
    const from = e.start < period.since ? period.since : e.start
    return `    ${name} :${tag}, ${wallClock(from, timeZone)}, ${minutesBetween(from, end > period.until ? period.until : end)}m`
  }
  const section = sectionNames(report.environments.map((f) => f.environment!))
  // Newest first until the budget is spent; what is left is counted, not drawn.
  let size = head.join('\n').length
  const kept = new Set<Episode>()
  const sections = new Set<string>()
  for (const e of [...report.episodes].reverse()) {
    const heading = sections.has(e.environment) ? 0 : `    section ${section.get(e.environment) ?? mermaidName(e.environment)}`.length + 1
    const extra = task(e).length + 1 + heading
    if (size + extra > CHART_BUDGET) break
    size += extra
    sections.add(e.environment)
    kept.add(e)
  }
  const lines = [...head]
  for (const f of report.environments) {
    const tasks = report.episodes.filter((e) => e.environment === f.environment && kept.has(e))
    if (tasks.length) lines.push(`    section ${section.get(f.environment!)}`, ...tasks.map(task))
  }
  return { chart: lines.join('\n'), folded: report.episodes.length - kept.size }
}

function weekChart(report: StatsReport): string | undefined {
  const weeks = report.weeks
  // A bar per week reads well from a few weeks to about a year.
  if (weeks.length < 2 || weeks.length > 60) return undefined
  const max = Math.max(1, ...weeks.map((w) => w.failedRuns))
  return [
    'xychart-beta',
    '    title "Failed runs per week"',
    `    x-axis [${weeks.map((w) => `"${w.start.slice(5)}"`).join(', ')}]`,
    `    y-axis "failed runs" 0 --> ${max}`,
    `    bar [${weeks.map((w) => w.failedRuns).join(', ')}]`,
  ].join('\n')
}

const fence = (chart: string) => ['```mermaid', chart, '```']

/** `report` as Markdown; the charts are left out where they would pass Mermaid's or a job summary's limit. */
export function renderMarkdown(report: StatsReport): string {
  const { timeZone } = report
  const table = report.environments.length
    ? [
        row([...HEADINGS]),
        row(HEADINGS.map(() => '---')),
        ...report.environments.map((f) => row([code(oneLine(f.environment ?? '')), ...figureCells(f, timeZone)])),
        ...(report.environments.length > 1 ? [row(['**all**', ...figureCells(report.overall, timeZone)])] : []),
      ]
    : ['No deploy failures recorded in this period.']
  const { chart, folded } = gantt(report)
  const weeks = weekChart(report)
  const text = (charts: boolean) =>
    [
      `### Deploy failures ${periodLine(report.period.since, report.period.until, timeZone, report.periodLabel)}`,
      '',
      ...table,
      '',
      `Failed runs per week from ${report.weeks[0]?.start ?? '–'}: ${code(sparkline(report.weeks))}`,
      '',
      ...(charts && report.episodes.length ? [...fence(chart), ...(folded ? ['', `${folded} older outage${folded === 1 ? ' is' : 's are'} not drawn; the table counts them.`] : []), ''] : []),
      ...(charts && weeks ? [...fence(weeks), ''] : []),
      `<sub>${RECOVERY_NOTE} ${RATE_NOTE} ${DORA_NOTE}</sub>`,
      '',
    ].join('\n')
  const full = text(true)
  return new TextEncoder().encode(full).length <= SUMMARY_LIMIT ? full : text(false)
}
