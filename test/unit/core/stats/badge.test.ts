import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { badgeFor } from '../../../../lib/core/stats/badge.ts'
import type { Figures } from '../../../../lib/core/stats/figures.ts'

const figures = (fields: Partial<Figures>): Figures => ({
  environment: 'production',
  episodes: 0,
  recovered: 0,
  closedByHand: 0,
  failedRuns: 0,
  recovery: undefined,
  failing: undefined,
  deploys: undefined,
  rate: undefined,
  ...fields,
})
const recovery = (median: number) => ({ count: 3, median, p90: median, longest: median })

test('colour by the median recovery: green under an hour, yellow under a day, orange beyond; red while failing', () => {
  assert.equal(badgeFor(figures({ episodes: 2, recovery: recovery(38 * 60) }), '30d'), { schemaVersion: 1, label: 'production', message: '2 failures · 38 min median recovery (30d)', color: 'green' })
  assert.is(badgeFor(figures({ episodes: 1, recovery: recovery(3 * 3600) }), '30d').color, 'yellow')
  assert.is(badgeFor(figures({ episodes: 1, recovery: recovery(2 * 86400) }), '30d').color, 'orange')
  assert.equal(badgeFor(figures({ episodes: 1, closedByHand: 1 }), '30d'), { schemaVersion: 1, label: 'production', message: '1 failure (30d)', color: 'orange' })
  assert.equal(badgeFor(figures({ episodes: 1, failing: { since: new Date('2026-11-25T09:12:00Z'), runs: 1, issues: [4] } }), '30d', 'Europe/Berlin'), {
    schemaVersion: 1,
    label: 'production',
    message: 'failing since 2026-11-25 10:12 (1 run)',
    color: 'red',
  })
})

test('a label on one line, never empty', () => {
  assert.is(badgeFor(figures({ environment: 'prod\neu' }), '7d').label, 'prod eu')
  assert.is(badgeFor(figures({ environment: '' }), '7d').label, 'deploys')
})

test.run()
