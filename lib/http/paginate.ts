// The one guard every paginated listing walks through, whatever the service: a listing ends when the
// server names no next page, when the next page it names is one already read (a `Link` or `x-next-page`
// pointing back, or a GraphQL `endCursor` already sent as `after`), or after a documented number of
// pages. The last two end it with one [WARN], and the caller goes on with the pages read: a server that never stops listing must not keep a run alive, nor
// spend the token's rate limit, for ever. docs/security.md lists the caps.
import type { Log } from '../core/log.ts'

/** Pages a listing reads at most: 200 pages of 100 are 20,000 issues, comments or deployments. */
export const MAX_PAGES = 200
/** Pages of a CI run's jobs read at most: 20 pages of 100 are 2,000 jobs. */
export const MAX_JOB_PAGES = 20

/** What the guard needs: what is listed (for the [WARN]), its cap, and where to warn. */
export interface Listing {
  /** Names the listing in the [WARN], such as `the open issues of acme/shop`; never an address. */
  readonly what: string
  readonly maxPages?: number
  readonly log: Pick<Log, 'warn'>
}

// The same page however its query is ordered; a fragment never names another page.
const pageKey = (url: string): string => {
  const parsed = new URL(url)
  parsed.hash = ''
  parsed.searchParams.sort()
  return parsed.href
}

/**
 * The pages of a listing from `first`: `read` fetches one address, `next` names the page after it (or
 * undefined on the last). Ends early, with one [WARN] naming `listing.what`, on a next page already read
 * or past `listing.maxPages` ({@link MAX_PAGES} by default). A failed read throws, as `read` does.
 */
export function guardedPages<P>(first: string, read: (url: string) => Promise<P>, next: (page: P, url: string) => string | undefined, listing: Listing): AsyncGenerator<P> {
  return guarded(first, read, next, listing, pageKey)
}

/**
 * The pages of a cursor-paged listing (GraphQL's `after`/`endCursor`, whose first page is asked for with
 * no cursor): `read` fetches the page after `cursor` (null for the first), `next` names the cursor of the
 * page after it (undefined on the last: `hasNextPage` false, or no `endCursor`). The same guard and
 * [WARN]s as {@link guardedPages}: a cursor already sent, or past the cap, ends the listing.
 * https://docs.github.com/en/graphql/guides/using-pagination-in-the-graphql-api
 */
export function guardedCursorPages<P>(read: (cursor: string | null) => Promise<P>, next: (page: P) => string | undefined, listing: Listing): AsyncGenerator<P> {
  return guarded<string | null, P>(null, read, (page) => next(page), listing, (cursor) => (cursor === null ? '' : `cursor:${cursor}`))
}

// The guard itself, for any way of naming a page: `key` says when two names are the same page.
async function* guarded<C, P>(first: C, read: (at: C) => Promise<P>, next: (page: P, at: C) => C | undefined, listing: Listing, key: (at: C) => string): AsyncGenerator<P> {
  const maxPages = listing.maxPages ?? MAX_PAGES
  const seen = new Set<string>()
  let at: C | undefined = first
  for (let pages = 1; at !== undefined; pages++) {
    seen.add(key(at))
    const page: P = await read(at)
    yield page
    const following = next(page, at)
    if (following === undefined) return
    if (seen.has(key(following))) {
      listing.log.warn(`Listing ${listing.what}: the server named a page already read as the next one; the listing stops with the ${pages} page${pages === 1 ? '' : 's'} read`)
      return
    }
    if (pages >= maxPages) {
      listing.log.warn(`Listing ${listing.what}: more than ${maxPages} pages; the listing stops with the first ${maxPages}`)
      return
    }
    at = following
  }
}

/** The address a `Link` header names as `rel="next"`, resolved against `base`; undefined when none. */
export function linkNext(link: string | null | undefined, base: string): string | undefined {
  for (const part of (link ?? '').split(',')) {
    const match = /<([^>]*)>\s*;(?:[^;]*;)*\s*rel="?([^";]*)"?/.exec(part)
    if (match && match[2]!.split(/\s+/).includes('next') && URL.canParse(match[1]!, base)) return new URL(match[1]!, base).href
  }
  return undefined
}
