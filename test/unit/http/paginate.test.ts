// The one listing guard (lib/http/paginate.ts) at its edges: a next page already read (however its query
// is ordered) ends the listing after the pages read; the cap ends it after exactly maxPages, and a
// listing of exactly maxPages ends without a warning; each end is one [WARN]. The cursor form (GraphQL's
// `after`/`endCursor`) is held to the same two ends.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryLog } from '../../../lib/core/log.ts'
import { guardedCursorPages, guardedPages, linkNext, MAX_PAGES } from '../../../lib/http/paginate.ts'

const walk = async (pages: number, next: (n: number, url: string) => string | undefined, maxPages?: number) => {
  const log = memoryLog()
  const read: number[] = []
  const list = guardedPages('https://api.example/items?page=1', async (url) => Number(new URL(url).searchParams.get('page')), (n, url) => next(n, url), { what: 'the items', log, ...(maxPages ? { maxPages } : {}) })
  for await (const n of list) read.push(n)
  return { read, lines: log.lines, pages }
}

test('a next page already read ends the listing with one [WARN], after the pages read', async () => {
  const same = await walk(1, (_, url) => url)
  assert.equal(same.read, [1])
  assert.equal(same.lines, ['[WARN] Listing the items: the server named a page already read as the next one; the listing stops with the 1 page read'])
  // Page 3 names page 1 again, its query in another order.
  const back = await walk(3, (n) => (n < 3 ? `https://api.example/items?page=${n + 1}` : 'https://api.example/items?page=1#x'))
  assert.equal(back.read, [1, 2, 3])
  assert.is(back.lines.length, 1)
  assert.match(back.lines[0]!, /stops with the 3 pages read$/)
})

test('the cap: exactly maxPages read, one [WARN] when there is more; none when the listing ends there', async () => {
  const endless = await walk(0, (n) => `https://api.example/items?page=${n + 1}`, 5)
  assert.equal(endless.read, [1, 2, 3, 4, 5])
  assert.equal(endless.lines, ['[WARN] Listing the items: more than 5 pages; the listing stops with the first 5'])
  const exact = await walk(5, (n) => (n < 5 ? `https://api.example/items?page=${n + 1}` : undefined), 5)
  assert.equal(exact.read, [1, 2, 3, 4, 5])
  assert.equal(exact.lines, [])
  const oneOver = await walk(6, (n) => (n < 6 ? `https://api.example/items?page=${n + 1}` : undefined), 5)
  assert.equal(oneOver.read, [1, 2, 3, 4, 5])
  assert.is(oneOver.lines.length, 1)
  assert.is(MAX_PAGES, 200)
})

// Pages numbered from 1; `cursorAfter(n)` is the endCursor page n names, undefined on the last.
const walkCursors = async (cursorAfter: (n: number) => string | undefined, maxPages?: number) => {
  const log = memoryLog()
  const asked: (string | null)[] = []
  const list = guardedCursorPages(async (cursor) => (asked.push(cursor), asked.length), (n) => cursorAfter(n), { what: 'the deployments', log, ...(maxPages ? { maxPages } : {}) })
  for await (const _ of list);
  return { asked, lines: log.lines }
}

test('cursors: an endCursor already sent ends the listing with one [WARN], after the pages read', async () => {
  const same = await walkCursors(() => 'SAME')
  assert.equal(same.asked, [null, 'SAME'])
  assert.equal(same.lines, ['[WARN] Listing the deployments: the server named a page already read as the next one; the listing stops with the 2 pages read'])
  const back = await walkCursors((n) => (n < 3 ? `c${n}` : 'c1'))
  assert.equal(back.asked, [null, 'c1', 'c2'])
  assert.match(back.lines.join('\n'), /stops with the 3 pages read$/)
})

test('cursors: the cap, with one [WARN] when there is more; none when the listing ends there', async () => {
  const endless = await walkCursors((n) => `c${n}`, 5)
  assert.is(endless.asked.length, 5)
  assert.equal(endless.lines, ['[WARN] Listing the deployments: more than 5 pages; the listing stops with the first 5'])
  const exact = await walkCursors((n) => (n < 5 ? `c${n}` : undefined), 5)
  assert.is(exact.asked.length, 5)
  assert.equal(exact.lines, [])
  const byDefault = await walkCursors((n) => `c${n}`)
  assert.is(byDefault.asked.length, MAX_PAGES)
})

test('linkNext: rel="next" among others, relative addresses resolved, none when absent', () => {
  const base = 'https://api.example/repos/a/b/issues?page=1'
  assert.is(linkNext('<https://api.example/x?page=3>; rel="last", <https://api.example/x?page=2>; rel="next"', base), 'https://api.example/x?page=2')
  assert.is(linkNext('</x?page=2>; rel="next"', base), 'https://api.example/x?page=2')
  assert.is(linkNext('<https://api.example/x?page=1>; rel="prev"', base), undefined)
  assert.is(linkNext(undefined, base), undefined)
})

test.run()
