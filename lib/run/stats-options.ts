// The `stats` options as typed values: the period (`--since 90d|<date>`, `--until <date>`), the zone, the
// environments and the format. Bad input is a ConfigError naming the flag and the form expected (exit 2).
import { ConfigError } from '../core/errors.ts'
import type { Period } from '../core/stats/figures.ts'
import { isTimeZone } from '../core/stats/weeks.ts'

/** The renderings `stats` prints. */
export const FORMATS = ['table', 'markdown', 'json', 'badge'] as const
export type StatsFormat = (typeof FORMATS)[number]

/** What `stats` runs with. */
export interface StatsOptions {
  readonly period: Period
  readonly periodLabel: string
  readonly timeZone: string
  readonly environments: readonly string[]
  readonly format: StatsFormat
}

/** What the flags (or the API's options) said, as text. */
export interface StatsInput {
  readonly since?: string | undefined
  readonly until?: string | undefined
  readonly env?: readonly string[] | undefined
  readonly format?: string | undefined
  readonly tz?: string | undefined
}

const DAY = 86_400_000
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

// The offset of `timeZone` from UTC at `time`, in milliseconds.
function offsetAt(time: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(time))
      .map((p) => [p.type, Number(p.value)]),
  )
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(time / 1000) * 1000
}

// The first instant of the calendar day `y-m-d` in `timeZone`: its midnight, or where the clocks skip
// midnight (Santiago, Havana, Cairo: 00:00 becomes 01:00), the change itself.
function midnight(y: number, m: number, d: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d)
  // Two guesses: the offset at the first may differ from the offset at the answer across a DST change.
  // Where midnight is skipped, one of them reads as 23:00 the day before; the earliest on the day wins.
  const first = wall - offsetAt(wall, timeZone)
  const second = wall - offsetAt(first, timeZone)
  const onTheDay = [first, second].filter((t) => t + offsetAt(t, timeZone) >= wall)
  return new Date(onTheDay.length ? Math.min(...onTheDay) : second)
}

// Whether `y-m-d` is a day of the calendar as Date.UTC reads it. Date.UTC (and Date.parse) move a 30
// February into March, and Date.UTC reads the years 0 to 99 as 1900 to 1999: either would shift the
// period without a word, so they are refused.
function isCalendarDay(y: number, m: number, d: number): boolean {
  const check = new Date(Date.UTC(y, m - 1, d))
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d
}

// A date (`YYYY-MM-DD`, a day in the zone) or an ISO 8601 time with a zone (`2026-11-01T09:00:00Z`).
function parseTime(flag: string, text: string, timeZone: string, dayEnd: boolean): Date {
  const day = DATE.exec(text.slice(0, 10))
  const calendar = day !== null && isCalendarDay(Number(day[1]), Number(day[2]), Number(day[3]))
  if (calendar && text.length === 10) {
    return midnight(Number(day[1]), Number(day[2]), Number(day[3]) + (dayEnd ? 1 : 0), timeZone)
  } else if (calendar && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && Number.isFinite(Date.parse(text))) {
    return new Date(Date.parse(text))
  }
  const form = flag === '--since' ? 'a number of days such as 90d, or a date such as 2026-01-31' : 'a date such as 2026-01-31'
  throw new ConfigError([`${flag} must be ${form} (or an ISO 8601 time with its zone, such as 2026-01-31T09:00:00Z), got ${JSON.stringify(text)}; see --help`])
}

/** The options of `input` at `now`; a ConfigError lists every flag that is wrong. */
export function statsOptions(input: StatsInput, now: Date = new Date()): StatsOptions {
  const problems: string[] = []
  const attempt = <T>(fn: () => T): T | undefined => {
    try {
      return fn()
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      problems.push(...error.problems)
      return undefined
    }
  }
  const timeZone = input.tz ?? 'UTC'
  if (!isTimeZone(timeZone)) problems.push(`--tz must be an IANA time zone such as UTC or Europe/Berlin, got ${JSON.stringify(timeZone)}; see --help`)
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC'
  const format = input.format ?? 'table'
  if (!(FORMATS as readonly string[]).includes(format)) problems.push(`--format must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(format)}; see --help`)
  const until = input.until === undefined ? now : attempt(() => parseTime('--until', input.until!, zone, true))
  const sinceText = input.since ?? '90d'
  const days = /^(\d{1,5})d$/.exec(sinceText)
  let since: Date | undefined
  if (days) {
    if (Number(days[1]) < 1) problems.push(`--since must be at least 1d, got ${JSON.stringify(sinceText)}; see --help`)
    else since = new Date((until ?? now).getTime() - Number(days[1]) * DAY)
  } else since = attempt(() => parseTime('--since', sinceText, zone, false))
  if (since && until && since >= until) problems.push(`--since (${sinceText}) must be before --until (${input.until ?? 'now'}); see --help`)
  const environments = [...new Set(input.env ?? [])]
  if (environments.some((e) => e.trim() === '')) problems.push('--env must name an environment, such as --env production; see --help')
  if (problems.length) throw new ConfigError(problems)
  const label = days ? sinceText : `${input.since}${input.until ? ` to ${input.until}` : ''}`
  return { period: { since: since!, until: until! }, periodLabel: label, timeZone, environments, format: format as StatsFormat }
}
