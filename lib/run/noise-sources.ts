// Where REPORT_FILE_AFTER reads the run history: this run's CI, through the tracker's own client (one
// throttled Octokit client for GitHub, the one GitLab client), so tokens, proxies and rate-limit waits
// are as for every other call. The token is sent only where the tracker's API is: a run on another host
// is not read, and the failure is filed as if no threshold were set.
import type { Config } from '../config/config.ts'
import type { Log } from '../core/log.ts'
import type { RunHistoryReader, ThisRun } from '../core/noise/streak.ts'
import type { Tracker } from '../core/tracker.ts'
import type { Episode } from '../core/stats/episodes.ts'
import { withAttempts } from '../core/retry/transient.ts'
import { readHistory } from '../core/stats/read.ts'
import { createTracker, type TrackerConfig } from './tracker.ts'
import { runGitHub } from './github.ts'

type Env = Record<string, string | undefined>

/** The tracker, and the run history reader of this run's CI or why there is none. */
export interface Sources {
  readonly tracker: Tracker
  readonly runs: { readonly reader: RunHistoryReader; readonly current: ThisRun } | { readonly why: string }
}

type SourceConfig = TrackerConfig & Pick<Config, 'githubRun'>

const sameOrigin = (a: string | undefined, b: string) => a !== undefined && URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin
const ID = /^[1-9][0-9]{0,19}$/

/** The tracker for `config`, with the run history reader when `withRuns` (REPORT_FILE_AFTER) asks for one. */
export async function trackerAndRuns(config: SourceConfig, log: Log, env: Env, withRuns: boolean): Promise<Sources> {
  if (!withRuns) return { tracker: await createTracker(config, log), runs: { why: 'not asked' } }
  if (env.GITHUB_ACTIONS === 'true') {
    const run = config.githubRun
    if (config.tracker !== 'github') return { tracker: await createTracker(config, log), runs: { why: 'the run is on GitHub Actions but issues go to GitLab, whose token cannot read it' } }
    if (!run) return { tracker: await createTracker(config, log), runs: { why: 'GITHUB_REPOSITORY or GITHUB_RUN_ID is missing or malformed' } }
    if (run.apiUrl !== undefined && !sameOrigin(run.apiUrl, config.apiUrl)) return { tracker: await createTracker(config, log), runs: { why: `the run is on ${run.apiUrl} but issues go to ${config.apiUrl}; ISSUE_TOKEN is not sent to the run's host` } }
    const [github, { createGitHubTracker }, { gitHubWorkflowRuns, workflowFile }] = await Promise.all([runGitHub(config, log), import('../github/tracker.ts'), import('../github/workflow-runs.ts')])
    // GITHUB_HEAD_REF on a pull request; GITHUB_REF_NAME on a branch. A tag has no branch: this run's record says.
    const branch = env.GITHUB_HEAD_REF || (env.GITHUB_REF_TYPE === 'branch' ? env.GITHUB_REF_NAME : undefined) || undefined
    const reader = gitHubWorkflowRuns(github, { owner: run.owner, repo: run.repo, runId: run.runId, workflow: workflowFile(env.GITHUB_WORKFLOW_REF), branch })
    return { tracker: createGitHubTracker(github, config, log), runs: { reader, current: { id: run.runId, attempt: Number(run.attempt) } } }
  }
  if (env.GITLAB_CI === 'true') {
    if (config.tracker !== 'gitlab') return { tracker: await createTracker(config, log), runs: { why: 'the run is on GitLab CI but issues go to GitHub, whose token cannot read it' } }
    const project = env.CI_PROJECT_ID || env.CI_PROJECT_PATH
    const ref = env.CI_COMMIT_REF_NAME
    const pipeline = env.CI_PIPELINE_ID ?? ''
    if (!project || !ref || !ID.test(pipeline)) return { tracker: await createTracker(config, log), runs: { why: 'CI_PROJECT_ID, CI_COMMIT_REF_NAME or CI_PIPELINE_ID is missing or malformed' } }
    if (env.CI_API_V4_URL !== undefined && !sameOrigin(env.CI_API_V4_URL, config.apiUrl)) return { tracker: await createTracker(config, log), runs: { why: `the pipeline is on ${env.CI_API_V4_URL} but issues go to ${config.apiUrl}; ISSUE_TOKEN is not sent to the pipeline's host` } }
    const [{ createGitLab }, { createGitLabTracker, projectId }, { gitLabPipelines }] = await Promise.all([import('../gitlab/client.ts'), import('../gitlab/tracker.ts'), import('../gitlab/pipelines.ts')])
    const client = createGitLab(config, log)
    const reader = gitLabPipelines(client, `/projects/${projectId(project)}`, ref)
    return { tracker: createGitLabTracker(config, log, client), runs: { reader, current: { id: pipeline, attempt: 1 } } }
  }
  return { tracker: await createTracker(config, log), runs: { why: 'this is neither GitHub Actions nor GitLab CI, whose run history it reads' } }
}

/**
 * REPORT_FLAP's record: `environment`'s outages within the window before `now`, from the listing `stats`
 * reads, without deploy counts (not needed here). Tried once, at report and at resolve time alike: it is
 * on the critical path, and retried it would hold the run back by REPORT_TIMEOUT a try and print a [WARN]
 * for each; one [WARN] says it could not be read.
 */
export async function readFlapRecord(tracker: Tracker, windowSeconds: number, now: Date, environment: string): Promise<readonly Episode[]> {
  const period = { since: new Date(now.getTime() - windowSeconds * 1000), until: new Date(now.getTime() + 1) }
  return (await withAttempts(1, () => readHistory({ ...tracker, countDeploys: undefined }, period, [environment]))).episodes
}
