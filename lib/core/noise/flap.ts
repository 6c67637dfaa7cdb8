// REPORT_FLAP: an environment with at least that many outages in the window, counting this one, is
// flapping. Outages are the episodes `stats` rebuilds from the record (lib/core/stats/episodes.ts). A
// flapping issue is labelled and left open on recovery, as flakybot stops closing a flaky test's issue
// (googleapis/repo-automation-bots#281), until the window passes with no new outage.
import type { Episode } from '../stats/episodes.ts'
import { RECOVERY_MARKER, isOccurrenceComment } from '../text/comment-text.ts'
import type { Comment } from '../tracker.ts'

/** The label a flapping environment's issue carries. */
export const FLAPPING_LABEL = 'flapping'

/** Marks the resolver's comment on an issue it left open because the environment flaps. */
export const FLAP_HELD_MARKER = '<!-- deploy-failure-reporter:flapping -->'

/** REPORT_FLAP: `episodes` outages within `windowSeconds`. */
export interface FlapThreshold {
  readonly episodes: number
  readonly windowSeconds: number
}

/** What the record says of one environment's outages in the window. */
export interface FlapState {
  /** Outages that started in the window or are still failing, this run's included. */
  readonly episodes: number
  /** Whether that is flapping. */
  readonly flapping: boolean
  /** Whether this run starts a new outage (none of the environment was failing). */
  readonly newEpisode: boolean
  /** When the latest outage began, when there is one. */
  readonly lastStart: Date | undefined
}

const inWindow = (episode: Episode, since: Date) => episode.end === undefined || episode.start.getTime() >= since.getTime()

/**
 * The flap state of `environment` at `now` from `episodes` (rebuilt from the issues updated in the
 * window). With `failing` (a report), this run is a failure: when none of the environment's outages is
 * still failing, it starts one more, and is counted.
 */
export function flapState(episodes: readonly Episode[], environment: string, threshold: FlapThreshold, now: Date, failing: boolean): FlapState {
  const since = new Date(now.getTime() - threshold.windowSeconds * 1000)
  const own = episodes.filter((e) => e.environment === environment && inWindow(e, since))
  const newEpisode = failing && !own.some((e) => e.end === undefined)
  const count = own.length + (newEpisode ? 1 : 0)
  const starts = own.map((e) => e.start.getTime())
  const lastStart = newEpisode ? now : starts.length ? new Date(Math.max(...starts)) : undefined
  return { episodes: count, flapping: count >= threshold.episodes, newEpisode, lastStart }
}

/** `Flapping: 4 outages of production in 24 h`. */
export function flappingLine(state: Pick<FlapState, 'episodes'>, environment: string, window: string): string {
  return `Flapping: ${state.episodes} outages of ${environment} in ${window}`
}

/** The resolver's comment on an issue it leaves open. */
export const FLAP_HELD_COMMENT = `${RECOVERY_MARKER}\n${FLAP_HELD_MARKER}\nRecovered, but flapping: left open for a person to close\n`

/** Whether the resolver already left `comments`' issue open since its last failure (it comments once). */
export function alreadyHeld(comments: readonly Pick<Comment, 'body'>[]): boolean {
  const lastFailure = comments.findLastIndex((c) => isOccurrenceComment(c.body))
  return comments.slice(lastFailure + 1).some((c) => c.body.includes(FLAP_HELD_MARKER))
}

/**
 * What `resolve` does with an open issue of a recovered environment: close it, leave it open with one
 * comment (`hold`), or leave it open quietly (`keep`: it said so already). Open while flapping; once
 * held, open until a window has passed since the last outage began.
 */
export function recoveryAction(state: FlapState, held: boolean, threshold: FlapThreshold, now: Date): 'close' | 'hold' | 'keep' {
  if (state.flapping) return held ? 'keep' : 'hold'
  const calm = state.lastStart === undefined || now.getTime() - state.lastStart.getTime() >= threshold.windowSeconds * 1000
  return held && !calm ? 'keep' : 'close'
}
