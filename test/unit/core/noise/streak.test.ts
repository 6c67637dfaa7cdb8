// REPORT_FILE_AFTER reads one page of runs. When that page fills up with failed, cancelled or skipped runs
// and no good run, the streak may go on past it: such a count must never hold a failure (issue 30: "a
// threshold must never lose a failure").
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runsToRead, streakOf, type CiRun } from '../../../../lib/core/noise/streak.ts'

const me = { id: 'me', attempt: 1 }
const listing = (...older: CiRun['conclusion'][]): CiRun[] => [{ id: 'me', attempt: 1, conclusion: 'running' }, ...older.map((conclusion, i) => ({ id: String(i), attempt: 1, conclusion }))]

test('a full page of cancelled runs and no good run: the count is cut, so it does not hold', () => {
  const asked = runsToRead(3)
  const runs = listing(...Array.from({ length: asked - 1 }, () => 'neutral' as const))
  assert.equal(streakOf(runs, me, asked), { count: 1, cut: true })
})

test('REPORT_FILE_AFTER past what one page can show: a page of failures is cut, not a streak of 100', () => {
  const asked = runsToRead(150)
  assert.is(asked, 100)
  const runs = listing(...Array.from({ length: asked - 1 }, () => 'failed' as const))
  assert.equal(streakOf(runs, me, asked), { count: 100, cut: true })
})

test('a good run on the page ends the streak: the count is known', () => {
  const asked = runsToRead(3)
  const runs = listing(...Array.from({ length: asked - 2 }, () => 'neutral' as const), 'succeeded')
  assert.equal(streakOf(runs, me, asked), { count: 1, cut: false })
})

test('a page that is not full is the whole history: the count is known', () => {
  assert.equal(streakOf(listing('failed', 'neutral'), me, runsToRead(3)), { count: 2, cut: false })
})

test.run()
