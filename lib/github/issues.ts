// GitHub's issue and comment records as the core sees them, and the one listing of labelled issues that
// the tracker (open, closed) and the history (all) read. Pull requests, which GitHub lists as issues,
// never leave this module. https://docs.github.com/en/rest/issues
import type { Comment, Issue } from '../core/tracker.ts'
import type { GitHub } from './client.ts'

/** Where the issues live. */
export interface GitHubRepo {
  readonly owner: string
  readonly repo: string
}

/** The fields of GitHub's issue object this module reads. */
export interface GitHubIssue {
  readonly id?: number | bigint
  readonly number: number
  readonly title: string
  readonly html_url: string
  readonly body?: string | null
  readonly labels?: readonly (string | { readonly name?: string })[]
  readonly state: string
  readonly created_at?: string
  readonly closed_at?: string | null
  readonly state_reason?: string | null
  /** How many comments it has; GitHub's list answers carry it. */
  readonly comments?: number
  readonly pull_request?: unknown
}

/** The fields of GitHub's issue comment object this module reads. */
export interface GitHubComment {
  readonly id: number | bigint
  readonly body?: string | null
  readonly html_url: string
  readonly created_at?: string
}

/** A GitHub issue as the core sees it. */
export function toIssue(data: GitHubIssue): Issue {
  const id = usableId(data.id)
  return {
    number: data.number,
    ...(id === undefined ? {} : { id }),
    title: data.title,
    url: data.html_url,
    body: data.body ?? '',
    // A sparse answer (a proxy, an older server) may leave labels out; none is then what we know.
    labels: (data.labels ?? []).map((label) => (typeof label === 'string' ? label : (label.name ?? ''))),
    state: data.state === 'closed' ? 'closed' : 'open',
    ...(data.created_at ? { createdAt: new Date(data.created_at) } : {}),
    ...(data.closed_at ? { closedAt: new Date(data.closed_at) } : {}),
    ...(data.state === 'closed' && isCloseReason(data.state_reason) ? { closedAs: data.state_reason } : {}),
    ...(typeof data.comments === 'number' ? { commentCount: data.comments } : {}),
  }
}

// GitHub's ids are positive integers within JavaScript's safe range; anything else (null from a proxy, a
// string, a number past 2^53 that lost digits) names no issue, and JSON would send NaN as null.
export const usableId = (id: unknown): number | undefined => {
  const value = typeof id === 'bigint' || typeof id === 'number' ? Number(id) : NaN
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

const isCloseReason = (reason: string | null | undefined): reason is NonNullable<Issue['closedAs']> =>
  reason === 'completed' || reason === 'not_planned' || reason === 'duplicate'

/** A GitHub issue comment as the core sees it. */
export const toComment = (data: GitHubComment): Comment => ({
  id: Number(data.id),
  body: data.body ?? '',
  url: data.html_url,
  ...(data.created_at ? { createdAt: new Date(data.created_at) } : {}),
})

/** What the three listings of labelled issues (open, closed, all) choose; the rest is common to them. */
export interface IssueQuery {
  readonly state: 'open' | 'closed' | 'all'
  readonly label: string
  readonly sort: 'created' | 'updated'
  readonly direction: 'asc' | 'desc'
  readonly since?: Date | undefined
}

/**
 * The labelled issues of `where` a page at a time (100 an answer), through the client's paginate plugin.
 * GitHub lists pull requests among issues; they carry a `pull_request` key and are left out.
 * https://docs.github.com/en/rest/issues/issues#list-repository-issues
 */
export async function* issuePages(github: GitHub, where: GitHubRepo, query: IssueQuery): AsyncGenerator<Issue[]> {
  const { state, label, sort, direction, since } = query
  const pages = github.paginate.iterator('GET /repos/{owner}/{repo}/issues', {
    owner: where.owner,
    repo: where.repo,
    state,
    labels: label,
    per_page: 100,
    sort,
    direction,
    ...(since === undefined ? {} : { since: since.toISOString() }),
  })
  for await (const page of pages) yield (page.data as readonly GitHubIssue[]).filter((issue) => issue.pull_request == null).map(toIssue)
}

