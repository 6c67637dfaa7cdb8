// What `stats` shows of the noise settings (docs/noise.md), from the episodes it rebuilt: the environments
// that flapped in the period (REPORT_FLAP), and how many outages the page threshold kept from paging
// (REPORT_PAGE_AFTER). Runs held below REPORT_FILE_AFTER leave no record, so they are not counted.
import type { Episode } from '../stats/episodes.ts'
import type { FlapThreshold } from './flap.ts'
import { reached, type PageThreshold } from './page.ts'

/** The noise figures of a period; each part only when its setting is on. */
export interface NoiseFigures {
  /** Environments with at least REPORT_FLAP's outages within one window, and their most in one window. */
  readonly flapping?: readonly { readonly environment: string; readonly outages: number }[]
  /** Outages that never reached REPORT_PAGE_AFTER, of all outages in the period: pages held back. */
  readonly pagesHeldBack?: { readonly held: number; readonly outages: number }
}

// The most outage starts within any window: a window opening at each start in turn.
function mostInWindow(starts: readonly number[], windowMs: number): number {
  let most = 0
  for (let i = 0, j = 0; i < starts.length; i++) {
    while (starts[i]! - starts[j]! >= windowMs) j++
    most = Math.max(most, i - j + 1)
  }
  return most
}

/** The noise figures of `episodes` (those of the period) at `now`. */
export function noiseFigures(episodes: readonly Episode[], settings: { readonly flap?: FlapThreshold | undefined; readonly pageAfter?: PageThreshold | undefined }, now: Date): NoiseFigures {
  const figures: { -readonly [K in keyof NoiseFigures]: NoiseFigures[K] } = {}
  if (settings.flap) {
    const byEnvironment = new Map<string, number[]>()
    for (const e of episodes) byEnvironment.set(e.environment, [...(byEnvironment.get(e.environment) ?? []), e.start.getTime()])
    figures.flapping = [...byEnvironment]
      .map(([environment, starts]) => ({ environment, outages: mostInWindow(starts.sort((a, b) => a - b), settings.flap!.windowSeconds * 1000) }))
      .filter((f) => f.outages >= settings.flap!.episodes)
      .sort((a, b) => a.environment.localeCompare(b.environment))
  }
  if (settings.pageAfter) {
    const page = settings.pageAfter
    // An outage reached the threshold when it had that many failed runs, or lasted that long before it ended.
    const held = episodes.filter((e) => !reached(page, { runs: e.runs.length, start: e.start }, e.end ?? now)).length
    figures.pagesHeldBack = { held, outages: episodes.length }
  }
  return figures
}

/** The figures as lines for the table and the Markdown: `Flapping: production (4 outages in one window)`. */
export function noiseLines(figures: NoiseFigures, window: string): string[] {
  const lines: string[] = []
  if (figures.flapping) lines.push(figures.flapping.length ? `Flapping (REPORT_FLAP): ${figures.flapping.map((f) => `${f.environment} (${f.outages} outages within ${window})`).join(', ')}` : 'Flapping (REPORT_FLAP): none')
  if (figures.pagesHeldBack) lines.push(`Pages held back (REPORT_PAGE_AFTER): ${figures.pagesHeldBack.held} of ${figures.pagesHeldBack.outages} outages never reached the threshold`)
  return lines
}
