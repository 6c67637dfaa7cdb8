// resolveDeployFailures: the resolve command for a team's own scripts.
import { ResolveFailed } from '../core/errors.ts'
import { resolveFailures } from '../run/resolve.ts'
import { openSession, type CommonOptions } from './options.ts'

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
  const { resolution } = await resolveFailures(openSession(options))
  if (resolution.outcome === 'failed' || resolution.failed.length) throw new ResolveFailed(resolution.closed, resolution.failed)
  return { outcome: resolution.outcome, closed: [...resolution.closed] }
}
