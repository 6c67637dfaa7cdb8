// Failed runs per calendar week (Monday to Sunday) in a time zone, and the sparkline that draws them.
import type { Episode } from './episodes.ts'
import type { Period } from './figures.ts'

/** One week: the local date of its Monday (`YYYY-MM-DD`) and the failed runs in it. */
export interface Week {
  readonly start: string
  readonly failedRuns: number
}

// 1970-01-01 was a Thursday: day n's Monday-based week is floor((n + 3) / 7).
const DAY = 86_400_000

// The local calendar day number (days since 1970-01-01) of `time` in the zone of `format`.
function localDay(format: Intl.DateTimeFormat, time: Date): number {
  const parts = Object.fromEntries(format.formatToParts(time).map((p) => [p.type, p.value]))
  return Math.floor(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / DAY)
}

const dayFormat = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })

/** Whether `timeZone` is an IANA zone name this runtime knows (`UTC`, `Europe/Berlin`, …). */
export function isTimeZone(timeZone: string): boolean {
  try {
    dayFormat(timeZone)
    return true
  } catch {
    return false
  }
}

/** The weeks of `period` in `timeZone`, oldest first, with the failed runs of `episodes` in each. */
export function failedRunsPerWeek(episodes: readonly Episode[], period: Period, timeZone = 'UTC'): Week[] {
  const format = dayFormat(timeZone)
  const week = (time: Date) => Math.floor((localDay(format, time) + 3) / 7)
  const first = week(period.since)
  const last = Math.max(first, week(new Date(period.until.getTime() - 1)))
  const counts = new Array<number>(last - first + 1).fill(0)
  for (const episode of episodes) {
    for (const run of episode.runs) if (run >= period.since && run < period.until) counts[week(run) - first]!++
  }
  return counts.map((failedRuns, i) => ({ start: new Date(((first + i) * 7 - 3) * DAY).toISOString().slice(0, 10), failedRuns }))
}

const BARS = '▁▂▃▄▅▆▇█'

/** One character per week: `▁` for none, then up to `█` for the busiest week. */
export function sparkline(weeks: readonly Week[]): string {
  const max = Math.max(0, ...weeks.map((w) => w.failedRuns))
  return weeks.map((w) => (w.failedRuns === 0 ? BARS[0] : BARS[Math.max(1, Math.ceil((w.failedRuns / max) * (BARS.length - 1)))])).join('')
}

/** `time` as `YYYY-MM-DD HH:mm` wall-clock time in `timeZone`. */
export function wallClock(time: Date, timeZone = 'UTC'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(time)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}
