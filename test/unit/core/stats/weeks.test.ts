import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { failedRunsPerWeek, isTimeZone, sparkline, wallClock } from '../../../../lib/core/stats/weeks.ts'

const runsAt = (...times: string[]) => [{ environment: 'prod', start: new Date(times[0]!), end: undefined, ending: 'failing' as const, runs: times.map((t) => new Date(t)), issues: [1] }]

test('weeks run Monday to Sunday in the zone asked for', () => {
  const period = { since: new Date('2026-11-02T00:00:00Z'), until: new Date('2026-11-16T00:00:00Z') }
  // Sunday 8 Nov 23:30 UTC is Monday 9 Nov in Tokyo.
  const episodes = runsAt('2026-11-08T23:30:00Z', '2026-11-10T12:00:00Z')
  assert.equal(failedRunsPerWeek(episodes, period), [
    { start: '2026-11-02', failedRuns: 1 },
    { start: '2026-11-09', failedRuns: 1 },
  ])
  // The period ends at 09:00 on Monday 16 Nov in Tokyo: that week has begun there.
  assert.equal(failedRunsPerWeek(episodes, period, 'Asia/Tokyo'), [
    { start: '2026-11-02', failedRuns: 0 },
    { start: '2026-11-09', failedRuns: 2 },
    { start: '2026-11-16', failedRuns: 0 },
  ])
})

test('sparkline: ▁ for none, █ for the busiest week', () => {
  assert.is(sparkline([0, 1, 7, 3].map((failedRuns) => ({ start: '', failedRuns }))), '▁▂█▄')
  assert.is(sparkline([{ start: '', failedRuns: 0 }]), '▁')
})

test('wall-clock times and zone names', () => {
  assert.is(wallClock(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin'), '2026-03-29 03:30')
  assert.is(wallClock(new Date('2026-03-29T01:30:00Z')), '2026-03-29 01:30')
  assert.ok(isTimeZone('America/New_York'))
  assert.not.ok(isTimeZone('Mars/Olympus'))
})

test.run()
