// The doctor's line about the CI: in GitHub Actions, whether the token can read the run's jobs, which
// REPORT_CI_LOG=auto needs (the workflow's `permissions: actions: read`).
import type { Check } from '../core/check.ts'
import type { Log } from '../core/log.ts'
import { describeError } from '../core/retry/transient.ts'
import { createCiReader, type CiConfig } from './ci.ts'

type Env = Record<string, string | undefined>

/**
 * One check: can the token list this run's jobs? A failure fails the doctor only with REPORT_CI_LOG=auto;
 * with it off the line says what auto would need. Reads only; bounded by REPORT_CI_LOG_TIMEOUT.
 */
export async function ciCheck(config: CiConfig, log: Log, env: Env): Promise<Check> {
  const used = config.ciLog === 'auto'
  const unused = used ? '' : ' (only needed with REPORT_CI_LOG=auto, which is off)'
  const reader = await createCiReader(config, log, env)
  if (!reader) return { ok: !used, text: `CI log: this run's jobs cannot be read, see the warning above${unused}` }
  const run = config.githubRun
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), config.ciLogTimeoutMs)
  try {
    const failed = await reader.failedJobs(deadline.signal)
    return { ok: true, text: `CI log: the token can read the jobs of run ${run?.runId ?? ''} (${failed.length} failed so far)${used ? '' : '; REPORT_CI_LOG=auto would name them in the issue'}` }
  } catch (error) {
    return { ok: !used, text: `CI log: the token cannot read this run's jobs (${describeError(error)})${unused}` }
  } finally {
    clearTimeout(timer)
  }
}
