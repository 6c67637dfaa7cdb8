// The tracker a run uses, from the configuration: GitHub (the default) or GitLab (ISSUE_TRACKER=gitlab).
import type { Check } from '../core/check.ts'
import type { Config } from '../config/config.ts'
import { LABELS } from '../core/text/issue.ts'
import type { Log } from '../core/log.ts'
import type { Tracker } from '../core/tracker.ts'
import { createGitHub } from './github/client.ts'
import { createGitHubTracker } from './github/tracker.ts'
import { createGitLab } from './gitlab/client.ts'
import { createGitLabTracker } from './gitlab/tracker.ts'

/** What a tracker needs from the configuration. */
export type TrackerConfig = Pick<
  Config,
  | 'tracker'
  | 'project'
  | 'token'
  | 'app'
  | 'owner'
  | 'repo'
  | 'apiUrl'
  | 'timeoutMs'
  | 'maxWaitSeconds'
  | 'retryAttempts'
  | 'retryDelaySeconds'
  | 'writeIntervalSeconds'
> &
  Partial<Pick<Config, 'extraLabels' | 'assignees' | 'board' | 'milestone'>>

/** The tracker for `config`, its failures and waits reported through `log`. */
export function createTracker(config: TrackerConfig, log: Log): Tracker {
  if (config.tracker === 'gitlab') return createGitLabTracker(config, log)
  return createGitHubTracker(createGitHub(config, log), config, log)
}

/** The tracker's own preflight checks for the doctor (token, quota, repository, …), in order. */
export async function doctorChecks(config: TrackerConfig, log: Log): Promise<Check[]> {
  // Loaded only by the doctor: every module costs the reporter start-up (npm run bench).
  if (config.tracker === 'gitlab') {
    const { gitLabChecks } = await import('./gitlab/doctor.ts')
    return gitLabChecks(createGitLab(config, log), config.project, [...LABELS, ...(config.extraLabels ?? [])], config.milestone)
  }
  const { doctorChecks: github } = await import('./github/doctor.ts')
  return github(createGitHub(config, log), config)
}
