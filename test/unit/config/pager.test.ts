import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readPager } from '../../../lib/config/pager.ts'
import { loadConfig } from '../../../lib/config/config.ts'
import { secretsOf } from '../../../lib/config/secrets.ts'
import { ConfigError } from '../../../lib/core/errors.ts'

const KEY = 'R0UT1NGKEY0123456789abcdefABCDEF'

test('unset: no pager, no problem', () => {
  const problems: string[] = []
  assert.is(readPager({}, problems), undefined)
  assert.equal(problems, [])
})

test('defaults: PagerDuty\'s address, severity error, every environment', () => {
  const problems: string[] = []
  assert.equal(readPager({ PAGERDUTY_ROUTING_KEY: KEY }, problems), { routingKey: KEY, eventsUrl: 'https://events.pagerduty.com', severity: 'error', environments: [] })
  assert.equal(problems, [])
})

test('REPORT_PAGER_ENVIRONMENTS is a trimmed comma list; severity is checked', () => {
  const problems: string[] = []
  const pager = readPager({ PAGERDUTY_ROUTING_KEY: KEY, REPORT_PAGER_ENVIRONMENTS: ' production , prod-eu,', REPORT_PAGER_SEVERITY: 'urgent' }, problems)
  assert.equal(pager!.environments, ['production', 'prod-eu'])
  assert.equal(problems, ['REPORT_PAGER_SEVERITY must be one of critical, error, warning, info, got "urgent"'])
})

// Plain http off the machine is the one rule's [WARN] (test/unit/config/plain-http.test.ts); not a URL is a problem.
test('the Events API address must be http(s); its settings without the key are a mistake', () => {
  const problems: string[] = []
  readPager({ PAGERDUTY_ROUTING_KEY: KEY, PAGERDUTY_EVENTS_URL: 'ftp://events.example' }, problems)
  readPager({ PAGERDUTY_ROUTING_KEY: KEY, PAGERDUTY_EVENTS_URL: 'http://events.example' }, problems)
  readPager({ REPORT_PAGER_SEVERITY: 'info' }, problems)
  assert.equal(problems, [
    'PAGERDUTY_EVENTS_URL must be an https URL such as https://events.pagerduty.com, got "ftp://events.example"',
    'REPORT_PAGER_SEVERITY and REPORT_PAGER_ENVIRONMENTS need PAGERDUTY_ROUTING_KEY (an Events API v2 integration key)',
  ])
})

test('the routing key is a secret of the configuration, and never echoed in a problem', () => {
  const config = loadConfig({ ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: 'acme/shop', PAGERDUTY_ROUTING_KEY: KEY })
  assert.ok(secretsOf(config).includes(KEY))
  try {
    loadConfig({ ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: KEY, PAGERDUTY_ROUTING_KEY: KEY })
    assert.unreachable()
  } catch (error) {
    assert.instance(error, ConfigError)
    assert.not.ok((error as Error).message.includes(KEY))
  }
})

test.run()
