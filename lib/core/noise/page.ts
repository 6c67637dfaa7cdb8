// REPORT_PAGE_AFTER: page on the run at which the episode reaches that many failed runs, or has lasted
// that long; not before, and once per episode. The episode is read from the issue's own record (its
// creation or last reopen, its occurrence comments), like Prometheus's `for:` reads how long an alert held.
import { formatDuration } from '../text/duration.ts'
import { outageOf } from '../text/recovered.ts'
import { RECOVERY_MARKER } from '../text/comment-text.ts'
import type { Comment } from '../tracker.ts'

/** A page threshold: failed runs, or seconds since the episode began. */
export type PageThreshold = { readonly runs: number } | { readonly seconds: number }

/** Marks the line of the run that paged, so later runs of the same episode do not page again. */
export const PAGED_MARKER = '<!-- deploy-failure-reporter:paged -->'

/** The episode an issue holds up to this run. */
export interface EpisodeSoFar {
  /** Failed runs in it, this one included. */
  readonly runs: number
  /** Its first failed run, when known. */
  readonly start: Date | undefined
  /** Whether a run of it paged already. */
  readonly paged: boolean
}

/**
 * The episode of an open issue at `now`, counting this run when `thisRunCounted` is false (its
 * occurrence comment is not among `comments` yet, or skip mode records none). `body` is the issue's: a
 * create that paged says so there.
 */
export function episodeOf(
  issue: { readonly createdAt?: Date | undefined; readonly body: string },
  comments: readonly Pick<Comment, 'body' | 'createdAt'>[],
  thisRunCounted: boolean,
  now: Date,
): EpisodeSoFar {
  const outage = outageOf(issue.createdAt, comments)
  const lastRecovery = comments.findLastIndex((c) => c.body.startsWith(RECOVERY_MARKER))
  const since = comments.slice(lastRecovery + 1)
  const paged = since.some((c) => c.body.includes(PAGED_MARKER)) || (lastRecovery === -1 && issue.body.includes(PAGED_MARKER))
  // After a recovery with no failure recorded since, this run is the episode's first.
  const start = outage.start ?? (lastRecovery !== -1 && outage.failedRuns === 0 && !thisRunCounted ? now : undefined)
  return { runs: outage.failedRuns + (thisRunCounted ? 0 : 1), start, paged }
}

/** Whether the episode has reached `threshold` at `now`. A start that is not known counts as reached: better a page than none. */
export function reached(threshold: PageThreshold, episode: Pick<EpisodeSoFar, 'runs' | 'start'>, now: Date): boolean {
  if ('runs' in threshold) return episode.runs >= threshold.runs
  return episode.start === undefined || now.getTime() - episode.start.getTime() >= threshold.seconds * 1000
}

/** Whether this run pages: the threshold reached and no earlier run of the episode paged. */
export const pagesNow = (threshold: PageThreshold, episode: EpisodeSoFar, now: Date): boolean => !episode.paged && reached(threshold, episode, now)

/** `Paged on-call: 3 failed runs in 42 min`. */
export function pagedLine(episode: Pick<EpisodeSoFar, 'runs' | 'start'>, now: Date): string {
  const runs = `${episode.runs} failed run${episode.runs === 1 ? '' : 's'}`
  const span = episode.start === undefined ? '' : ` in ${formatDuration((now.getTime() - episode.start.getTime()) / 1000)}`
  return `Paged on-call: ${runs}${span}`
}

/** The line and its marker, as it goes into a body or a comment. */
export const pagedText = (episode: Pick<EpisodeSoFar, 'runs' | 'start'>, now: Date): string => `${PAGED_MARKER}\n${pagedLine(episode, now)}`
