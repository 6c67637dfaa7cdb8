// Noise control for the commands (docs/noise.md), loaded only when REPORT_PAGE_AFTER, REPORT_FILE_AFTER
// or REPORT_FLAP is set: a run without them loads none of this and sends what it always sent.
// - report: the run history and the environment's record are read alongside the duplicate check; below
//   REPORT_FILE_AFTER the run is held (one [INFO] line, nothing filed); history that cannot be read files
//   as if no threshold were set, with one [WARN]. A flapping environment's issue is labelled.
// - paging: only on the run that reaches REPORT_PAGE_AFTER, once per episode.
// - resolve: a flapping environment's issues are left open (one comment), until a window passes calm.
import type { Config } from '../config/config.ts'
import { formatWindow } from '../config/noise.ts'
import type { ChatNotifier } from '../core/chat.ts'
import type { ReportKey } from '../core/find/grouping.ts'
import { issueTitle } from '../core/flows/issue-text.ts'
import type { Outcome } from '../core/flows/outcome.ts'
import { fileReport } from '../core/flows/report.ts'
import type { Log } from '../core/log.ts'
import { flappingLine, flapState, type FlapState } from '../core/noise/flap.ts'
import { episodeOf, pagedLine, pagesNow, PAGED_MARKER } from '../core/noise/page.ts'
import { holds, holdsOnPage, runsToRead, streakOf } from '../core/noise/streak.ts'
import { describeError } from '../core/retry/transient.ts'
import type { Failure } from '../core/text/issue.ts'
import type { Tracker } from '../core/tracker.ts'
import type { IssueTemplate } from '../core/text/template.ts'
import { noiseTracker, type NoiseTracker } from './noise-tracker.ts'
import { readFlapRecord, trackerAndRuns } from './noise-sources.ts'

type Env = Record<string, string | undefined>
type NoiseConfig = Parameters<typeof trackerAndRuns>[0] & Pick<Config, 'fileAfter' | 'flap' | 'pageAfter' | 'group' | 'deployEnv'> & { readonly template?: IssueTemplate | undefined }

/** A run held below REPORT_FILE_AFTER. */
export interface Held {
  readonly count: number
  readonly of: number
  readonly what: string
}

/** What the noise reads decided for a report, and the tracker to file it on. */
export interface PreparedReport {
  readonly tracker: Tracker
  readonly noise: NoiseTracker
  readonly title: string
  readonly held?: Held
  readonly flap?: FlapState
}

/** The streak of failed runs, or undefined (after one [WARN]) when the history cannot be read. */
async function readStreak(runs: Awaited<ReturnType<typeof trackerAndRuns>>['runs'], fileAfter: number, log: Log): Promise<Held | undefined> {
  if ('why' in runs) {
    log.warn(`REPORT_FILE_AFTER=${fileAfter} is not applied: ${runs.why}; the failure is filed as if no threshold were set`)
    return undefined
  }
  try {
    const asked = runsToRead(fileAfter)
    const history = await runs.reader.recentRuns(asked)
    const streak = streakOf(history.runs, runs.current, asked)
    // A page full of failed, cancelled or skipped runs may hide older failures: never hold on it.
    if (holds(fileAfter, streak.count) && !holdsOnPage(fileAfter, streak)) {
      const counted = `${streak.count} consecutive failed run${streak.count === 1 ? '' : 's'}`
      log.warn(`REPORT_FILE_AFTER=${fileAfter} is not applied: the ${history.runs.length} runs of ${history.what} read show ${counted} and no good run before ${streak.count === 1 ? 'it' : 'them'}; the failure is filed as if no threshold were set`)
      return undefined
    }
    return { count: streak.count, of: fileAfter, what: history.what }
  } catch (error) {
    log.warn(`REPORT_FILE_AFTER=${fileAfter} is not applied: the ${runs.reader.name} run history could not be read (${describeError(error)}${permissionHint(error)}); the failure is filed as if no threshold were set`)
    return undefined
  }
}

const permissionHint = (error: unknown) => ((error as { status?: number }).status === 403 ? '; the token needs actions: read on GitHub, read_api on GitLab' : '')

/** The environment's outages in the window, or undefined (after one [WARN]) when the record cannot be read. */
async function readFlap(tracker: Tracker, config: NoiseConfig, now: Date, failing: boolean, log: Log): Promise<FlapState | undefined> {
  const flap = config.flap!
  try {
    const episodes = await readFlapRecord(tracker, flap.windowSeconds, now, config.deployEnv)
    return flapState(episodes, config.deployEnv, flap, now, failing)
  } catch (error) {
    log.warn(`REPORT_FLAP is not applied: the record of ${config.deployEnv} could not be read (${describeError(error)})`)
    return undefined
  }
}

/**
 * The noise reads for a report of `failure`, all at once and alongside the duplicate check's list: the
 * run streak (REPORT_FILE_AFTER) and the environment's outages (REPORT_FLAP). Never throws for their sake.
 */
export async function prepareReport(config: NoiseConfig, failure: Failure, log: Log, env: Env): Promise<PreparedReport> {
  const now = failure.time
  const sources = await trackerAndRuns(config, log, env, config.fileAfter !== undefined)
  const noise = noiseTracker(sources.tracker)
  const title = await issueTitle(config.template, failure, sources.tracker)
  const key: ReportKey = { group: config.group ?? 'title', title, time: failure.time }
  const [streak, flap] = await Promise.all([
    config.fileAfter !== undefined ? readStreak(sources.runs, config.fileAfter, log) : undefined,
    config.flap !== undefined ? readFlap(sources.tracker, config, now, true, log) : undefined,
    // With a read beside it, the duplicate check's list goes out now too, not after them.
    config.fileAfter !== undefined || config.flap !== undefined ? noise.readAhead(key) : undefined,
  ])
  const window = config.flap ? formatWindow(config.flap.windowSeconds) : ''
  noise.mark({
    now,
    ...(flap?.flapping ? { flap: { line: flappingLine(flap, config.deployEnv, window), newEpisode: flap.newEpisode } } : {}),
    ...(config.pageAfter ? { page: config.pageAfter } : {}),
  })
  const held = streak && holds(streak.of, streak.count) ? streak : undefined
  return { tracker: noise.tracker, noise, title, ...(held ? { held } : {}), ...(flap ? { flap } : {}) }
}

/** The one line a held run prints. */
export const heldLine = (held: Held): string => `${held.count} of ${held.of} consecutive failed runs of ${held.what}; no issue yet`

/**
 * The chat notifier of a report: on the first run of a flapping outage, its notice says so (once per
 * outage, not on every run). Other notices are as they were.
 */
export function flapChat(chat: ChatNotifier | undefined, prepared: PreparedReport, environment: string, window: string): ChatNotifier | undefined {
  const flap = prepared.flap
  if (!chat || !flap?.flapping || !flap.newEpisode) return chat
  const line = flappingLine(flap, environment, window).replace(/^Flapping/, 'flapping')
  return {
    ...chat,
    send: (event) => chat.send(event.kind === 'failure' || event.kind === 'recurrence' ? { ...event, failure: { ...event.failure, reason: `${event.failure.reason} (${line})` } } : event),
  }
}

/**
 * REPORT_PAGE_AFTER: pages for the issue a report filed or found, only on the run that reaches the
 * threshold and once per episode. A run that wrote its occurrence decided in that write (the line is in
 * it); a run that wrote nothing (ON_DUPLICATE=skip, with a duration) reads the issue's comments, and
 * when it pages says so in one comment.
 */
export async function pageAtThreshold(config: NoiseConfig & Pick<Config, 'pager'>, prepared: PreparedReport, outcome: Outcome, failure: Failure, log: Log): Promise<void> {
  if (!config.pager || outcome.number === null || outcome.url === null) return
  const { pageReported } = await import('./paging.ts')
  if (prepared.noise.pagedOn() === outcome.number) return pageReported(config, outcome, failure, log)
  const threshold = config.pageAfter!
  if (outcome.outcome !== 'duplicate' || !('seconds' in threshold)) return
  try {
    const issue = prepared.noise.seen.get(outcome.number)
    const comments = await prepared.tracker.listComments(outcome.number)
    const episode = episodeOf({ createdAt: issue?.createdAt, body: issue?.body ?? '' }, comments, false, failure.time)
    if (!pagesNow(threshold, episode, failure.time)) return
    const line = pagedLine(episode, failure.time).replace(/: \d+ failed runs? in /, ': failing for ')
    await prepared.tracker.addComment(outcome.number, `${PAGED_MARKER}\n${line}\n`)
  } catch (error) {
    log.warn(`Could not tell whether issue #${outcome.number} has paged yet (${describeError(error)}); paging now`)
  }
  await pageReported(config, outcome, failure, log)
}

/** What a report with noise settings ended with: the outcome, or held below REPORT_FILE_AFTER. */
export type NoisyOutcome = Outcome | { readonly outcome: 'held'; readonly number: null; readonly url: null; readonly title: string; readonly held: { readonly count: number; readonly of: number } }

/**
 * The report's single pass (lib/core/flows/report.ts) with the noise settings: held below the file
 * threshold (one [INFO] line; no issue, chat or page), else filed on the wrapped tracker, the chat told
 * once of flapping, and the pager triggered at the page threshold only. Throws as fileReport does.
 */
export async function reportWithNoise(config: NoiseConfig & Pick<Config, 'pager'> & Parameters<typeof fileReport>[2], chat: ChatNotifier | undefined, failure: Failure, log: Log, env: Env): Promise<NoisyOutcome> {
  const prepared = await prepareReport(config, failure, log, env)
  if (prepared.held) {
    log.info(heldLine(prepared.held))
    return { outcome: 'held', number: null, url: null, title: prepared.title, held: { count: prepared.held.count, of: prepared.held.of } }
  }
  const window = config.flap ? formatWindow(config.flap.windowSeconds) : ''
  const outcome = await fileReport(prepared.tracker, flapChat(chat, prepared, config.deployEnv, window), config, failure, log)
  if (config.pager) {
    if (config.pageAfter) await pageAtThreshold(config, prepared, outcome, failure, log)
    else await (await import('./paging.ts')).pageReported(config, outcome, failure, log)
  }
  return outcome
}

/**
 * `--dry-run`: what the thresholds would decide for this run, as `[INFO]` lines; reads only (with a
 * token), and writes nothing. Without a token it says which thresholds are on.
 */
export async function previewNoise(config: NoiseConfig & { readonly token: string; readonly app?: unknown }, failure: Failure, log: Log, env: Env): Promise<void> {
  const { describeThresholds } = await import('./noise-doctor.ts')
  log.info(`Noise thresholds: ${describeThresholds(config)}`)
  if (!config.token && !config.app) return
  const { tracker, runs } = await trackerAndRuns(config, log, env, config.fileAfter !== undefined)
  const silent = { info: () => {}, warn: (line: string) => log.info(`A real run would warn: ${line}`), error: () => {} }
  if (config.fileAfter !== undefined) {
    const streak = await readStreak(runs, config.fileAfter, silent)
    if (streak) log.info(holds(streak.of, streak.count) ? `Would hold: ${heldLine(streak)}` : `Would file: ${streak.count} of ${streak.of} consecutive failed runs of ${streak.what}`)
  }
  if (config.flap) {
    const flap = await readFlap(tracker, config, failure.time, true, silent)
    if (flap) log.info(`${flappingLine(flap, config.deployEnv, formatWindow(config.flap.windowSeconds)).replace(/^Flapping: /, '')} (this run included): ${flap.flapping ? 'flapping: the issue would be labelled flapping' : 'not flapping'}`)
  }
  if (config.pageAfter) log.info(`Would page only on the run at which the outage reaches ${'runs' in config.pageAfter ? `${config.pageAfter.runs} failed runs` : `${formatWindow(config.pageAfter.seconds)}`}, once`)
}
