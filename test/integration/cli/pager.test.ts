// PAGERDUTY_ROUTING_KEY: the report and resolve commands, run in process, page a loopback Events API v2
// (trigger, then resolve with the same dedup_key), ride out a 429 within the retry budget, warn once
// beyond it without failing, and never print or send the routing key anywhere but the Events API body.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const servers = useLoopback(test, { github: true, gitlab: true, pagerduty: true })

const env = (extra: Record<string, string> = {}) => servers.gh.env({ ...FIXED_ENV, ...FAST, ...servers.pd.env(), ...extra })

const neverLeaks = (texts: string[]) => {
  const key = servers.pd.routingKey
  for (const text of texts) assert.not.ok(text.includes(key), 'the routing key was printed or sent elsewhere')
}

test('a report triggers one incident keyed by tracker, repository and issue; the resolver resolves it', async () => {
  const r = await runInProcess('report.mts', ['Deploy job failed'], env())
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\n[INFO] PagerDuty: incident open for #1\n`)
  assert.is(servers.pd.events.length, 1)
  const [event] = servers.pd.events
  assert.is(event!.path, '/v2/enqueue')
  assert.is(event!.headers['content-type'], 'application/json')
  assert.is(event!.headers.authorization, undefined)
  const issueUrl = `${servers.gh.url}/acme/shop/issues/1`
  assert.equal(event!.json, {
    routing_key: servers.pd.routingKey,
    event_action: 'trigger',
    dedup_key: 'deploy-failure-reporter/github/acme/shop#1',
    payload: {
      summary: fixedTitle(),
      source: 'acme/shop (staging)',
      severity: 'error',
      custom_details: { environment: 'staging', commit: 'abc1234', pipeline: 'https://ci.example/p/7', reason: 'Deploy job failed', issue: issueUrl },
    },
    links: [
      { href: issueUrl, text: 'Issue #1' },
      { href: 'https://ci.example/p/7', text: 'Pipeline' },
    ],
  })

  const again = await runInProcess('report.mts', ['Deploy job failed'], env({ REPORT_PAGER_SEVERITY: 'critical' }))
  assert.is(again.code, 0, again.stderr)
  assert.equal([...servers.pd.open], [['deploy-failure-reporter/github/acme/shop#1', 2]], 'a recurrence adds to the one incident')
  assert.is((servers.pd.events[1]!.json.payload as { severity: string }).severity, 'critical')

  const resolved = await runInProcess('resolve.mts', [], env())
  assert.is(resolved.code, 0, resolved.stderr)
  assert.match(resolved.stdout, /\[INFO\] PagerDuty: incident resolved for #1\n$/)
  assert.equal(servers.pd.events[2]!.json, { routing_key: servers.pd.routingKey, event_action: 'resolve', dedup_key: 'deploy-failure-reporter/github/acme/shop#1' })
  assert.is(servers.pd.open.size, 0)

  neverLeaks([r.stdout, r.stderr, again.stdout, again.stderr, resolved.stdout, resolved.stderr])
  neverLeaks([...servers.gh.requests, ...servers.gh.chat].map((q) => JSON.stringify(q.headers) + q.body + q.path))
})

test('a 429 is retried within REPORT_RETRY_ATTEMPTS, silently', async () => {
  servers.pd.inject(429)
  const r = await runInProcess('report.mts', ['x'], env())
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(servers.pd.events.length, 2)
  assert.is(servers.pd.open.size, 1)
})

test('throttled or failing past the budget: one [WARN] without the key, the issue filed, exit 0', async () => {
  servers.pd.inject(429, 2)
  servers.pd.inject(503, 1)
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_RETRY_ATTEMPTS: '3' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.pd.events.length, 3)
  assert.is(servers.gh.openIssues().length, 1)
  assert.is(r.stderr, '[WARN] PagerDuty: could not open the incident for #1 (HTTP 503: PagerDuty Events API answered 503 (Internal Server Error)); the issue is unaffected\n')
  neverLeaks([r.stdout, r.stderr])
})

test('an Events API that cannot be reached is one [WARN], the run still succeeds', async () => {
  const r = await runInProcess('report.mts', ['x'], env({ PAGERDUTY_EVENTS_URL: 'http://127.0.0.1:9', REPORT_RETRY_ATTEMPTS: '2' }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /^\[WARN\] PagerDuty: could not open the incident for #1 \(no answer from the API \(PagerDuty Events API did not answer.*\)\); the issue is unaffected\n$/)
})

test('an Events API that never answers: each try ends at REPORT_TIMEOUT, then one [WARN]; the run succeeds', async () => {
  servers.pd.inject('hang', 2)
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_TIMEOUT: '1', REPORT_RETRY_ATTEMPTS: '2' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.pd.events.length, 2)
  assert.match(r.stderr, /^\[WARN\] PagerDuty: could not open the incident for #1 \(no answer from the API \(PagerDuty Events API did not answer.*\)\); the issue is unaffected\n$/)
})

test('the routing key echoed into a reason is masked in the issue, the chat and the page', async () => {
  const r = await runInProcess('report.mts', [`curl -d key=${servers.pd.routingKey} failed`], env())
  assert.is(r.code, 0, r.stderr)
  assert.match(servers.gh.issues[0]!.body!, /curl -d key=\*\*\* failed/)
  neverLeaks([...servers.gh.requests, ...servers.gh.chat].map((q) => q.body))
  assert.is((servers.pd.events[0]!.json.payload as { custom_details: { reason: string } }).custom_details.reason, 'curl -d key=*** failed')
})

test('REPORT_PAGER_ENVIRONMENTS limits paging to those environments', async () => {
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_PAGER_ENVIRONMENTS: 'production, prod-eu' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.pd.events.length, 0)
  const prod = await runInProcess('report.mts', ['x'], env({ DEPLOY_ENV: 'production', REPORT_PAGER_ENVIRONMENTS: 'production, prod-eu' }))
  assert.is(prod.code, 0, prod.stderr)
  assert.is(servers.pd.events.length, 1)
})

test('GitLab: the key names the GitLab project and the issue iid', async () => {
  const r = await runInProcess('report.mts', ['x'], servers.gl.env({ ...FIXED_ENV, ...FAST, ...servers.pd.env() }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.pd.events[0]!.json.dedup_key, 'deploy-failure-reporter/gitlab/acme/platform/shop#1')
})

test('bad paging settings: exit 2 before any request, the key never echoed', async () => {
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_PAGER_SEVERITY: 'high', PAGERDUTY_EVENTS_URL: 'ftp://pager.example' }))
  assert.is(r.code, 2)
  assert.match(r.stderr, /REPORT_PAGER_SEVERITY must be one of critical, error, warning, info, got "high"/)
  assert.match(r.stderr, /PAGERDUTY_EVENTS_URL must be an https URL/)
  const bad = await runInProcess('report.mts', ['x'], env({ PAGERDUTY_ROUTING_KEY: 'not a key!' }))
  assert.is(bad.code, 2)
  assert.match(bad.stderr, /PAGERDUTY_ROUTING_KEY must be an Events API v2 integration key/)
  assert.not.ok(bad.stderr.includes('not a key!'))
  assert.is(servers.gh.requests.length + servers.pd.events.length, 0)
  neverLeaks([r.stdout, r.stderr])
})

test('doctor describes the paging set-up without paging anyone, and never prints the key', async () => {
  const r = await runInProcess('doctor.mts', [], env({ REPORT_PAGER_ENVIRONMENTS: 'production', REPORT_PAGER_SEVERITY: 'critical' }))
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.match(r.stdout, /^✓ PagerDuty paging configured \(severity critical, environments production\); no test event is sent$/m)
  assert.is(servers.pd.events.length, 0)
  neverLeaks([r.stdout, r.stderr])
})

test.run()
