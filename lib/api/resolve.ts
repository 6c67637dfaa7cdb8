// resolveDeployFailures: the resolve command for a team's own scripts.
import { readDeploy } from '../run/deploy.ts'
import { createNotifier } from '../chat/index.ts'
import { createTracker } from '../run/tracker.ts'
import { resolveRecovery } from '../core/flows/resolve.ts'
import { ResolveFailed } from '../core/errors.ts'
import { configuredRun, type CommonOptions } from './options.ts'

/** Options of {@link resolveDeployFailures}; each overrides the variable it stands for. */
export type ResolveOptions = CommonOptions

/** What {@link resolveDeployFailures} closed. */
export interface ResolveResult {
  readonly outcome: 'resolved' | 'nothing'
  /** The numbers of the issues closed. */
  readonly closed: number[]
}

/**
 * After a good deploy, closes every open failure issue of the environment (with a comment) and posts one
 * recovery notice, like `deploy-failure-reporter resolve`. Rejects with a `ConfigError` (`.problems`) on
 * bad configuration, a `ListFailed` when the issues could not be listed, and a `ResolveFailed` (`.outcome === 'failed'`)
 * when some could not be closed. No `.env` file is read.
 */
export async function resolveDeployFailures(options: ResolveOptions = {}): Promise<ResolveResult> {
  const time = new Date()
  const { config, log } = configuredRun(options)
  const recovery = await readDeploy(config, time, { withMessage: false })
  const resolution = await resolveRecovery(await createTracker(config, log), createNotifier(config, log), config, recovery, log, { dryRun: false })
  // PAGERDUTY_ROUTING_KEY: each closed issue's incident is resolved, as by the command.
  if (config.pager) await (await import('../run/paging.ts')).pageResolved(config, recovery.environment, resolution.closed, log)
  if (resolution.outcome === 'failed' || resolution.failed.length) throw new ResolveFailed(resolution.closed, resolution.failed)
  return { outcome: resolution.outcome, closed: [...resolution.closed] }
}
