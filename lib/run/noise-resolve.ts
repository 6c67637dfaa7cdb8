// REPORT_FLAP for `resolve` (docs/noise.md): while the environment flaps, a good deploy does not close its
// issues. Each gets one comment ("Recovered, but flapping: left open for a person to close") and stays
// open, as flakybot stops closing a flaky test's issue; the pager's incident is resolved as usual. Once a
// window has passed since the last outage began, the next resolve closes them as always. Loaded only
// with REPORT_FLAP set.
import type { Config } from '../config/config.ts'
import { postCommentOnce } from '../core/flows/comments.ts'
import { findRecoverable } from '../core/flows/resolve.ts'
import type { Log } from '../core/log.ts'
import { alreadyHeld, FLAP_HELD_COMMENT, flapState, recoveryAction } from '../core/noise/flap.ts'
import { describeError } from '../core/retry/transient.ts'
import type { Recovery } from '../core/text/comment-text.ts'
import type { Tracker } from '../core/tracker.ts'
import { readFlapRecord } from './noise-sources.ts'

type ResolveConfig = Pick<Config, 'flap' | 'onDuplicate' | 'retryAttempts' | 'retryDelaySeconds'>

/** The tracker the resolver closes through (the flapping environment's issues left out), and those it left open. */
export interface FlapHolds {
  readonly tracker: Tracker
  /** Issues this run left open with its comment: their incidents are resolved as if closed. */
  readonly heldNow: readonly number[]
  /** Issues left open earlier, still flapping: nothing is written to them. */
  readonly keptOpen: readonly number[]
  /** Issues left open earlier that the resolver now closes after a calm window: their incidents were resolved then. */
  readonly calm: readonly number[]
  /**
   * Issues left open earlier whose incidents are resolved again all the same: with ON_DUPLICATE=skip a new
   * outage on an open issue leaves no trace, yet its report triggered the pager, and PagerDuty opens a new
   * incident for a trigger on a resolved dedup_key. Resolving one that is resolved changes nothing.
   * https://developer.pagerduty.com/docs/events-api-v2/trigger-events/
   */
  readonly resolveAgain: readonly number[]
}

/**
 * Decides, before the resolver runs, which of the environment's open issues stay open because it flaps;
 * comments once on each newly left open (none with `dryRun`). A record that cannot be read closes as
 * usual, after one [WARN]: a flap setting never keeps an issue open on a guess.
 */
export async function holdFlapping(config: ResolveConfig, tracker: Tracker, recovery: Recovery, log: Log, dryRun: boolean): Promise<FlapHolds> {
  const flap = config.flap
  const none = { tracker, heldNow: [], keptOpen: [], calm: [], resolveAgain: [] }
  if (!flap) return none
  const now = recovery.time
  const decisions: { number: number; url: string; action: 'close' | 'hold' | 'keep'; held: boolean }[] = []
  // What could not be read, for the [WARN]: the record, the open issues, or an issue's comments.
  let unread = `the record of ${recovery.environment}`
  try {
    const record = readFlapRecord(tracker, flap.windowSeconds, now, recovery.environment)
    const issues = findRecoverable(tracker, recovery.environment, recovery.time).catch((error: unknown) => {
      unread = `the open issues of ${recovery.environment}`
      throw error
    })
    const [episodes, open] = await Promise.all([record, issues])
    const state = flapState(episodes, recovery.environment, flap, now, false)
    for (const issue of open) {
      unread = `the comments of issue #${issue.number}`
      const comments = await tracker.listComments(issue.number)
      const held = alreadyHeld(comments)
      decisions.push({ number: issue.number, url: issue.url, action: recoveryAction(state, held, flap, now), held })
    }
  } catch (error) {
    log.warn(`REPORT_FLAP is not applied: ${unread} could not be read (${describeError(error)}); its issues are closed as usual`)
    return none
  }
  const heldNow: number[] = []
  const keptOpen: number[] = []
  const calm = decisions.filter((d) => d.action === 'close' && d.held).map((d) => d.number)
  for (const { number, url, action } of decisions) {
    if (action === 'keep') {
      log.info(`Issue #${number} stays open: ${recovery.environment} is flapping: ${url}`)
      keptOpen.push(number)
    } else if (action === 'hold') {
      if (dryRun) {
        log.info(`Would leave issue #${number} open: ${recovery.environment} is flapping: ${url}`)
        keptOpen.push(number)
        continue
      }
      try {
        await postCommentOnce(tracker, config, number, FLAP_HELD_COMMENT, log)
        log.info(`Recovered, but flapping: left issue #${number} open for a person to close: ${url}`)
        heldNow.push(number)
      } catch (error) {
        // Without its comment the issue would stay open unexplained: it is closed as usual instead.
        log.warn(`Could not comment on issue #${number} (${describeError(error)}), so it is closed as usual`)
      }
    }
  }
  // Only the record of comment mode says whether an issue left open failed again since.
  const resolveAgain = config.onDuplicate === 'comment' || dryRun ? [] : [...keptOpen, ...calm]
  const leftOpen = new Set([...heldNow, ...keptOpen])
  if (leftOpen.size === 0) return { ...none, calm, resolveAgain }
  const wrapped: Tracker = {
    ...tracker,
    openIssues: (query) => ({
      async *[Symbol.asyncIterator]() {
        for await (const page of tracker.openIssues(query)) yield page.filter((issue) => !leftOpen.has(issue.number))
      },
    }),
  }
  return { tracker: wrapped, heldNow, keptOpen, calm, resolveAgain }
}
