// What changed since the last good deploy, read from GitLab through the same client as every other GitLab
// call: the environment's newest successful deployment (GitLab orders by `finished_at` only together with
// `status=success`), the commits from compare, and their merge requests from one listing of the most
// recently updated merged ones, read beside the search and matched by the commits they left on the branch
// (lib/core/merged-pulls.ts), rather than one request per commit after compare: a round trip less on the
// create path, and every commit looked up, not only the newest. https://docs.gitlab.com/api/deployments/ ·
// https://docs.gitlab.com/api/repositories/#compare-branches-tags-or-commits ·
// https://docs.gitlab.com/api/merge_requests/#list-project-merge-requests
import { mergedPullLookup, type MergedPull } from '../core/merged-pulls.ts'
import { BaseGone, ChangesUnavailable, type ChangeCommit, type ChangesService, type Comparison, type LastGoodSource, type NoneAmong } from '../core/changes.ts'
import { ApiError } from '../core/errors.ts'
import { printableAddress } from '../core/redact.ts'
import { describeError } from '../core/retry/transient.ts'
import { nextPage, type GitLab } from './client.ts'

/** The project whose code was deployed. */
export interface GitLabCode {
  /** The project's numeric id or full path, as configured (not yet encoded). */
  readonly project: string
  readonly environment: string
  /** The project's web page (CI_PROJECT_URL), for compare links; built from the API's address and a path otherwise. */
  readonly projectUrl?: string
  /** This run's pipeline (CI_PIPELINE_ID) when the project is the run's: its own deployment is no earlier good deploy. */
  readonly pipelineId?: string
}

/**
 * How many of the newest successful deployments are read to find one that is not this pipeline's: a
 * pipeline deploys an environment once, or a few times with several deploy jobs.
 */
export const RECENT_DEPLOYMENTS = 5

/** Merged merge requests are read from this many of the most recently updated: GitLab's largest page. */
export const RECENT_MRS = 100

const PERMISSION = 'give the token the read_api scope (a project, group or personal access token; CI_JOB_TOKEN cannot read these)'

function cannot(what: string, error: unknown): ChangesUnavailable {
  if (error instanceof ChangesUnavailable) return error
  const status = error instanceof ApiError ? error.status : undefined
  if (status === 401 || status === 403) return new ChangesUnavailable(`GitLab refused to let the token read ${what} (HTTP ${status})`, PERMISSION, { status, cause: error })
  if (status === 404) return new ChangesUnavailable(`GitLab answered HTTP 404 for ${what}: it does not exist, or the token may not see it`, PERMISSION, { status, cause: error })
  return new ChangesUnavailable(`${what}: ${describeError(error)}`, '', { ...(status === undefined ? {} : { status }), cause: error })
}

const unexpected = (what: string) => new ChangesUnavailable(`GitLab answered ${what} in a shape this tool does not know`, 'if GitLab changed its API, please report it')

const SHA = /^[0-9a-f]{40,64}$/i
const isSha = (value: unknown): value is string => typeof value === 'string' && SHA.test(value)
const dateOf = (value: unknown): Date | undefined => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined)

interface GitLabCommit {
  readonly id?: unknown
  readonly title?: unknown
  readonly author_name?: unknown
  readonly parent_ids?: unknown
}

const commitOf = (c: GitLabCommit): ChangeCommit => {
  if (!isSha(c.id) || typeof c.title !== 'string') throw unexpected('the comparison')
  const parents = Array.isArray(c.parent_ids) ? (c.parent_ids as unknown[]).filter(isSha).map((sha) => sha.toLowerCase()) : []
  return { sha: c.id.toLowerCase(), subject: c.title, author: typeof c.author_name === 'string' ? c.author_name : 'unknown', parents }
}

interface ListedMergeRequest {
  readonly iid?: unknown
  readonly title?: unknown
  readonly web_url?: unknown
  readonly author?: { readonly username?: unknown } | null
  readonly sha?: unknown
  readonly merge_commit_sha?: unknown
  readonly squash_commit_sha?: unknown
}

/**
 * A merged merge request under each commit it may have left on the branch: its merge commit, its squash
 * commit, and its head (a fast-forward merge keeps the branch's own commits).
 * https://docs.gitlab.com/api/merge_requests/#response
 */
const mergedOf = (mr: ListedMergeRequest): MergedPull[] => {
  if (!Number.isInteger(mr.iid) || typeof mr.title !== 'string' || typeof mr.web_url !== 'string') throw unexpected('the list of merge requests')
  const pull = { number: mr.iid as number, title: mr.title, url: mr.web_url, author: typeof mr.author?.username === 'string' ? mr.author.username : null }
  return [mr.merge_commit_sha, mr.squash_commit_sha, mr.sha].filter(isSha).map((mergeSha) => ({ ...pull, mergeSha }))
}

/**
 * The web address of a GitLab API (`https://gitlab.example/api/v4` → `https://gitlab.example`), from its
 * origin and path, as the GitHub side builds its own (lib/github/changes.ts gitHubWebUrl): a user name and
 * password in the API's address are never published in a link.
 */
export function gitLabWebUrl(apiUrl: string): string {
  const url = new URL(apiUrl)
  return `${url.origin}${url.pathname.replace(/\/api\/v4\/?$/, '').replace(/\/+$/, '')}`
}


/**
 * What changed, read from GitLab for `code` through `gitlab`. Its links go to the project's page as given
 * (CI_PROJECT_URL), else under the API's web address, without a user name and password either way.
 */
export function gitLabChanges(gitlab: GitLab, code: GitLabCode, apiUrl: string): ChangesService {
  const path = `/projects/${encodeURIComponent(code.project)}`
  const web = code.projectUrl === undefined ? (/^\d+$/.test(code.project) ? undefined : `${gitLabWebUrl(apiUrl)}/${code.project}`) : (printableAddress(code.projectUrl) ?? code.projectUrl)

  const lastGood: LastGoodSource = {
    name: 'GitLab deployments',
    async find(signal) {
      let list: unknown
      let headers: Readonly<Record<string, string>>
      try {
        ;({ data: list, headers } = await gitlab.request({
          method: 'GET',
          path: `${path}/deployments`,
          query: { environment: code.environment, status: 'success', order_by: 'finished_at', sort: 'desc', per_page: RECENT_DEPLOYMENTS },
          signal,
        }))
      } catch (error) {
        throw cannot(`the deployments of ${code.project}`, error)
      }
      if (!Array.isArray(list)) throw unexpected('the list of deployments')
      // A deploy job that succeeded before a later job of this pipeline failed (a smoke test) is the newest
      // successful deployment, of this very commit: not the last good deploy before it. Taken, it said "no
      // code change" of every such failure. Each deployment names its job's pipeline (`deployable.pipeline`).
      // https://docs.gitlab.com/api/deployments/#list-project-deployments
      const deployments = list as { sha?: unknown; finished_at?: unknown; updated_at?: unknown; deployable?: { pipeline?: { id?: unknown } } | null }[]
      const last = deployments.find((d) => code.pipelineId === undefined || String(d.deployable?.pipeline?.id) !== code.pipelineId)
      // GitLab is the only source there is: no successful deployment (but this pipeline's) means no earlier
      // good deploy; unless those read were only the newest, and a next page holds older ones.
      if (!last) return deployments.length && nextPage(headers, `${apiUrl}${path}/deployments`) ? ({ among: { count: deployments.length, of: "successful deployments, all this pipeline's own" } } satisfies NoneAmong) : null
      if (!isSha(last.sha)) throw unexpected('the list of deployments')
      const at = dateOf(last.finished_at) ?? dateOf(last.updated_at)
      return { sha: last.sha.toLowerCase(), source: 'GitLab deployments', ...(at ? { at } : {}) }
    },
  }

  const commitsBetween = async (from: string, to: string, signal: AbortSignal): Promise<GitLabCommit[]> => {
    let data: { commits?: unknown }
    try {
      ;({ data } = await gitlab.request<{ commits?: unknown }>({ method: 'GET', path: `${path}/repository/compare`, query: { from, to }, signal }))
    } catch (error) {
      // An unknown `from` is "404 Ref Not Found".
      if (error instanceof ApiError && error.status === 404) throw new BaseGone(from, { cause: error })
      throw cannot(`the comparison of ${from.slice(0, 7)}...${to.slice(0, 7)}`, error)
    }
    if (!data || !Array.isArray(data.commits)) throw unexpected('the comparison')
    return data.commits as GitLabCommit[]
  }

  // GitLab's compare has no status: it lists the commits from the merge base to `to`. When `from` is one
  // of `to`'s ancestors, some listed commit has it as a parent; when none does, the histories diverged;
  // when none is listed, `to` is behind (a rollback), and the reverse comparison says by how much.
  const compare = async (base: string, head: string, signal: AbortSignal): Promise<Comparison> => {
    const listed = await commitsBetween(base, head, signal)
    if (!listed.length) {
      const back = await commitsBetween(head, base, signal).catch((error: unknown) => {
        if (error instanceof BaseGone) throw cannot(`the comparison of ${head.slice(0, 7)}...${base.slice(0, 7)}`, error.cause)
        throw error
      })
      return { status: 'behind', commits: [], total: 0, behindBy: back.length }
    }
    const commits = listed.map(commitOf)
    const builtOn = listed.some((c) => Array.isArray(c.parent_ids) && (c.parent_ids as unknown[]).some((p) => typeof p === 'string' && p.toLowerCase().startsWith(base.toLowerCase())))
    // GitLab lists them oldest first.
    return { status: builtOn ? 'ahead' : 'diverged', commits: commits.reverse(), total: commits.length, behindBy: 0 }
  }

  // One listing, sent as the search begins (PullLookup.start); the commits are matched when they come.
  const pulls = mergedPullLookup(async (signal) => {
    let data: unknown
    try {
      ;({ data } = await gitlab.request<unknown>({ method: 'GET', path: `${path}/merge_requests`, query: { state: 'merged', order_by: 'updated_at', sort: 'desc', per_page: RECENT_MRS }, signal }))
    } catch (error) {
      throw cannot('the merge requests', error)
    }
    if (!Array.isArray(data)) throw unexpected('the list of merge requests')
    return (data as ListedMergeRequest[]).flatMap(mergedOf)
  })

  return {
    service: 'GitLab',
    sources: [lastGood],
    remote: { name: 'GitLab compare', compare },
    pulls,
    compareUrl: (base, head) => (web ? `${web}/-/compare/${base}...${head}` : null),
    permissionHint: 'read_api',
  }
}
