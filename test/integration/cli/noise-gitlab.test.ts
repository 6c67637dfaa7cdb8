// REPORT_PAGE_AFTER and REPORT_FLAP on GitLab: the report and resolve commands, run in process, against the
// loopback GitLab and PagerDuty page once at the threshold, label a flapping environment's issue and leave
// it open on recovery, as on GitHub.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { RECOVERY_MARKER } from '../../../lib/core/text/comment-text.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const servers = useLoopback(test, { gitlab: true, pagerduty: true })
const env = (extra: Record<string, string> = {}) => servers.gl.env({ ...FIXED_ENV, ...FAST, ...servers.pd.env(), ON_DUPLICATE: 'comment', ...extra })
const actions = () => servers.pd.events.map((e) => (e.json as { event_action: string }).event_action)

test('GitLab, REPORT_PAGE_AFTER=2: no page on the first run, one on the second, none on the third', async () => {
  const run = () => runInProcess('report.mts', ['x'], env({ REPORT_PAGE_AFTER: '2' }))
  for (const expected of [[], ['trigger'], ['trigger']]) {
    const r = await run()
    assert.is(r.code, 0, r.stderr)
    assert.equal(actions(), expected)
  }
  assert.is(servers.gl.notes.filter((n) => n.body.includes('Paged on-call: 2 failed runs in')).length, 1)
})

test('GitLab, REPORT_FLAP=2/24h: the second outage today is labelled flapping, and resolve leaves it open once', async () => {
  const at = new Date(Date.now() - 3 * 3600_000).toISOString()
  const old = servers.gl.addIssue({ title: '[DEPLOY FAIL] staging — old0000 — 2026-11-26', state: 'closed', created_at: at, updated_at: at, closed_at: at, user_notes_count: 1 })
  servers.gl.notes.push({ id: 900, body: `${RECOVERY_MARKER}\nrecovered`, system: false, noteable_iid: old.iid, noteable_type: 'Issue', created_at: at, author: { id: 7, username: 'reporter-bot' } })
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_FLAP: '2/24h' }))
  assert.is(r.code, 0, r.stderr)
  const issue = servers.gl.issues.at(-1)!
  assert.ok(issue.labels.includes('flapping'), issue.labels.join(','))
  assert.match(issue.description ?? '', /\nFlapping: 2 outages of staging in 24 h\n$/)
  const resolved = await runInProcess('resolve.mts', [], env({ REPORT_FLAP: '2/24h' }))
  assert.is(resolved.code, 0, resolved.stderr)
  assert.is(issue.state, 'opened')
  assert.is(servers.gl.notes.filter((n) => n.body.includes('Recovered, but flapping: left open for a person to close')).length, 1)
  assert.equal(actions(), ['trigger', 'resolve'])
})

test.run()
