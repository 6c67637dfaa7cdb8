// The last good deploy, from GitHub: the newest deployment of the environment with a `success` among its
// statuses (a superseded one's latest status is `inactive`), not one this run made; else, when there are
// no deployments at all, the newest successful run of this workflow on this branch.
// https://docs.github.com/en/rest/deployments/deployments, https://docs.github.com/en/rest/actions/workflow-runs
import type { LastGood, LastGoodSource, NoneAmong } from '../core/changes.ts'
import type { GitHub } from './client.ts'
import { cannot, dateOf, hasNext, isSha, PERMISSION, unexpected, withSignal, type GitHubCode } from './changes-read.ts'

/** Deployments whose statuses are read, newest first; a deploy pipeline's last good one is rarely further back. */
export const MAX_DEPLOYMENTS = 10
// Statuses are read this many deployments at a time: the newest is usually this run's own, the next the good one.
const STATUS_BATCH = 5

// A deployment of `head` (which may be abbreviated).
const isOf = (head: string) => (d: { sha?: unknown }) => (d.sha as string).toLowerCase().startsWith(head.toLowerCase())

interface RunRecord {
  readonly workflow_id?: unknown
  readonly head_branch?: unknown
  readonly run_attempt?: unknown
  readonly run_started_at?: unknown
}

// This run's record: its workflow and branch, and when its latest attempt started.
// https://docs.github.com/en/rest/actions/workflow-runs#get-a-workflow-run
async function readRun(github: GitHub, code: GitHubCode, runId: string, signal: AbortSignal): Promise<RunRecord> {
  try {
    const { data } = await github.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { owner: code.owner, repo: code.repo, run_id: Number(runId), exclude_pull_requests: true, ...withSignal(signal) })
    return data as RunRecord
  } catch (error) {
    throw cannot(`run ${runId} of ${code.owner}/${code.repo}`, error, PERMISSION.actions)
  }
}

// When this run's first attempt started: its record's `run_started_at` is its latest attempt's, so a re-run
// asks attempt 1's own record. https://docs.github.com/en/rest/actions/workflow-runs#get-a-workflow-run-attempt
async function firstStart(github: GitHub, code: GitHubCode, runId: string, signal: AbortSignal): Promise<Date | undefined> {
  const run = await readRun(github, code, runId, signal)
  if (!(Number.isInteger(run.run_attempt) && (run.run_attempt as number) > 1)) return dateOf(run.run_started_at)
  try {
    const { data } = await github.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}', { owner: code.owner, repo: code.repo, run_id: Number(runId), attempt_number: 1, exclude_pull_requests: true, ...withSignal(signal) })
    return dateOf((data as RunRecord).run_started_at)
  } catch (error) {
    throw cannot(`attempt 1 of run ${runId} of ${code.owner}/${code.repo}`, error, PERMISSION.actions)
  }
}

/**
 * Whether a deployment is this run's own, in GitHub Actions. A deploy job (`environment:`) that succeeded
 * before a later job of the same run failed (a smoke test) is the newest good deployment, of this very
 * commit: taken, the section said "no code change" of every such failure. GitHub's deployments name no
 * run (nor is it documented what GitHub Actions puts in a status's `log_url`), but GitHub Actions creates
 * a deployment when a job that references an environment runs (unless it says `deployment: false`), so
 * a deployment of `head` created at or after the run started was made by it. The run's `run_started_at`
 * is "the start time of the latest run. Resets on re-run": after "Re-run failed jobs" the deploy job kept
 * from attempt 1 made its deployment before attempt 2 started, so on a re-run (`run_attempt` > 1) the
 * start is attempt 1's. Re-running an old run to roll back (attempt 2 of a run days old) stays right:
 * deployments come newest first, and this test only decides for a good deployment of `head` reached before
 * any other commit's, that is when `head` is the newest good deploy. The other commits deployed since
 * attempt 1 come first and the first of them is the last good deploy; with none since, attempt 1's own
 * deployment of `head` is this run's too. An earlier deployment of `head` (a redeploy of a commit that went
 * out fine before) is still a good deploy, and says, rightly, that nothing changed; so is another commit's,
 * made meanwhile by another run. The run is read once (its first attempt too, on a re-run), and only when
 * a deployment of `head` proves good: the usual failure, a deploy job that failed, costs no request.
 * A run started by a `deployment` or `deployment_status` event (a smoke test of a deploy made by another
 * workflow) tests the deployment its event names, made before it started: `code.eventDeployment`, skipped
 * by its id, with no request.
 * https://docs.github.com/en/rest/deployments/deployments#list-deployments,
 * https://docs.github.com/en/rest/actions/workflow-runs#get-a-workflow-run (`run_started_at`, `run_attempt`),
 * https://docs.github.com/en/actions/how-tos/write-workflows/choose-what-workflows-do/deploy-to-environment,
 * https://docs.github.com/en/webhooks/webhook-events-and-payloads#deployment_status (`deployment.id`)
 */
function ownDeployment(github: GitHub, code: GitHubCode, signal: AbortSignal): (d: { id?: unknown; sha?: unknown; created_at?: unknown }) => Promise<boolean> {
  const ofHead = isOf(code.head)
  let started: Promise<Date | undefined> | undefined
  return async (d) => {
    if (code.eventDeployment !== undefined && d.id === code.eventDeployment) return true
    // Outside GitHub Actions no run is known: every deployment counts, as it always has.
    const created = dateOf(d.created_at)
    if (code.runId === undefined || !ofHead(d) || !created) return false
    // `run_started_at` is optional in the description: without it, nothing is this run's, as before.
    started ??= firstStart(github, code, code.runId, signal)
    const since = await started
    return since !== undefined && created >= since
  }
}

/** The newest deployment of `code.environment` with a `success` among its statuses; null when there are deployments but none succeeded. */
export function deploymentSource(github: GitHub, code: GitHubCode): LastGoodSource {
  const { owner, repo } = code
  return {
    name: 'GitHub deployments',
    async find(signal, candidate) {
      let deployments: unknown
      let link: unknown
      try {
        ;({ data: deployments, headers: { link } } = await github.request('GET /repos/{owner}/{repo}/deployments', { owner, repo, environment: code.environment, per_page: MAX_DEPLOYMENTS, ...withSignal(signal) }))
      } catch (error) {
        throw cannot(`the deployments of ${owner}/${repo}`, error, PERMISSION.deployments)
      }
      if (!Array.isArray(deployments)) throw unexpected('the list of deployments')
      const list = deployments as { id?: unknown; sha?: unknown; created_at?: unknown }[]
      if (!list.every((d) => Number.isInteger(d.id) && isSha(d.sha))) throw unexpected('the list of deployments')
      // No deployments recorded: the workflow's runs are asked next.
      if (!list.length) return undefined
      // The newest deployment of another commit is most often the last good one (this run's own is of head).
      const ofHead = isOf(code.head)
      const likely = list.find((d) => !ofHead(d))
      if (likely) candidate?.((likely.sha as string).toLowerCase())
      const isOwn = ownDeployment(github, code, signal)
      for (let i = 0; i < list.length; i += STATUS_BATCH) {
        const batch = list.slice(i, i + STATUS_BATCH)
        const found = await Promise.all(batch.map((d) => successOf(github, code, d.id as number, signal)))
        for (const [n, at] of found.entries()) {
          if (at === false || (await isOwn(batch[n]!))) continue
          return { sha: (batch[n]!.sha as string).toLowerCase(), source: 'GitHub deployments', ...(at ? { at } : {}) } satisfies LastGood
        }
      }
      // Only the first page was read: with a next one, older deployments were left unread.
      return hasNext(link) ? ({ among: { count: list.length, of: 'deployments' } } satisfies NoneAmong) : null
    },
  }
}

// When deployment `id` succeeded (its `success` status's time), or false when none of its statuses is `success`.
async function successOf(github: GitHub, code: GitHubCode, id: number, signal: AbortSignal): Promise<Date | undefined | false> {
  let statuses: unknown
  try {
    ;({ data: statuses } = await github.request('GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses', { owner: code.owner, repo: code.repo, deployment_id: id, per_page: 100, ...withSignal(signal) }))
  } catch (error) {
    throw cannot(`the statuses of deployment ${id}`, error, PERMISSION.deployments)
  }
  if (!Array.isArray(statuses)) throw unexpected('the statuses of a deployment')
  const success = (statuses as { state?: unknown; created_at?: unknown }[]).find((s) => s.state === 'success')
  return success ? dateOf(success.created_at) : false
}

/** The newest successful run of this run's workflow on its branch (GITHUB_RUN_ID names both). */
export function runSource(github: GitHub, code: GitHubCode, runId: string): LastGoodSource {
  const { owner, repo } = code
  return {
    name: 'GitHub Actions runs',
    async find(signal) {
      const run = await readRun(github, code, runId, signal)
      if (!Number.isInteger(run.workflow_id) || typeof run.head_branch !== 'string') throw unexpected('the run')
      let runs: { workflow_runs?: unknown }
      try {
        ;({ data: runs } = await github.request('GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', {
          owner,
          repo,
          workflow_id: run.workflow_id as number,
          branch: run.head_branch,
          status: 'success',
          per_page: 1,
          exclude_pull_requests: true,
          ...withSignal(signal),
        }))
      } catch (error) {
        throw cannot(`the runs of workflow ${String(run.workflow_id)}`, error, PERMISSION.actions)
      }
      if (!Array.isArray(runs.workflow_runs)) throw unexpected('the list of workflow runs')
      const [last] = runs.workflow_runs as { head_sha?: unknown; updated_at?: unknown; id?: unknown }[]
      if (!last) return null
      if (!isSha(last.head_sha)) throw unexpected('the list of workflow runs')
      const at = dateOf(last.updated_at)
      return { sha: last.head_sha.toLowerCase(), source: 'GitHub Actions runs', ...(at ? { at } : {}) }
    },
  }
}
