// The report command, assembled once: what failed (the deploy's facts, the reason, the log, what the CI
// says), the issue filed or found (lib/core/flows/report.ts), the chat notice, the page. The command line,
// the GitHub Action and the plugin API all run this, so `--json`, the step outputs and the API's result
// are one value, taken from the issue that holds the report.
import type { Config } from '../config/config.ts'
import { withTemplate } from '../config/template.ts'
import { noiseOn } from '../config/noise.ts'
import { createNotifier } from '../chat/index.ts'
import { CreateFailed } from '../core/errors.ts'
import { fileReport } from '../core/flows/report.ts'
import { issueTitle } from '../core/flows/issue-text.ts'
import { BODY_LIMIT } from '../core/text/budget.ts'
import { DEFAULT_REASON, TITLE_LIMITS, type Failure } from '../core/text/issue.ts'
import { failedEntries } from '../core/text/what-failed.ts'
import { changesEntry } from '../core/text/what-changed.ts'
import type { IssueTemplate } from '../core/text/template.ts'
import { failedResult, type ReportResult } from '../core/report-result.ts'
import { readDeploy, withoutToken } from './deploy.ts'
import { configure, type ConfigureOptions, type MaskingLog, type Session } from './session.ts'
import { createTracker } from './tracker.ts'
import { preconnect, reportConnections } from '../http/preconnect.ts'

type Env = Record<string, string | undefined>

/** The configuration a report runs with: REPORT_TEMPLATE read and checked before any request. */
export type ReportConfig = Config & { readonly template?: IssueTemplate }

/** What the caller asks to report. */
export interface ReportRequest {
  /** The failure reason; `Unknown failure` when absent or empty. */
  readonly reason?: string | undefined
  /** `--reason-file`: read the reason from this file (`-`: standard input). */
  readonly reasonFile?: string | undefined
  /** `--log`: the end of this file (`-`: standard input) goes into the issue; default REPORT_LOG_FILE. */
  readonly log?: string | undefined
}

/** A finished report: its result, the failure it was about, and the error when nothing was filed. */
export interface ReportRun {
  readonly result: ReportResult
  readonly failure: Failure
  readonly error?: CreateFailed
}

/** {@link configure}, then REPORT_TEMPLATE read and checked: a bad template is a configuration error before any request. */
export async function configureReport(env: Env, masking: MaskingLog, options: ConfigureOptions = {}): Promise<ReportConfig> {
  return withTemplate(configure(env, masking, options), env)
}

/**
 * What failed: the deploy's facts, the reason (argument or file), the log's end and, with REPORT_CI_LOG=auto,
 * what the CI's own record says. An explicit log wins over the CI's logs.
 */
export async function readFailure(session: Session<ReportConfig>, request: ReportRequest): Promise<Failure> {
  const { config, log, env, time } = session
  let failure: Failure = { ...(await readDeploy(config, time, { env, log })), reason: withoutToken(request.reason || DEFAULT_REASON, config) }
  const logSource = request.log ?? config.logFile
  if (request.reasonFile !== undefined || logSource !== undefined) {
    // Loaded only when asked for: every module costs start-up (npm run bench).
    const { readInputs } = await import('./input-files.ts')
    failure = { ...failure, ...(await readInputs({ reasonFile: request.reasonFile, reason: request.reason, log: logSource }, config, log)) }
  }
  if (config.ciLog === 'auto') {
    const { readCiFailures } = await import('./ci.ts')
    failure = { ...failure, ...(await readCiFailures(config, log, failure.log === undefined, env)) }
  }
  return failure
}

/**
 * The spec's single pass for `failure`: the issue filed or found, the chat notice, then the page
 * (PAGERDUTY_ROUTING_KEY). A report that could not be filed is a result too (`failed`, with its error);
 * anything else that goes wrong throws.
 */
export async function fileFailure(session: Session<ReportConfig>, failure: Failure): Promise<ReportRun> {
  const { config, log } = session
  const failed = failure.failed && failedEntries(failure.failed)
  const extra = failed ? { failed } : {}
  openReportConnections(config, session.env)
  // REPORT_CHANGES=auto: what changed is read beside the duplicate check, not after it (lib/run/changes.ts).
  const changesModule = config.changes === 'auto' ? await import('./changes.ts') : undefined
  const pendingChanges = changesModule?.startChanges(config, failure.commitSha, log, session.env)
  // An occurrence comment says what changed since the previous occurrence's commit (ON_DUPLICATE=comment).
  const changesSince = changesModule && (async (base: string) => (await changesModule.readChanges({ ...config, lastGoodSha: base }, failure.commitSha, log, session.env)).changes)
  try {
    const target = pendingChanges && changesSince ? { ...config, pendingChanges, changesSince } : config
    const chat = createNotifier(config, log, session.annotate)
    // REPORT_PAGE_AFTER, REPORT_FILE_AFTER, REPORT_FLAP (docs/noise.md): loaded only when one is set; it
    // pages as its thresholds decide, and may hold the report below REPORT_FILE_AFTER.
    const noisy = noiseOn(config)
    const outcome = noisy ? await (await import('./noise.ts')).reportWithNoise(target, chat, failure, log, session.env) : await fileReport(await createTracker(config, log), chat, target, failure, log)
    if (outcome.outcome === 'held') pendingChanges?.cancel()
    const told = pendingChanges && (outcome.outcome === 'created' || outcome.outcome === 'reopened') ? await pendingChanges.settled : undefined
    const changes = pendingChanges ? { changes: told?.changes ? changesEntry(told.changes) : null } : {}
    // Loaded only when paging is configured: every module costs start-up.
    if (config.pager && !noisy && outcome.outcome !== 'held') await (await import('./paging.ts')).pageReported(config, outcome, failure, log)
    return { result: { ...outcome, ...extra, ...changes }, failure: told?.changes ? { ...failure, ...told } : failure }
  } catch (error) {
    pendingChanges?.cancel()
    if (!(error instanceof CreateFailed)) throw error
    const title = await failureTitle(config, failure)
    return { result: { ...failedResult(title), ...extra }, failure, error: new CreateFailed(error.cause, title) }
  }
}

/**
 * Opens the API connections a report will have in flight at once, and the chat's, unless bin.ts opened
 * them already (lib/http/preconnect.ts counts them).
 */
export function openReportConnections(config: ReportConfig, env: Env): void {
  preconnect(config.apiUrl, env, reportConnections({ tracker: config.tracker, fileAfter: config.fileAfter !== undefined, flap: config.flap !== undefined, changes: config.changes === 'auto' }))
  preconnect(config.chat.slack?.apiUrl ?? config.chatWebhook, env)
}

/** The title the issue for `failure` has, or would have had. */
export function failureTitle(config: ReportConfig, failure: Failure): Promise<string> {
  return issueTitle(config.template, failure, { kind: config.tracker, limits: { title: TITLE_LIMITS[config.tracker], body: BODY_LIMIT } })
}

/** `--dry-run`: the title, body and chat text a real run would send, and what it would do; writes nothing. */
export async function previewFailure(session: Session<ReportConfig>, failure: Failure): Promise<string> {
  const { config, log } = session
  const { previewReport } = await import('../core/flows/preview.ts')
  // REPORT_PAGE_AFTER, REPORT_FILE_AFTER, REPORT_FLAP: what they would decide (loaded only when set).
  if (noiseOn(config)) await (await import('./noise.ts')).previewNoise(config, failure, log, session.env)
  // REPORT_CHANGES=auto: the preview shows the section a created issue would have.
  const told = config.changes === 'auto' ? { ...failure, ...(await (await import('./changes.ts')).readChanges(config, failure.commitSha, log, session.env)) } : failure
  return previewReport(config.token || config.app ? await createTracker(config, log) : undefined, config, told, log)
}
