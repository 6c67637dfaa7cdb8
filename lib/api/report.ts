// reportDeployFailure: the report command's single pass for a team's own scripts.
import { readDeploy, withoutToken } from '../run/deploy.ts'
import { createNotifier } from '../chat/index.ts'
import { createTracker } from '../run/tracker.ts'
import { DEFAULT_REASON, type Failure } from '../core/text/issue.ts'
import { fileReport } from '../core/flows/report.ts'
import { CreateFailed } from '../core/errors.ts'
import { configuredRun, optionsEnv, type CommonOptions } from './options.ts'
import { withTemplate } from '../config/template.ts'

/** Options of {@link reportDeployFailure}; each overrides the variable it stands for. */
export interface ReportOptions extends CommonOptions {
  /** CI_COMMIT_MESSAGE: the deployed commit's message (default: asked of git, else `unknown`). */
  readonly commitMessage?: string
  /** The failure reason (default `Unknown failure`). */
  readonly reason?: string
  /** ON_DUPLICATE: on an open duplicate, `skip` (default) or add one comment counting the occurrence. */
  readonly onDuplicate?: 'skip' | 'comment'
  /** REPORT_CI_LOG: `auto` names what failed in the CI run (GitHub Actions) and adds the end of its logs; `off` (default). */
  readonly ciLog?: 'auto' | 'off'
}

/** What {@link reportDeployFailure} filed or found. */
export interface ReportResult {
  readonly outcome: 'created' | 'duplicate' | 'commented' | 'reopened'
  readonly number: number
  readonly url: string
  readonly title: string
  /** With `ciLog: 'auto'`, each failed job and step the CI named (empty when it could not be read); absent otherwise. */
  readonly failed?: readonly { readonly job: string; readonly step: string | null; readonly url: string }[]
}

/**
 * Files the issue for a failed deploy (or finds the open one with the same title) and posts the chat
 * notice, like `deploy-failure-reporter report`. Rejects with a `ConfigError` listing every problem
 * (`.problems`) on bad configuration, and with a `CreateFailed` (`.outcome === 'failed'`) when the issue
 * could not be filed. No `.env` file is read: pass `env` or options.
 */
export async function reportDeployFailure(options: ReportOptions = {}): Promise<ReportResult> {
  const time = new Date()
  const run = configuredRun(options)
  const { log } = run
  // REPORT_TEMPLATE in the environment given: read and checked before any request.
  const config = await withTemplate(run.config, optionsEnv(options))
  let failure: Failure = { ...(await readDeploy(config, time)), reason: withoutToken(options.reason || DEFAULT_REASON, config) }
  // Loaded only when asked for: every module costs start-up.
  if (config.ciLog === 'auto') failure = { ...failure, ...(await (await import('../run/ci.ts')).readCiFailures(config, log, true, optionsEnv(options))) }
  const outcome = await fileReport(await createTracker(config, log), createNotifier(config, log), config, failure, log)
  // PAGERDUTY_ROUTING_KEY: the incident is opened, as by the command.
  if (config.pager) await (await import('../run/paging.ts')).pageReported(config, outcome, failure, log)
  if (outcome.outcome === 'failed' || outcome.number === null || outcome.url === null) throw new CreateFailed(outcome)
  const failed = failure.failed && (await import('../core/text/what-failed.ts')).failedEntries(failure.failed)
  return { outcome: outcome.outcome, number: outcome.number, url: outcome.url, title: outcome.title, ...(failed ? { failed } : {}) }
}
