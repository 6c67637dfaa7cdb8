// The tracker a run uses, from the configuration. GitHub for now; other services are chosen here.
import type { Check } from '../cli/doctor.ts'
import type { Config } from '../config/config.ts'
import type { Log } from '../core/log.ts'
import type { Tracker } from '../core/tracker.ts'
import { createGitHub } from './github/client.ts'
import { createGitHubTracker } from './github/tracker.ts'

/** What a tracker needs from the configuration. */
export type TrackerConfig = Pick<
  Config,
  'token' | 'owner' | 'repo' | 'apiUrl' | 'timeoutMs' | 'maxWaitSeconds' | 'retryAttempts' | 'retryDelaySeconds' | 'writeIntervalSeconds'
> &
  Partial<Pick<Config, 'extraLabels' | 'assignees'>>

/** The tracker for `config`, its failures and waits reported through `log`. */
export function createTracker(config: TrackerConfig, log: Log): Tracker {
  return createGitHubTracker(createGitHub(config, log), config)
}

/** The tracker's own preflight checks for the doctor (token, quota, repository, …), in order. */
export async function doctorChecks(config: TrackerConfig, log: Log): Promise<Check[]> {
  // Loaded only by the doctor: every module costs the reporter start-up (npm run bench).
  const { doctorChecks: github } = await import('./github/doctor.ts')
  return github(createGitHub(config, log), config)
}
