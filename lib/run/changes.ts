// What changed since the last good deploy (REPORT_CHANGES=auto), for the issue's `What changed` section:
// the service the code lives on, chosen by the tracker and the CI (GitHub: the run's repository in GitHub
// Actions, else ISSUE_REPO; GitLab: the tracker's project), the checkout's own history, and
// REPORT_LAST_GOOD_SHA. What only this read needs is loaded on demand (git.ts loads with every report),
// so a run without it pays nothing (npm run bench).
import type { ChangesService, PendingChanges } from '../core/changes.ts'
import type { Config } from '../config/config.ts'
import type { TrackerConfig } from './tracker.ts'
import type { Log } from '../core/log.ts'
import { printableAddress } from '../core/redact.ts'
import { secretsOf } from '../config/secrets.ts'
import type { Failure } from '../core/text/issue.ts'
import { eventDeployment } from './event.ts'
import { localHistory } from './git.ts'
import { runGitHub } from './github.ts'

type Env = Record<string, string | undefined>

/** What the reader needs from the configuration. */
export type ChangesConfig = TrackerConfig & Pick<Config, 'changes' | 'lastGoodSha' | 'changesTimeoutMs' | 'mentionAuthors' | 'githubRun' | 'deployEnv'>

const sameOrigin = (a: string, b: string) => URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin

/** Which service and repository the changes are read from, in words for `doctor` and messages. */
export interface ChangesPlan {
  readonly service: 'GitHub' | 'GitLab' | undefined
  /** `owner/repo` or the GitLab project. */
  readonly where: string | undefined
  /** The sources of the last good deploy, in order. */
  readonly sources: readonly string[]
  /** What the token needs. */
  readonly permissions: string | undefined
}

// The code's repository on GitHub: the run's (GITHUB_REPOSITORY) in GitHub Actions on the tracker's API,
// else ISSUE_REPO, which the original script reads commits from too.
const gitHubCode = (config: ChangesConfig, env: Env) => {
  const run = env.GITHUB_ACTIONS === 'true' && config.githubRun && (config.githubRun.apiUrl === undefined || sameOrigin(config.githubRun.apiUrl, config.apiUrl)) ? config.githubRun : undefined
  return { owner: run?.owner ?? config.owner, repo: run?.repo ?? config.repo, runId: run?.runId }
}

// In GitLab CI on the tracker's own instance, the code is the run's project, and its pipeline is this run's.
const inGitLabRun = (config: ChangesConfig, env: Env) => env.GITLAB_CI === 'true' && env.CI_API_V4_URL !== undefined && sameOrigin(env.CI_API_V4_URL, config.apiUrl)

const gitLabProject = (config: ChangesConfig, env: Env) => (inGitLabRun(config, env) ? (env.CI_PROJECT_ID ?? env.CI_PROJECT_PATH ?? config.project) : config.project)

/** Where `readChanges` would look, for `doctor`. */
export function changesPlan(config: ChangesConfig, env: Env = process.env): ChangesPlan {
  const explicit = config.lastGoodSha ? ['REPORT_LAST_GOOD_SHA'] : []
  if (config.tracker === 'gitlab') {
    return { service: 'GitLab', where: gitLabProject(config, env), sources: [...explicit, 'GitLab deployments'], permissions: 'read_api' }
  }
  const code = gitHubCode(config, env)
  return {
    service: 'GitHub',
    where: `${code.owner}/${code.repo}`,
    sources: [...explicit, 'GitHub deployments', ...(code.runId ? ['GitHub Actions runs'] : [])],
    permissions: `deployments: read${code.runId ? ', actions: read' : ''}, contents: read, pull-requests: read`,
  }
}

/** The service readers for `config` (the tracker's service and token), loaded on demand. */
export async function changesService(config: ChangesConfig, log: Log, head: string, env: Env = process.env): Promise<ChangesService | undefined> {
  if (!config.token && !config.app) return undefined
  if (config.tracker === 'gitlab') {
    const [{ createGitLab }, { gitLabChanges }] = await Promise.all([import('../gitlab/client.ts'), import('../gitlab/changes.ts')])
    const project = gitLabProject(config, env)
    const projectUrl = project !== config.project || env.GITLAB_CI === 'true' ? env.CI_PROJECT_URL : undefined
    const pipelineId = inGitLabRun(config, env) ? env.CI_PIPELINE_ID : undefined
    return gitLabChanges(createGitLab(config, log), { project, environment: config.deployEnv, ...(projectUrl ? { projectUrl } : {}), ...(pipelineId ? { pipelineId } : {}) }, config.apiUrl)
  }
  const code = gitHubCode(config, env)
  // The deployment the run's event names is of the run's repository: only when the code is the run's.
  const [github, { gitHubChanges, gitHubWebUrl }, eventDeploymentId] = await Promise.all([runGitHub(config, log), import('../github/changes.ts'), code.runId === undefined ? undefined : eventDeployment(env)])
  const own = eventDeploymentId === undefined ? {} : { eventDeployment: eventDeploymentId }
  return gitHubChanges(github, { ...code, ...own, environment: config.deployEnv, head, webUrl: runWebUrl(code.runId, env) ?? gitHubWebUrl(config.apiUrl) })
}

// Pages (the compare link) on the run's own server when the code is the run's: GitHub Actions names it in
// GITHUB_SERVER_URL, while the API's address may be a proxy or a stand-in (the demo's) with no pages.
// https://docs.github.com/en/actions/reference/variables-reference#default-environment-variables
function runWebUrl(runId: string | undefined, env: Env): string | undefined {
  const server = env.GITHUB_SERVER_URL
  return runId !== undefined && server && /^https?:\/\//i.test(server) ? printableAddress(server) : undefined
}

/**
 * What changed since the last good deploy of `head`, for the issue's `What changed` section, when
 * REPORT_CHANGES=auto; nothing otherwise, or (after one [WARN]) when it could not be read. Never throws.
 */
export async function readChanges(config: ChangesConfig, head: string, log: Log, env: Env = process.env, cwd?: string, signal?: AbortSignal): Promise<Pick<Failure, 'changes' | 'mentionAuthors'>> {
  if (config.changes !== 'auto') return {}
  // Every module the read needs, loaded at once: in turn, the second set waited a turn of the loop behind
  // the first, and the listings left up to 20 ms after the duplicate check's request instead of beside it.
  const [{ readWhatChanged }, service] = await Promise.all([
    import('../core/flows/what-changed.ts'),
    changesService(config, log, head, env).catch((error: unknown) => {
      log.warn(`Could not say what changed: ${(error as Error).message}. The issue is filed without its What changed section`)
      return null
    }),
  ])
  if (service === null) return {}
  const changes = await readWhatChanged(service, localHistory(cwd), { head, lastGoodSha: config.lastGoodSha, timeoutMs: config.changesTimeoutMs, known: secretsOf(config), ...(signal ? { signal } : {}) }, log)
  return changes ? { changes, mentionAuthors: config.mentionAuthors } : {}
}

/**
 * The read of what changed, started now to run beside the duplicate check (REPORT_CHANGES=auto); undefined
 * when it is off. A create waits for it; a duplicate cancels it (lib/core/flows/changes-step.ts).
 */
export function startChanges(config: ChangesConfig, head: string, log: Log, env: Env = process.env): PendingChanges | undefined {
  if (config.changes !== 'auto') return undefined
  // The title carries the short form; GitHub Actions gives the full id, which compare and `--json` prefer.
  const full = env.GITHUB_ACTIONS === 'true' && /^[0-9a-f]{40,64}$/i.test(env.GITHUB_SHA ?? '') && env.GITHUB_SHA!.startsWith(head) ? env.GITHUB_SHA!.toLowerCase() : head
  head = full
  const stop = new AbortController()
  return { settled: readChanges(config, head, log, env, undefined, stop.signal), cancel: () => stop.abort() }
}

/**
 * `doctor`'s line for REPORT_CHANGES=auto: which source it would use first and whether the token may read
 * it (one request: the first source's own). Never throws.
 */
export async function changesCheck(config: ChangesConfig, log: Log, env: Env = process.env): Promise<{ ok: boolean; text: string }> {
  const plan = changesPlan(config, env)
  const order = `${plan.sources.join(', then ')}${plan.where ? ` of ${plan.where}` : ''}`
  const service = await changesService(config, log, 'HEAD', env).catch(() => undefined)
  const first = service?.sources[0]
  if (!first) return { ok: true, text: `what changed: from ${order}; compared by the checkout only (no token for ${plan.service ?? 'a service'})` }
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), config.changesTimeoutMs)
  try {
    const found = await first.find(deadline.signal)
    const said =
      found && 'sha' in found
        ? `its last good deploy is ${found.sha.slice(0, 7)}`
        : found
          ? `it records no good deploy among its ${found.among.count} newest ${found.among.of}`
          : found === null
            ? 'it records no good deploy yet'
            : 'it records no deploys'
    return { ok: true, text: `what changed: from ${order}; the token may read ${first.name} (${said}); it also needs ${plan.permissions}` }
  } catch (error) {
    return { ok: false, text: `what changed: cannot read ${first.name}: ${(error as Error).message}` }
  } finally {
    clearTimeout(timer)
  }
}
