import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { eventBody } from '../../../lib/pager/pagerduty.ts'

const incident = {
  key: 'k',
  summary: 's'.repeat(2000),
  source: 'x'.repeat(300),
  severity: 'warning' as const,
  details: { environment: 'prod' },
  links: [{ href: 'https://ci.example/1', text: 'Pipeline' }],
}

test('trigger: routing key, action, dedup key, payload and links in the Events API v2 shape', () => {
  const body = eventBody('KEY', 'trigger', 'k', incident) as { payload: { summary: string; source: string; severity: string; custom_details: unknown }; links: unknown }
  assert.equal(Object.keys(body), ['routing_key', 'event_action', 'dedup_key', 'payload', 'links'])
  assert.is(body.payload.summary.length, 1024, 'PagerDuty takes at most 1024 characters of summary')
  assert.ok(body.payload.summary.endsWith('…'))
  assert.is(body.payload.source.length, 255)
  assert.is(body.payload.severity, 'warning')
  assert.equal(body.payload.custom_details, { environment: 'prod' })
  assert.equal(body.links, incident.links)
})

test('resolve: only the routing key, the action and the dedup key (at most 255 characters)', () => {
  const body = eventBody('KEY', 'resolve', 'd'.repeat(300)) as Record<string, string>
  assert.equal(Object.keys(body), ['routing_key', 'event_action', 'dedup_key'])
  assert.is(body.event_action, 'resolve')
  assert.is(body.dedup_key!.length, 255)
})

test.run()
