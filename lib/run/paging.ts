// PAGERDUTY_ROUTING_KEY for the commands: the pager built from the configuration, and the core's paging
// flows (lib/core/flows/page.ts) called with it. Loaded only when paging is configured.
import type { Config } from '../config/config.ts'
import type { Outcome } from '../core/flows/report.ts'
import { pageRecovery, pageReport, type PageTarget } from '../core/flows/page.ts'
import type { Log } from '../core/log.ts'
import type { Failure } from '../core/text/issue.ts'
import { createPagerDuty } from '../pager/pagerduty.ts'

type PagingConfig = Pick<Config, 'pager' | 'tracker' | 'project' | 'retryAttempts' | 'retryDelaySeconds' | 'timeoutMs'>

const setup = (config: PagingConfig) => {
  const pager = config.pager!
  const target: PageTarget = { ...config, severity: pager.severity, environments: pager.environments }
  return { pager: createPagerDuty({ ...pager, timeoutMs: config.timeoutMs }), target }
}

/** Pages for the issue a report filed or found; nothing when none was. */
export async function pageReported(config: PagingConfig, outcome: Outcome, failure: Failure, log: Log): Promise<void> {
  if (!config.pager || outcome.number === null || outcome.url === null) return
  const { pager, target } = setup(config)
  await pageReport(pager, target, { number: outcome.number, url: outcome.url, title: outcome.title }, failure, log)
}

/** Resolves the incidents of the issues the resolver closed. */
export async function pageResolved(config: PagingConfig, environment: string, closed: readonly number[], log: Log): Promise<void> {
  if (!config.pager || closed.length === 0) return
  const { pager, target } = setup(config)
  await pageRecovery(pager, target, environment, closed, log)
}
