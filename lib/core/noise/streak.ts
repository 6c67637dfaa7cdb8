// REPORT_FILE_AFTER's count: how many failed runs in a row end with this one, from the CI's own list of
// the workflow's (GitHub) or pipeline's (GitLab) runs on this branch. The rules, from the issue that asked
// for them (issue 30) and the peers that got them wrong: a run that ended cancelled or skipped neither
// counts nor breaks the streak (a cancelled re-run must never lose a failure); a good run breaks it; this
// run, still in progress, counts as failed; a re-run counts once per attempt.

/** How a run of the CI ended, in the four kinds the count tells apart. */
export type RunConclusion = 'failed' | 'succeeded' | 'neutral' | 'running'

/** One run as the CI lists it, newest first; only its latest attempt's conclusion is listed. */
export interface CiRun {
  readonly id: string
  readonly conclusion: RunConclusion
  /** Which attempt the listing shows (GitHub's `run_attempt`); 1 where there are no re-runs (GitLab). */
  readonly attempt: number
}

/** The run the reporter runs in: its id and attempt (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT; CI_PIPELINE_ID). */
export interface ThisRun {
  readonly id: string
  readonly attempt: number
}

/** What a listing of runs, read for the count, gives. */
export interface RunHistory {
  /** What the runs are, for the log line: `deploy.yml on main`, `pipelines on main`. */
  readonly what: string
  /** The runs, newest first. */
  readonly runs: readonly CiRun[]
}

/** A CI's run history as the core asks for it: at least `count` runs, newest first (one page). */
export interface RunHistoryReader {
  readonly name: string
  recentRuns(count: number): Promise<RunHistory>
}

// A run's attempts, newest first: the listed one, then each earlier attempt. An earlier attempt is taken
// as failed: a re-run follows a failure, and reading each attempt would cost a request per attempt. The
// guess can only count more, never hold a failure that is past the threshold.
function* attemptsOf(run: CiRun): Generator<RunConclusion> {
  yield run.conclusion
  for (let i = 1; i < run.attempt; i++) yield 'failed'
}

/** A streak as one page of runs shows it. */
export interface Streak {
  /** Failed runs in a row ending with this one, counted once per attempt. */
  readonly count: number
  /**
   * Whether the page may have cut it short: it was full and no good run ended the streak on it, so older
   * failures may follow on the next page. A count cut short must never hold a failure.
   */
  readonly cut: boolean
}

/**
 * How many failed runs in a row end with `current`, counting `current` (in progress: failed) once per
 * attempt, and whether the page of `asked` runs cut that short. `runs` is the CI's list, newest first;
 * runs listed before `current` (newer ones) are left out, and so is `current`'s own listing, whatever it
 * says.
 */
export function streakOf(runs: readonly CiRun[], current: ThisRun, asked: number): Streak {
  const at = runs.findIndex((run) => run.id === current.id)
  let count = 0
  for (const attempt of attemptsOf({ id: current.id, conclusion: 'failed', attempt: current.attempt })) if (attempt === 'failed') count++
  for (const run of runs.slice(at + 1)) {
    if (run.id === current.id) continue
    for (const attempt of attemptsOf(run)) {
      if (attempt === 'succeeded') return { count, cut: false }
      if (attempt === 'failed') count++
    }
  }
  // GitHub and GitLab fill a page whenever more runs exist: a shorter one is the whole history.
  return { count, cut: runs.length >= asked }
}


/** Whether `streak` consecutive failed runs are still below REPORT_FILE_AFTER=`fileAfter`: the run is held. */
export const holds = (fileAfter: number, streak: number): boolean => streak < fileAfter

/** Whether one page's streak holds the run: below the threshold, and not cut short by the page. */
export const holdsOnPage = (fileAfter: number, streak: Streak): boolean => holds(fileAfter, streak.count) && !streak.cut

/** How many runs to ask for: enough for the threshold with room for cancelled ones, one page at most. */
export const runsToRead = (fileAfter: number): number => Math.min(100, fileAfter * 2 + 10)
