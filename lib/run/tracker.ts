// The tracker a run uses, from the configuration: GitHub (the default) or GitLab (ISSUE_TRACKER=gitlab).
import type { Check } from '../core/check.ts'
import type { Config } from '../config/config.ts'
import { LABELS } from '../core/text/issue.ts'
import type { Log } from '../core/log.ts'
import type { Tracker } from '../core/tracker.ts'
import { runGitHub } from './github.ts'

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

/** The tracker for `config`, its failures and waits reported through `log`; only that tracker's modules are loaded. */
export async function createTracker(config: TrackerConfig, log: Log): Promise<Tracker> {
  // Only the configured tracker is loaded (the bundle splits each into its own chunk): every module costs
  // start-up (npm run bench), and a GitHub run never needs GitLab's client, nor a GitLab run Octokit.
  if (config.tracker === 'gitlab') return (await import('../gitlab/tracker.ts')).createGitLabTracker(config, log)
  const [github, { createGitHubTracker }] = await Promise.all([runGitHub(config, log), import('../github/tracker.ts')])
  return createGitHubTracker(github, config, log)
}

/** The tracker's own preflight checks for the doctor (token, quota, repository, …), in order. */
export async function doctorChecks(config: TrackerConfig, log: Log): Promise<Check[]> {
  // Loaded only by the doctor: every module costs the reporter start-up (npm run bench).
  if (config.tracker === 'gitlab') {
    const [{ gitLabChecks }, { createGitLab }] = await Promise.all([import('../gitlab/doctor.ts'), import('../gitlab/client.ts')])
    return gitLabChecks(createGitLab(config, log), config.project, [...LABELS, ...(config.extraLabels ?? [])], config.milestone)
  }
  const [{ doctorChecks: github }, client] = await Promise.all([import('../github/doctor.ts'), runGitHub(config, log)])
  return github(client, config)
}
