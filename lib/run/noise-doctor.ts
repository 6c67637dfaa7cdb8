// The doctor's lines for the noise settings (docs/noise.md): which thresholds are on, and whether the
// token can read what they need (REPORT_FILE_AFTER: the run history, `actions: read` on GitHub). Loaded
// only when a setting is on; reads only.
import type { Config } from '../config/config.ts'
import type { Check } from '../core/check.ts'
import type { Log } from '../core/log.ts'
import { runsToRead } from '../core/noise/streak.ts'
import { describeError } from '../core/retry/transient.ts'
import { trackerAndRuns } from './noise-sources.ts'
import { formatWindow } from '../config/noise.ts'

type Env = Record<string, string | undefined>

/** `page after 3 failed runs; file after 3 consecutive failed runs; flapping at 3 outages in 24 h`. */
export function describeThresholds(config: Pick<Config, 'pageAfter' | 'fileAfter' | 'flap'>): string {
  const parts: string[] = []
  if (config.pageAfter) parts.push('runs' in config.pageAfter ? `page after ${config.pageAfter.runs} failed run${config.pageAfter.runs === 1 ? '' : 's'}` : `page after ${formatWindow(config.pageAfter.seconds)} failing`)
  if (config.fileAfter !== undefined) parts.push(`file after ${config.fileAfter} consecutive failed run${config.fileAfter === 1 ? '' : 's'}`)
  if (config.flap) parts.push(`flapping at ${config.flap.episodes} outages in ${formatWindow(config.flap.windowSeconds)}`)
  return parts.join('; ')
}

/** The noise lines: the thresholds on, and with REPORT_FILE_AFTER in CI, whether the run history can be read. */
export async function noiseChecks(config: Parameters<typeof trackerAndRuns>[0] & Pick<Config, 'pageAfter' | 'fileAfter' | 'flap'>, log: Log, env: Env): Promise<Check[]> {
  const checks: Check[] = [{ ok: true, text: `noise thresholds: ${describeThresholds(config)} (docs/noise.md)` }]
  if (config.fileAfter === undefined) return checks
  const { runs } = await trackerAndRuns(config, log, env, true)
  if ('why' in runs) {
    checks.push({ ok: true, text: `REPORT_FILE_AFTER: run history not checked here (${runs.why}); in CI the token needs actions: read (GitHub) or read_api (GitLab)` })
    return checks
  }
  try {
    const history = await runs.reader.recentRuns(runsToRead(config.fileAfter))
    checks.push({ ok: true, text: `REPORT_FILE_AFTER: the token can read the run history of ${history.what} (${history.runs.length} recent runs)` })
  } catch (error) {
    const status = (error as { status?: number }).status
    const fix = status === 403 || status === 404 ? `; give the token ${config.tracker === 'github' ? 'actions: read' : 'read_api'}` : ''
    checks.push({ ok: false, text: `REPORT_FILE_AFTER: the ${runs.reader.name} run history cannot be read (${describeError(error)})${fix}; failures would be filed as if no threshold were set` })
  }
  return checks
}
