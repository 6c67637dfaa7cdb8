// Random sequences of failed, cancelled and successful runs, re-runs among them, driven through the noise
// decisions: no failure at or past REPORT_FILE_AFTER is ever held, and no page is sent before
// REPORT_PAGE_AFTER is reached, nor twice in one episode.
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { holds, holdsOnPage, streakOf, type CiRun } from '../../../../lib/core/noise/streak.ts'
import { episodeOf, pagedText, pagesNow, type PageThreshold } from '../../../../lib/core/noise/page.ts'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'

type Outcome = 'failed' | 'cancelled' | 'success'
/** One run: its attempts in order (a re-run adds one); the last is what the CI lists. */
const run = fc.array(fc.constantFrom<Outcome>('failed', 'failed', 'cancelled', 'success'), { minLength: 1, maxLength: 3 })

// The truth: failed attempts in a row before (and including) the reporter's own, cancelled ones skipped.
function trueStreak(attempts: readonly Outcome[]): number {
  let count = 0
  for (let i = attempts.length - 1; i >= 0; i--) {
    if (attempts[i] === 'success') break
    if (attempts[i] === 'failed') count++
  }
  return count
}

const listed = (attempts: readonly Outcome[], i: number): CiRun => {
  const last = attempts.at(-1)!
  return { id: String(i), attempt: attempts.length, conclusion: last === 'failed' ? 'failed' : last === 'success' ? 'succeeded' : 'neutral' }
}

test('REPORT_FILE_AFTER: a failure whose true streak is at or past N is never held', () => {
  fc.assert(
    fc.property(fc.array(run, { maxLength: 30 }), fc.array(fc.constantFrom<Outcome>('failed', 'cancelled', 'success'), { maxLength: 2 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 3 }), (history, earlier, fileAfter, newer) => {
      // This run: earlier attempts, then the one in progress, which failed (the reporter runs).
      const mine = [...earlier, 'failed' as const]
      const all = [...history, mine]
      const truth = trueStreak(all.flat())
      // The CI lists newest first; it may list newer runs (still running) before this one.
      const listing: CiRun[] = [
        ...Array.from({ length: newer }, (_, i) => ({ id: `n${i}`, attempt: 1, conclusion: 'running' as const })),
        { id: 'me', attempt: mine.length, conclusion: 'running' },
        ...history.map(listed).reverse(),
      ]
      // The whole history as one page: nothing cut.
      const counted = streakOf(listing, { id: 'me', attempt: mine.length }, Infinity).count
      if (truth >= fileAfter) assert.not.ok(holds(fileAfter, counted), `held at a true streak of ${truth} (counted ${counted}) with N=${fileAfter}`)
      // Without re-runs the count is exact.
      if (all.every((r) => r.length === 1)) assert.is(counted, truth)
      // One page of `asked` runs, as the CI lists it: a page that cuts the streak short never holds.
      for (const asked of [1, 2, 5, 16]) {
        const onPage = streakOf(listing.slice(0, asked), { id: 'me', attempt: mine.length }, asked)
        if (truth >= fileAfter) assert.not.ok(holdsOnPage(fileAfter, onPage), `held on a page of ${asked} at a true streak of ${truth} (counted ${onPage.count}) with N=${fileAfter}`)
      }
    }),
    { numRuns: 2000 },
  )
})

type Event = { kind: 'fail' | 'recover'; gapMinutes: number }
const event = fc.record({ kind: fc.constantFrom<'fail' | 'recover'>('fail', 'fail', 'fail', 'recover'), gapMinutes: fc.integer({ min: 0, max: 40 }) })
const threshold = fc.oneof(fc.integer({ min: 1, max: 5 }).map((runs): PageThreshold => ({ runs })), fc.integer({ min: 1, max: 120 }).map((m): PageThreshold => ({ seconds: m * 60 })))

test('REPORT_PAGE_AFTER: no page before the threshold, and exactly one in each episode that reaches it', () => {
  fc.assert(
    fc.property(fc.array(event, { minLength: 1, maxLength: 25 }), threshold, (events: Event[], page) => {
      // The issue as ON_DUPLICATE=comment writes it: created by the first failure, an occurrence comment
      // per later failure (the page line in the comment of the run that paged), a recovery comment.
      let now = Date.UTC(2026, 10, 26, 8)
      let issue: { createdAt: Date; body: string } | undefined
      const comments: { body: string; createdAt: Date }[] = []
      let episode: { start: number; runs: number; pages: number; reachedAt?: number | undefined } | undefined
      const episodes: { start: number; runs: number; pages: number; reachedAt: number | undefined }[] = []
      for (const e of events) {
        now += e.gapMinutes * 60_000
        const at = new Date(now)
        if (e.kind === 'recover') {
          if (issue && episode) comments.push({ body: `${RECOVERY_MARKER}\nrecovered`, createdAt: at })
          episode = undefined
          continue
        }
        const first = !issue
        if (!episode) {
          episode = { start: now, runs: 0, pages: 0 }
          episodes.push({ ...episode, reachedAt: undefined })
        }
        const current = episodes.at(-1)!
        episode = current
        episode.runs++
        const truthReached = 'runs' in page ? episode.runs >= page.runs : now - episode.start >= page.seconds * 1000
        if (truthReached && current.reachedAt === undefined) current.reachedAt = now
        const soFar = first ? { runs: 1, start: at, paged: false } : episodeOf(issue!, comments, false, at)
        const pages = pagesNow(page, soFar, at)
        if (pages) {
          assert.ok(truthReached, `paged at run ${episode.runs} of an episode ${(now - episode.start) / 60_000} min old, threshold ${JSON.stringify(page)}`)
          episode.pages++
        }
        const line = pages ? `\n${pagedText(soFar, at)}` : ''
        if (first) issue = { createdAt: at, body: `## Deploy Failure Report${line}` }
        else comments.push({ body: `${OCCURRENCE_MARKER}\n### Failed again${line}`, createdAt: at })
      }
      for (const e of episodes) assert.is(e.pages, e.reachedAt === undefined ? 0 : 1, `an episode of ${e.runs} runs paged ${e.pages} times`)
    }),
    { numRuns: 2000 },
  )
})

test.run()
