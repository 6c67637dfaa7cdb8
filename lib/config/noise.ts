// Noise control (docs/noise.md): when a failure pages (REPORT_PAGE_AFTER), when it is filed at all
// (REPORT_FILE_AFTER) and when an environment is flapping (REPORT_FLAP). All unset by default, which keeps
// every run as it was: not one request more, not one line different. The rules follow the alerting
// systems' own: Prometheus's `for:`, Alertmanager's `group_wait`, flakybot's flaky label.

import { trimmedValue, type Env } from './env.ts'

/** REPORT_PAGE_AFTER: page once the episode has this many failed runs, or has lasted this long. */
export type PageAfter = { readonly runs: number } | { readonly seconds: number }

/** REPORT_FLAP: at least `episodes` outages within `windowSeconds`, counting this one, is flapping. */
export interface FlapSetting {
  readonly episodes: number
  readonly windowSeconds: number
}

/** The settings this module reads; each absent when unset. */
export interface NoiseSettings {
  readonly pageAfter?: PageAfter
  /** REPORT_FILE_AFTER: no issue before the N-th consecutive failed run of this workflow or pipeline. */
  readonly fileAfter?: number
  readonly flap?: FlapSetting
}

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86400 }

// The durations a setting may take: from a second to a year. Below a second nothing is measured (runs and
// outages are timed in seconds); past a year, a window reaches before any record a tracker keeps, and far
// enough past it (`99999999999d`) no date can be computed at all, which read as a record that could not be read.
const MIN_SECONDS = 1
const MAX_SECONDS = 366 * 86400
const DURATION_FORM = 'a duration from 1s to 366d (s, m, h or d)'

/** `30m`, `24h`, `90s`, `2d` (one number and one unit) in seconds, from 1 s to 366 d; undefined otherwise. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([smhd])$/.exec(text.trim())
  if (!match) return undefined
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2]!]!
  return seconds >= MIN_SECONDS && seconds <= MAX_SECONDS ? seconds : undefined
}

const WHOLE = /^[1-9][0-9]{0,5}$/

/**
 * Reads REPORT_PAGE_AFTER, REPORT_FILE_AFTER and REPORT_FLAP from `env`, adding one line to `problems`
 * per bad value, each naming the variable and the form it expects. Counting runs before paging needs
 * the occurrences recorded, so a run count needs ON_DUPLICATE=comment (`onDuplicate`); paging at all
 * needs PAGERDUTY_ROUTING_KEY.
 */
export function readNoise(env: Env, onDuplicate: string, problems: string[]): NoiseSettings {
  const settings: { -readonly [K in keyof NoiseSettings]: NoiseSettings[K] } = {}

  const page = trimmedValue(env, 'REPORT_PAGE_AFTER')
  if (page !== undefined) {
    const seconds = parseDuration(page)
    if (WHOLE.test(page)) {
      settings.pageAfter = { runs: Number(page) }
      if (onDuplicate !== 'comment') {
        problems.push(
          `REPORT_PAGE_AFTER=${page} counts failed runs, which are recorded only with ON_DUPLICATE=comment (got ${JSON.stringify(trimmedValue(env, 'ON_DUPLICATE') ?? 'skip')}); set ON_DUPLICATE=comment, or give REPORT_PAGE_AFTER a duration such as 30m`,
        )
      }
    } else if (seconds !== undefined) settings.pageAfter = { seconds }
    else problems.push(`REPORT_PAGE_AFTER must be a number of failed runs such as 3, or ${DURATION_FORM} such as 30m, got ${JSON.stringify(page)}`)
    if (trimmedValue(env, 'PAGERDUTY_ROUTING_KEY') === undefined) problems.push('REPORT_PAGE_AFTER needs PAGERDUTY_ROUTING_KEY (an Events API v2 integration key): it says when to page')
  }

  const file = trimmedValue(env, 'REPORT_FILE_AFTER')
  if (file !== undefined) {
    if (WHOLE.test(file)) settings.fileAfter = Number(file)
    else problems.push(`REPORT_FILE_AFTER must be a whole number of consecutive failed runs, at least 1, such as 3, got ${JSON.stringify(file)}`)
  }

  const flap = trimmedValue(env, 'REPORT_FLAP')
  if (flap !== undefined) {
    const [count = '', window = '', ...rest] = flap.split('/')
    const windowSeconds = parseDuration(window)
    if (rest.length === 0 && /^[1-9][0-9]{0,3}$/.test(count.trim()) && Number(count) >= 2 && windowSeconds !== undefined) {
      settings.flap = { episodes: Number(count), windowSeconds }
    } else {
      problems.push(`REPORT_FLAP must be <episodes>/<window>, at least 2 episodes within ${DURATION_FORM}, such as 3/24h, got ${JSON.stringify(flap)}`)
    }
  }
  return settings
}

/** A window or duration as the lines say it: hours up to two days (`24 h`, as people say a day of alerts), days beyond. */
export function formatWindow(seconds: number): string {
  if (seconds % 86400 === 0 && seconds > 2 * 86400) return `${seconds / 86400} d`
  if (seconds % 3600 === 0) return `${seconds / 3600} h`
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`
}

/** Whether any noise setting is on; when none is, the commands load none of the noise modules. */
export const noiseOn = (config: NoiseSettings): boolean => config.fileAfter !== undefined || config.flap !== undefined || config.pageAfter !== undefined
