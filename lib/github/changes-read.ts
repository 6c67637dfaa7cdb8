// What reading GitHub for what changed needs on every request: the repository and run it reads, the signal
// that carries the read's deadline, and what a refused or unexpected answer means, with the fix to name.
// lib/github/last-good.ts finds the last good deploy, lib/github/changes.ts compares and finds the pull requests.
import { ChangesUnavailable } from '../core/changes.ts'
import { ApiError } from '../core/errors.ts'
import { describeError } from '../core/retry/transient.ts'

/** The repository whose code was deployed, and where its run is. */
export interface GitHubCode {
  readonly owner: string
  readonly repo: string
  readonly environment: string
  /** This run's commit. */
  readonly head: string
  /**
   * GITHUB_RUN_ID, in GitHub Actions: its workflow and branch find the last successful run, and its
   * start tells this run's own deployment of `head` from an earlier one.
   */
  readonly runId?: string
  /**
   * The deployment named by the event that started this run (`deployment.id` of a `deployment` or
   * `deployment_status` event, in GitHub Actions): the one it tests, this run's own, never its last good deploy.
   */
  readonly eventDeployment?: number
  /** The web address the API belongs to (https://github.com, or a GitHub Enterprise Server's). */
  readonly webUrl: string
}

export const PERMISSION = {
  deployments: 'give the workflow `permissions: deployments: read` (once any permission is listed, unlisted ones are none)',
  actions: 'give the workflow `permissions: actions: read`',
  contents: 'give the workflow `permissions: contents: read`',
  pulls: 'give the workflow `permissions: pull-requests: read`',
} as const

// What a failed request means here, with the fix: a 403 is a missing permission.
export function cannot(what: string, error: unknown, fix: string): ChangesUnavailable {
  if (error instanceof ChangesUnavailable) return error
  const status = error instanceof ApiError ? error.status : undefined
  if (status === 403) return new ChangesUnavailable(`GitHub refused to let the token read ${what} (HTTP 403)`, fix, { status, cause: error })
  if (status === 404) return new ChangesUnavailable(`GitHub answered HTTP 404 for ${what}: it does not exist, or the token may not see it`, fix, { status, cause: error })
  return new ChangesUnavailable(`${what}: ${describeError(error)}`, '', { ...(status === undefined ? {} : { status }), cause: error })
}

export const unexpected = (what: string) => new ChangesUnavailable(`GitHub answered ${what} in a shape this tool does not know`, 'if GitHub changed its API, please report it')

const SHA = /^[0-9a-f]{40,64}$/i
export const isSha = (value: unknown): value is string => typeof value === 'string' && SHA.test(value)
export const dateOf = (value: unknown): Date | undefined => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined)
// Octokit's request options are not in every route's parameter types, though every request takes them.
export const withSignal = (signal: AbortSignal) => ({ request: { signal } }) as object

// Whether a `link` header names a next page. https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api
export const hasNext = (link: unknown): boolean => typeof link === 'string' && /;\s*rel="next"/.test(link)
