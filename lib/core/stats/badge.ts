// shields.io endpoint badges, one per environment: `schemaVersion`, `label`, `message`, `color` and
// nothing else, since shields rejects unknown keys. https://shields.io/badges/endpoint-badge
import { formatDuration } from '../text/duration.ts'
import { oneLine } from '../text/text.ts'
import type { Figures } from './figures.ts'
import type { StatsReport } from './report.ts'
import { wallClock } from './weeks.ts'

/** An endpoint badge's JSON. */
export interface Badge {
  readonly schemaVersion: 1
  readonly label: string
  readonly message: string
  readonly color: string
}

const HOUR = 3600

/** The badge of one environment's figures over the period called `periodLabel`. */
export function badgeFor(f: Figures, periodLabel: string, timeZone = 'UTC'): Badge {
  const label = oneLine(f.environment ?? 'all').slice(0, 60) || 'deploys'
  if (f.failing) {
    const runs = `${f.failing.runs} run${f.failing.runs === 1 ? '' : 's'}`
    return { schemaVersion: 1, label, message: `failing since ${wallClock(f.failing.since, timeZone)} (${runs})`, color: 'red' }
  }
  if (f.episodes === 0) return { schemaVersion: 1, label, message: `no failures (${periodLabel})`, color: 'brightgreen' }
  const failures = `${f.episodes} failure${f.episodes === 1 ? '' : 's'}`
  if (!f.recovery) return { schemaVersion: 1, label, message: `${failures} (${periodLabel})`, color: 'orange' }
  const median = f.recovery.median
  const color = median < HOUR ? 'green' : median < 24 * HOUR ? 'yellow' : 'orange'
  return { schemaVersion: 1, label, message: `${failures} · ${formatDuration(median)} median recovery (${periodLabel})`, color }
}

/** One badge per environment of `report`, in its order. */
export function renderBadges(report: StatsReport): Badge[] {
  return report.environments.map((f) => badgeFor(f, report.periodLabel, report.timeZone))
}
