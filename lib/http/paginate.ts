// The one guard every paginated listing walks through, whatever the service: a listing ends when the
// server names no next page, when the next page it names is one already read (a `Link` or `x-next-page`
// pointing back), or after a documented number of pages. The last two end it with one [WARN], and the
// caller goes on with the pages read: a server that never stops listing must not keep a run alive, nor
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
export async function* guardedPages<P>(first: string, read: (url: string) => Promise<P>, next: (page: P, url: string) => string | undefined, listing: Listing): AsyncGenerator<P> {
  const maxPages = listing.maxPages ?? MAX_PAGES
  const seen = new Set<string>()
  let url: string | undefined = first
  for (let pages = 1; url !== undefined; pages++) {
    seen.add(pageKey(url))
    const page: P = await read(url)
    yield page
    const following = next(page, url)
    if (following === undefined) return
    if (seen.has(pageKey(following))) {
      listing.log.warn(`Listing ${listing.what}: the server named a page already read as the next one; the listing stops with the ${pages} page${pages === 1 ? '' : 's'} read`)
      return
    }
    if (pages >= maxPages) {
      listing.log.warn(`Listing ${listing.what}: more than ${maxPages} pages; the listing stops with the first ${maxPages}`)
      return
    }
    url = following
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
