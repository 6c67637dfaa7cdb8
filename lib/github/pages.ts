// GitHub's paginated listings, every one through the shared guard (lib/http/paginate.ts): the `Link`
// header's `rel="next"` followed page by page through the client (so token, retries, rate-limit waits and
// size cap are as for every call), with the caller's signal on every page, not only the first.
// Written here rather than taken from @octokit/plugin-paginate-rest, whose iterator passes the request
// options (the signal among them) to the first page only and follows a `Link` back to a page already read
// for ever. https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api
import { guardedPages, linkNext, type Listing } from '../http/paginate.ts'
import type { GitHub } from './client.ts'

/** One page: its items and the answer's headers. */
export interface GitHubPage<T> {
  readonly data: T[]
  readonly headers: Readonly<Record<string, string | number | undefined>>
}

/** What a listing takes besides its route: what it lists (for the [WARN]), a cap, a signal, and where its items are. */
export interface GitHubListing extends Omit<Listing, 'log'> {
  readonly signal?: AbortSignal
  /** The key of the list in an answer that is an object (`jobs` in `{total_count, jobs}`); the answer itself otherwise. */
  readonly key?: string
}

/** Thrown (as a TypeError, a shape this tool does not know) when a page is not the list it should be. */
const notAList = (what: string) => new TypeError(`GitHub answered a page of ${what} that is not a list`)

/**
 * The pages of `route` with `params` (add `per_page: 100`), read through `github` one at a time, each
 * with `listing.signal`. Ends with one [WARN] on the client's log on a cycle or past the cap.
 */
export function gitHubPages<T>(github: GitHub, route: string, params: Record<string, unknown>, listing: GitHubListing): AsyncGenerator<GitHubPage<T>> {
  const request = listing.signal ? { request: { signal: listing.signal } } : {}
  const first = github.request.endpoint(route, params).url
  const read = async (url: string): Promise<GitHubPage<T>> => {
    const response = url === first ? await github.request(route, { ...params, ...request }) : await github.request({ method: 'GET', url, ...request })
    const body = response.data as unknown
    const data = listing.key === undefined ? body : (body as Record<string, unknown> | null)?.[listing.key]
    if (!Array.isArray(data)) throw notAList(listing.what)
    return { data: data as T[], headers: response.headers as GitHubPage<T>['headers'] }
  }
  const next = (page: GitHubPage<T>, url: string) => linkNext(page.headers.link as string | undefined, url)
  return guardedPages(first, read, next, { ...listing, log: github.log })
}
