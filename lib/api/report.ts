// reportDeployFailure: the report command for a team's own scripts.
import type { ReportResult as CommandResult } from '../core/report-result.ts'
import { fileFailure, readFailure, type ReportConfig } from '../run/report.ts'
import { withTemplate } from '../config/template.ts'
import { openSession, type CommonOptions } from './options.ts'

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

/** What {@link reportDeployFailure} filed or found: the command's `--json` result, of a filed issue. */
export type ReportResult = CommandResult & { readonly outcome: Exclude<CommandResult['outcome'], 'failed'>; readonly number: number; readonly url: string; readonly title: string }

/**
 * Files the issue for a failed deploy (or finds the open one that holds it) and posts the chat notice,
 * like `deploy-failure-reporter report`; the result is the command's `--json` value. Rejects with a
 * `ConfigError` listing every problem (`.problems`) on bad configuration, and with a `CreateFailed`
 * (`.outcome === 'failed'`, `.title`) when the issue could not be filed. No `.env` file is read: pass `env` or options.
 */
export async function reportDeployFailure(options: ReportOptions = {}): Promise<ReportResult> {
  const session = openSession(options)
  // REPORT_TEMPLATE in the environment given: read and checked before any request.
  const config: ReportConfig = await withTemplate(session.config, session.env)
  const reporting = { ...session, config }
  const run = await fileFailure(reporting, await readFailure(reporting, { reason: options.reason }))
  if (run.error) throw run.error
  return run.result as ReportResult
}
