import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { statsOptions } from '../../../lib/run/stats-options.ts'
import { ConfigError } from '../../../lib/core/errors.ts'

const now = new Date('2026-11-26T08:00:00Z')
const problems = (input: Parameters<typeof statsOptions>[0]) => {
  try {
    statsOptions(input, now)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

test('defaults: the last 90 days until now, UTC, every environment, a table', () => {
  assert.equal(statsOptions({}, now), {
    period: { since: new Date('2026-08-28T08:00:00Z'), until: now },
    periodLabel: '90d',
    timeZone: 'UTC',
    environments: [],
    format: 'table',
  })
})

test('dates are whole days in the zone; --until includes its day', () => {
  const o = statsOptions({ since: '2026-10-01', until: '2026-10-31', tz: 'Europe/Berlin', env: ['prod', 'prod', 'stage'], format: 'json' }, now)
  // Berlin is UTC+2 until 25 Oct, then UTC+1.
  assert.equal(o.period, { since: new Date('2026-09-30T22:00:00Z'), until: new Date('2026-10-31T23:00:00Z') })
  assert.equal(o.environments, ['prod', 'stage'])
  assert.is(o.periodLabel, '2026-10-01 to 2026-10-31')
  assert.equal(statsOptions({ since: '2026-11-01T09:30:00+01:00' }, now).period.since, new Date('2026-11-01T08:30:00Z'))
  assert.equal(statsOptions({ since: '30d', until: '2026-10-31' }, now).period, { since: new Date('2026-10-02T00:00:00Z'), until: new Date('2026-11-01T00:00:00Z') })
})

test('every bad flag is named with the form expected, all at once', () => {
  assert.equal(problems({ since: 'last week', format: 'html', tz: 'Nowhere/City', env: [''] }), [
    '--tz must be an IANA time zone such as UTC or Europe/Berlin, got "Nowhere/City"; see --help',
    '--format must be one of table, markdown, json, badge, got "html"; see --help',
    '--since must be a number of days such as 90d, or a date such as 2026-01-31 (or an ISO 8601 time with its zone, such as 2026-01-31T09:00:00Z), got "last week"; see --help',
    '--env must name an environment, such as --env production; see --help',
  ])
  assert.equal(problems({ since: '0d' }), ['--since must be at least 1d, got "0d"; see --help'])
  assert.equal(problems({ until: '2026-13-01' })[0]?.startsWith('--until must be a date such as 2026-01-31'), true)
  assert.equal(problems({ since: '2026-12-01' }), ['--since (2026-12-01) must be before --until (now); see --help'])
  assert.equal(problems({ since: '2026-11-01T09:30:00' })[0]?.startsWith('--since must be'), true)
})

test('a day that is not in the calendar is refused in an ISO time too, not moved into the next month', () => {
  // Date.parse reads 2026-02-30T09:00:00Z as 2 March: the period would start two days late, unsaid.
  for (const text of ['2026-02-30T09:00:00Z', '2026-04-31T00:00:00+02:00', '2025-02-29T12:00Z']) {
    assert.equal(problems({ since: text })[0]?.startsWith('--since must be a number of days such as 90d, or a date such as 2026-01-31'), true, text)
    assert.equal(problems({ since: '2026-01-01', until: text })[0]?.startsWith('--until must be a date such as 2026-01-31'), true, text)
  }
  assert.equal(statsOptions({ since: '2024-02-29T12:00:00Z' }, now).period.since, new Date('2024-02-29T12:00:00Z'))
})

test('a year before 100 is refused, not read as 1900 and after', () => {
  // Date.UTC maps the years 0 to 99 onto 1900 to 1999: 0026-10-01 would silently be 1926-10-01.
  assert.equal(problems({ since: '0026-10-01' })[0]?.startsWith('--since must be a number of days such as 90d'), true)
  assert.equal(problems({ since: '0000-01-01', until: '0099-12-31' })[0]?.startsWith('--until must be a date such as 2026-01-31'), true)
})

test('a day whose midnight the clocks skip starts at the change, not an hour into the day before', () => {
  // Santiago goes from 00:00 (UTC-4) to 01:00 (UTC-3) on 6 September 2026; Havana on 8 March 2026 (UTC-5 to -4).
  assert.equal(statsOptions({ since: '2026-09-06', until: '2026-09-06', tz: 'America/Santiago' }, now).period, {
    since: new Date('2026-09-06T04:00:00Z'),
    until: new Date('2026-09-07T03:00:00Z'),
  })
  assert.equal(statsOptions({ since: '2026-03-01', until: '2026-03-07', tz: 'America/Havana' }, now).period.until, new Date('2026-03-08T05:00:00Z'))
  // Cairo skips its midnight too (24 April 2026, UTC+2 to +3), with the change on the other side of UTC's.
  assert.equal(statsOptions({ since: '2026-04-24', tz: 'Africa/Cairo' }, now).period.since, new Date('2026-04-23T22:00:00Z'))
})

test.run()
