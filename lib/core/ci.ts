// The interface the core reads a CI's record of a failed run through: which jobs and steps failed, and
// the raw end of a finished job's log. lib/github/ci-reader.ts reads GitHub Actions, lib/gitlab/ci-reader.ts reads GitLab CI;
// the core knows neither. Cleaning, secret scrubbing and the body budget stay in the core (text/log-tail.ts),
// so both CIs' excerpts obey the same rules as `--log`.

/** One failed step of a job (GitHub Actions); GitLab jobs have no steps. */
export interface FailedStep {
  readonly name: string
  /** 1-based position in the job, as the CI numbers it. */
  readonly number: number
  /** The step's place in the job page (GitHub: the job URL with `#step:<n>:1`). */
  readonly url: string
}

/** One failed job of the run or pipeline, named and linked as the CI shows it. */
export interface FailedJob {
  /** The CI's own id, as text. */
  readonly id: string
  readonly name: string
  /** The job's page. */
  readonly url: string
  /** The failed steps, in order; empty where the CI has no steps or named none. */
  readonly steps: readonly FailedStep[]
  /** GitLab's stage. */
  readonly stage?: string
  /** Why it failed, when the CI says more than "failed": `timed_out`, GitLab's `script_failure`, … */
  readonly reason?: string
  /**
   * Whether the job is still running: the reporter's own job, whose log the CI cannot serve yet; it is
   * named with its finished failed steps, and gets no excerpt.
   */
  readonly running: boolean
}

/** A CI that can say what failed in the current run. */
export interface CiReader {
  /** `github` or `gitlab`, for messages. */
  readonly ci: string
  /** The run's failed jobs, every page of them, in the CI's order. */
  failedJobs(signal: AbortSignal): Promise<readonly FailedJob[]>
  /**
   * The last `lines` lines of `job`'s log, cut to its failing step where the CI marks steps, as raw text
   * (timestamps and CI markers removed; ANSI codes and secrets still in: the core cleans and scrubs).
   * Streams: memory stays bounded by `lines`, whatever the log's size.
   */
  logTail(job: FailedJob, lines: number, signal: AbortSignal): Promise<readonly string[]>
}
