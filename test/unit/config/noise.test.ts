import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseDuration, readNoise } from '../../../lib/config/noise.ts'
import { loadConfig } from '../../../lib/config/config.ts'
import { configProblems } from '../../helpers/config-problems.ts'

const KEY = 'R0UT1NGKEY0123456789abcdefABCDEF'
const BASE = { ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: 'acme/shop' }

test('unset: no key at all on the configuration, so nothing downstream changes', () => {
  const config = loadConfig(BASE)
  assert.not.ok('pageAfter' in config)
  assert.not.ok('fileAfter' in config)
  assert.not.ok('flap' in config)
})

test('durations: one number and a unit', () => {
  assert.is(parseDuration('30m'), 1800)
  assert.is(parseDuration('24h'), 86400)
  assert.is(parseDuration('90s'), 90)
  assert.is(parseDuration('2d'), 172800)
  assert.is(parseDuration('0m'), undefined)
  assert.is(parseDuration('30'), undefined)
  assert.is(parseDuration('1h30m'), undefined)
})

// A window so long that no date can be computed read as "the record could not be read", and one shorter
// than a second measured nothing: both are typing slips, said as such.
test('durations: from a second to 366 days, whatever the unit', () => {
  assert.is(parseDuration('1s'), 1)
  assert.is(parseDuration('1.5h'), 5400)
  assert.is(parseDuration('366d'), 366 * 86400)
  assert.is(parseDuration('8784h'), 366 * 86400)
  for (const slip of ['0.5s', '0.001s', '367d', '8785h', '99999999999d', '1e3s']) assert.is(parseDuration(slip), undefined, slip)
  const problems = configProblems({ ...BASE, PAGERDUTY_ROUTING_KEY: KEY, REPORT_PAGE_AFTER: '0.001s', REPORT_FLAP: '3/99999999999d' })
  assert.equal(problems, [
    'REPORT_PAGE_AFTER must be a number of failed runs such as 3, or a duration from 1s to 366d (s, m, h or d) such as 30m, got "0.001s"',
    'REPORT_FLAP must be <episodes>/<window>, at least 2 episodes within a duration from 1s to 366d (s, m, h or d), such as 3/24h, got "3/99999999999d"',
  ])
})

test('REPORT_PAGE_AFTER: a run count with ON_DUPLICATE=comment, or a duration', () => {
  const runs = loadConfig({ ...BASE, PAGERDUTY_ROUTING_KEY: KEY, ON_DUPLICATE: 'comment', REPORT_PAGE_AFTER: '3' })
  assert.equal(runs.pageAfter, { runs: 3 })
  const duration = loadConfig({ ...BASE, PAGERDUTY_ROUTING_KEY: KEY, REPORT_PAGE_AFTER: '30m' })
  assert.equal(duration.pageAfter, { seconds: 1800 })
})

test('a run count without ON_DUPLICATE=comment is a configuration error naming both settings', () => {
  const problems = configProblems({ ...BASE, PAGERDUTY_ROUTING_KEY: KEY, REPORT_PAGE_AFTER: '3' })
  assert.is(problems.length, 1)
  assert.match(problems[0]!, /^REPORT_PAGE_AFTER=3 counts failed runs/)
  assert.match(problems[0]!, /ON_DUPLICATE=comment/)
  assert.match(problems[0]!, /"skip"/)
})

test('bad values name the variable and the expected form', () => {
  const problems = configProblems({ ...BASE, REPORT_PAGE_AFTER: 'soon', REPORT_FILE_AFTER: '0', REPORT_FLAP: '3 per day' })
  assert.equal(problems, [
    'REPORT_PAGE_AFTER must be a number of failed runs such as 3, or a duration from 1s to 366d (s, m, h or d) such as 30m, got "soon"',
    'REPORT_PAGE_AFTER needs PAGERDUTY_ROUTING_KEY (an Events API v2 integration key): it says when to page',
    'REPORT_FILE_AFTER must be a whole number of consecutive failed runs, at least 1, such as 3, got "0"',
    'REPORT_FLAP must be <episodes>/<window>, at least 2 episodes within a duration from 1s to 366d (s, m, h or d), such as 3/24h, got "3 per day"',
  ])
})

test('REPORT_FILE_AFTER and REPORT_FLAP read', () => {
  const problems: string[] = []
  assert.equal(readNoise({ REPORT_FILE_AFTER: ' 3 ', REPORT_FLAP: '4/24h' }, 'skip', problems), { fileAfter: 3, flap: { episodes: 4, windowSeconds: 86400 } })
  assert.equal(problems, [])
  readNoise({ REPORT_FLAP: '1/24h' }, 'skip', problems)
  readNoise({ REPORT_FLAP: '3/24h/2' }, 'skip', problems)
  assert.is(problems.length, 2)
})

test.run()
