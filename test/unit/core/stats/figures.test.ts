import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Episode } from '../../../../lib/core/stats/episodes.ts'
import { figuresOf, percentile, periodFigures } from '../../../../lib/core/stats/figures.ts'

const d = (s: string) => new Date(`2026-10-${s}Z`)
const period = { since: d('01T00:00:00'), until: d('31T00:00:00') }
const episode = (environment: string, start: string, end: string | undefined, ending: Episode['ending'], runs = 1): Episode => ({
  environment,
  start: d(start),
  end: end === undefined ? undefined : d(end),
  ending,
  runs: Array.from({ length: runs }, (_, i) => new Date(d(start).getTime() + i * 60_000)),
  issues: [1],
})

test('percentile: nearest rank, always one of the values', () => {
  assert.is(percentile([10], 50), 10)
  assert.is(percentile([10, 20], 50), 10)
  assert.is(percentile([10, 20, 30], 50), 20)
  assert.is(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90), 9)
  assert.is(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90), 10)
})

// A period that ended in the past: an outage under way at its end is failing there, whatever came after. It
// was counted as recovered (with its recovery time past the period) and as failing now, both at once.
test('an episode that ended after the period is failing at its end, not recovered nor closed by hand in it', () => {
  const late = episode('prod', '30T20:00:00', undefined, 'recovered', 2)
  const lateEnd = { ...late, end: new Date('2026-11-02T00:00:00Z') }
  const lateClose = { ...episode('prod', '29T10:00:00', undefined, 'closed by hand'), end: new Date('2026-11-01T00:00:00Z') }
  const atEnd = episode('prod', '20T00:00:00', '31T00:00:00', 'recovered')
  const f = figuresOf('prod', [atEnd, lateClose, lateEnd], period)
  assert.is(f.episodes, 3)
  assert.is(f.recovered, 1, 'only the one that recovered by the end of the period')
  assert.is(f.closedByHand, 0)
  assert.equal(f.recovery, { count: 1, median: 11 * 86400, p90: 11 * 86400, longest: 11 * 86400 })
  assert.equal(f.failing?.since, lateClose.start, 'the two under way at the end are the outage failing there')
  assert.is(f.episodes, f.recovered + f.closedByHand + (f.failing ? 2 : 0), 'each episode ended one way or is failing')
})

test('only episodes that began in the period count; runs count by their own time; the one failing at the end is named', () => {
  const episodes = [
    episode('prod', '01T00:00:00', '01T01:00:00', 'recovered'),
    episode('prod', '05T00:00:00', '05T00:30:00', 'recovered', 3),
    episode('prod', '07T00:00:00', '07T02:00:00', 'closed by hand'),
    episode('prod', '30T23:58:00', undefined, 'failing', 4),
  ]
  // One that began before the period: not an episode of it, but its run on the 1st is.
  const before: Episode = { environment: 'prod', start: new Date('2026-09-30T23:00:00Z'), end: d('01T00:30:00'), ending: 'recovered', runs: [new Date('2026-09-30T23:00:00Z'), d('01T00:10:00')], issues: [9] }
  const f = figuresOf('prod', [before, ...episodes], period)
  assert.is(f.episodes, 4)
  assert.is(f.recovered, 2)
  assert.is(f.closedByHand, 1)
  // 1 + 3 + 1 + 2 (of 4: the last two runs are after the end) + 1 (the earlier episode's second run).
  assert.is(f.failedRuns, 8)
  assert.equal(f.recovery, { count: 2, median: 1800, p90: 3600, longest: 3600 })
  assert.equal(f.failing, { since: d('30T23:58:00'), runs: 2, issues: [1] })
  assert.is(f.rate, undefined)
})

const BY_RUNS = { failedDeploys: null, counted: 'failed runs' } as const

test('the rate from statuses: failed deployments of all deployments, whatever the failed runs (issue 32)', () => {
  const episodes = [episode('prod', '02T00:00:00', '02T01:00:00', 'recovered', 3)]
  assert.equal(figuresOf('prod', episodes, period, { count: 40, failed: 5, includesFailed: true }).rate, { failedRuns: 3, deploys: 40, rate: 5 / 40, failedDeploys: 5, counted: 'statuses' })
  // Fewer failed runs than failed deployments, or more: the statuses decide.
  assert.equal(figuresOf('prod', episodes, period, { count: 2, failed: 1, includesFailed: true }).rate?.rate, 0.5)
  const both = periodFigures(episodes, ['prod', 'stage'], period, new Map([['prod', { count: 40, failed: 5, includesFailed: true }], ['stage', { count: 10, failed: 1, includesFailed: true }]]))
  assert.equal(both.overall.rate, { failedRuns: 3, deploys: 50, rate: 6 / 50, failedDeploys: 6, counted: 'statuses' })
  // One environment's statuses unread: the overall counts failed runs, and says so.
  const mixed = periodFigures(episodes, ['prod', 'stage'], period, new Map([['prod', { count: 40, failed: 5, includesFailed: true }], ['stage', { count: 10, includesFailed: true, statusesUnread: 'x' }]]))
  assert.equal(mixed.overall.rate, { failedRuns: 3, deploys: 50, rate: 3 / 50, ...BY_RUNS })
})

test('the rate where statuses are unread: GitHub counts attempts, GitLab good deploys plus failed runs; none recorded is unknown', () => {
  const episodes = [episode('prod', '02T00:00:00', '02T01:00:00', 'recovered', 3)]
  assert.equal(figuresOf('prod', episodes, period, { count: 30, includesFailed: true }).rate, { failedRuns: 3, deploys: 30, rate: 0.1, ...BY_RUNS })
  assert.equal(figuresOf('prod', episodes, period, { count: 27, includesFailed: false }).rate, { failedRuns: 3, deploys: 30, rate: 0.1, ...BY_RUNS })
  assert.is(figuresOf('prod', episodes, period, { count: 0, includesFailed: true }).rate, undefined)
  // Fewer attempts recorded than failed runs: the record does not cover the failures.
  assert.is(figuresOf('prod', episodes, period, { count: 2, includesFailed: true }).rate, undefined)
})

test('overall: sums, and a rate only when every environment has one', () => {
  const episodes = [episode('prod', '02T00:00:00', '02T01:00:00', 'recovered', 2), episode('stage', '03T00:00:00', '03T00:10:00', 'recovered')]
  const both = periodFigures(episodes, ['prod', 'stage'], period, new Map([['prod', { count: 20, includesFailed: true }], ['stage', { count: 10, includesFailed: true }]]))
  assert.equal(both.overall.rate, { failedRuns: 3, deploys: 30, rate: 0.1, ...BY_RUNS })
  assert.equal(both.overall.recovery, { count: 2, median: 600, p90: 3600, longest: 3600 })
  const one = periodFigures(episodes, ['prod', 'stage'], period, new Map([['prod', { count: 20, includesFailed: true }]]))
  assert.is(one.overall.rate, undefined)
  assert.is(periodFigures(episodes, ['prod'], period).overall.failedRuns, 2)
})

test.run()
