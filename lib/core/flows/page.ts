// Paging on-call people about a failure that has an issue, and closing the page when the resolver closes
// the issue. A page is a courtesy on top of the issue: it never fails the run, and a page that could not
// be sent within the retry budget is one `[WARN]` line.
import type { Incident, Pager, Severity } from '../pager.ts'
import type { Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import type { TrackerKind } from '../tracker.ts'
import type { RetrySettings } from './close.ts'
import { describeError, retryTransient } from '../retry/transient.ts'

/** What paging needs besides the pager. */
export interface PageTarget extends RetrySettings {
  readonly tracker: TrackerKind
  /** The repository or project the issues are filed in. */
  readonly project: string
  readonly severity: Severity
  /** Only these environments page; empty pages for every one. */
  readonly environments: readonly string[]
}

/** The issue a report filed or found. */
export interface PagedIssue {
  readonly number: number
  readonly url: string
  readonly title: string
}

/**
 * The incident key of an issue: the tracker, the repository and the issue number, so every report of the
 * same issue adds to one incident and the resolver closes exactly that one.
 */
export function incidentKey(tracker: TrackerKind, project: string, number: number): string {
  return `deploy-failure-reporter/${tracker}/${project}#${number}`
}

/** Whether `environment` pages under `target`. */
export const pagesFor = (target: Pick<PageTarget, 'environments'>, environment: string): boolean =>
  target.environments.length === 0 || target.environments.includes(environment)

const silent: Log = { info: () => {}, warn: () => {}, error: () => {} }

// Sends with the run's retry budget, quietly: only the outcome is worth a line.
async function attempt(pager: Pager, target: RetrySettings, what: string, send: () => Promise<void>, log: Log): Promise<boolean> {
  try {
    await retryTransient(target, what, send, silent)
    return true
  } catch (error) {
    log.warn(`${pager.name}: could not ${what} (${describeError(error)}); the issue is unaffected`)
    return false
  }
}

/** The incident for `issue`, filed for `failure`. */
export function incidentFor(target: PageTarget, issue: PagedIssue, failure: Failure): Incident {
  const pipeline = /^https?:\/\//i.test(failure.pipelineUrl) ? [{ href: failure.pipelineUrl, text: 'Pipeline' }] : []
  return {
    key: incidentKey(target.tracker, target.project, issue.number),
    summary: issue.title,
    source: `${target.project} (${failure.environment})`,
    severity: target.severity,
    details: { environment: failure.environment, commit: failure.commitSha, pipeline: failure.pipelineUrl, reason: failure.reason, issue: issue.url },
    links: [{ href: issue.url, text: `Issue #${issue.number}` }, ...pipeline],
  }
}

/** Opens (or adds to) the incident of the issue a report filed or found, for a paging environment. */
export async function pageReport(pager: Pager, target: PageTarget, issue: PagedIssue, failure: Failure, log: Log): Promise<void> {
  if (!pagesFor(target, failure.environment)) return
  if (await attempt(pager, target, `open the incident for #${issue.number}`, () => pager.open(incidentFor(target, issue, failure)), log)) {
    log.info(`${pager.name}: incident open for #${issue.number}`)
  }
}

/** Closes the incident of each issue the resolver closed for `environment`. */
export async function pageRecovery(pager: Pager, target: PageTarget, environment: string, closed: readonly number[], log: Log): Promise<void> {
  if (!pagesFor(target, environment)) return
  for (const number of closed) {
    if (await attempt(pager, target, `resolve the incident for #${number}`, () => pager.close(incidentKey(target.tracker, target.project, number)), log)) {
      log.info(`${pager.name}: incident resolved for #${number}`)
    }
  }
}
