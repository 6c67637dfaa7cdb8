// Asking the CI what failed, for the issue's `What failed` section: the failed jobs and steps, then the
// end of up to three finished jobs' logs, cleaned and scrubbed like `--log`'s. Reading the CI must never
// cost the issue: whatever goes wrong is one [WARN] naming the cause and the fix, and the report goes on.
import type { CiReader, FailedJob } from '../ci.ts'
import type { Log } from '../log.ts'
import { cleanLog, lastLines, type LogExcerpt } from '../text/log-tail.ts'
import { redactSecrets } from '../text/secrets.ts'
import { MAX_EXCERPTS } from '../text/what-failed.ts'
import { until, whyUnread } from '../retry/deadline.ts'

/** How much to read and how long for. */
export interface CiLogRequest {
  /** REPORT_LOG_LINES: lines per excerpt. */
  readonly lines: number
  /** REPORT_CI_LOG_TIMEOUT in milliseconds: the whole read, job list and logs together. */
  readonly timeoutMs: number
  /** Secrets to mask in the excerpts besides the well-known shapes (the run's tokens, the CI log token). */
  readonly known: readonly string[]
  /** False when an explicit `--log` file gives the excerpt: then the jobs are only named. */
  readonly excerpts: boolean
}

/** What the CI said: the failed jobs, and the excerpts of their logs. */
export interface WhatFailed {
  readonly failed: readonly FailedJob[]
  readonly ciLogs: readonly LogExcerpt[]
}

// Past the deadline, the message names the setting that gives more time or turns the section off.
const why = (error: unknown, timeoutMs: number): string => whyUnread(error, { variable: 'REPORT_CI_LOG_TIMEOUT', ms: timeoutMs, off: 'REPORT_CI_LOG=off' })

// The excerpt's name: the job and the failed step its log was cut to, as the list shows them.
const sourceOf = (job: FailedJob): { source: string; url: string } => {
  const step = job.steps.at(-1)
  return step ? { source: `${job.name} › ${step.name}`, url: step.url } : { source: job.name, url: job.url }
}

/**
 * Asks `reader` what failed, within `request.timeoutMs` in all. Undefined (after one [WARN]) when the
 * failed jobs cannot be listed; otherwise the failed jobs and, unless `request.excerpts` is false, the
 * cleaned ends of up to three finished jobs' logs. A log that cannot be read is one [WARN], and its job
 * is still named. Never throws.
 */
export async function readWhatFailed(reader: CiReader, request: CiLogRequest, log: Log): Promise<WhatFailed | undefined> {
  // A timer of its own rather than AbortSignal.timeout(), whose timer does not keep the process alive.
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs)
  try {
    return await readWithin(reader, request, deadline.signal, log)
  } finally {
    clearTimeout(timer)
  }
}

async function readWithin(reader: CiReader, request: CiLogRequest, signal: AbortSignal, log: Log): Promise<WhatFailed | undefined> {
  let failed: readonly FailedJob[]
  try {
    failed = await until(reader.failedJobs(signal), signal)
  } catch (error) {
    log.warn(`Could not read the failed jobs from ${reader.ci}: ${why(error, request.timeoutMs)}. The issue is filed without its What failed section`)
    return undefined
  }
  const ciLogs: LogExcerpt[] = []
  const shown = failed.map((job) => scrubbed(job, request.known))
  if (!request.excerpts) return { failed: shown, ciLogs }
  // Read with the CI's own record; named as shown, scrubbed.
  const finished = failed.map((job, i) => [job, shown[i]!] as const).filter(([job]) => !job.running).slice(0, MAX_EXCERPTS)
  for (const [job, named] of finished) {
    try {
      const raw = await until(reader.logTail(job, request.lines, signal), signal)
      const text = lastLines(cleanLog(raw.join('\n'), request.known), request.lines)
      const { source, url } = sourceOf(named)
      if (text.trim() !== '') ciLogs.push({ text, source, jobUrl: url })
    } catch (error) {
      log.warn(`Could not read the log of the failed job ${JSON.stringify(named.name)} from ${reader.ci}: ${why(error, request.timeoutMs)}. The issue names the job without its log`)
      // Past the deadline every further read would fail the same way.
      if (signal.aborted) break
    }
  }
  return { failed: shown, ciLogs }
}

// Job and step names and addresses come from the CI, written by whoever wrote the workflow or pushed a
// branch: hostile input, scrubbed like the logs before anything shows or cuts them (docs/security.md).
function scrubbed(job: FailedJob, known: readonly string[]): FailedJob {
  const scrub = (text: string) => redactSecrets(text, known)
  return {
    ...job,
    name: scrub(job.name),
    url: scrub(job.url),
    steps: job.steps.map((step) => ({ ...step, name: scrub(step.name), url: scrub(step.url) })),
    ...(job.stage === undefined ? {} : { stage: scrub(job.stage) }),
    ...(job.reason === undefined ? {} : { reason: scrub(job.reason) }),
  }
}
