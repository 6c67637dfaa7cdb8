// REPORT_PAGE_AFTER and REPORT_FLAP on GitLab: the report and resolve commands, run in process, against the
// loopback GitLab and PagerDuty page once at the threshold, label a flapping environment's issue and leave
// it open on recovery, as on GitHub.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { serveGitLabPipelines } from '../../helpers/loopback-workflow-runs.ts'
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

test('GitLab, REPORT_FLAP=2/24h with no earlier outage: not flapping, the issue is as always', async () => {
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_FLAP: '2/24h' }))
  assert.is(r.code, 0, r.stderr)
  const issue = servers.gl.issues.at(-1)!
  assert.not.ok(issue.labels.includes('flapping'), issue.labels.join(','))
  assert.not.match(issue.description ?? '', /Flapping/)
})

test('GitLab, a flapping issue: resolve notes once and resolves the incident once, then closes it after a calm window, with no second page', async () => {
  const at = new Date(Date.now() - 3 * 3600_000).toISOString()
  const old = servers.gl.addIssue({ title: '[DEPLOY FAIL] staging — old0000 — 2026-11-26', state: 'closed', created_at: at, updated_at: at, closed_at: at, user_notes_count: 1 })
  servers.gl.notes.push({ id: 900, body: `${RECOVERY_MARKER}\nrecovered`, system: false, noteable_iid: old.iid, noteable_type: 'Issue', created_at: at, author: { id: 7, username: 'reporter-bot' } })
  const flapEnv = env({ REPORT_FLAP: '2/24h' })
  assert.is((await runInProcess('report.mts', ['x'], flapEnv)).code, 0)
  const issue = servers.gl.issues.at(-1)!
  const held = () => servers.gl.notes.filter((n) => n.noteable_iid === issue.iid && n.body.includes('Recovered, but flapping: left open for a person to close')).length
  for (let i = 0; i < 2; i++) {
    const r = await runInProcess('resolve.mts', [], flapEnv)
    assert.is(r.code, 0, r.stderr)
    assert.is(issue.state, 'opened')
  }
  assert.is(held(), 1, 'one note for the two resolves')
  assert.equal(actions(), ['trigger', 'resolve'])
  // A day passes with no new outage: every record moves 25 hours back; the open issue was touched just now.
  const back = (stamp: string | null | undefined) => (stamp ? new Date(Date.parse(stamp) - 25 * 3600_000).toISOString() : stamp)
  for (const i of servers.gl.issues) Object.assign(i, { created_at: back(i.created_at), updated_at: back(i.updated_at), closed_at: back(i.closed_at) })
  for (const n of servers.gl.notes) n.created_at = back(n.created_at)!
  issue.updated_at = new Date().toISOString()
  const calm = await runInProcess('resolve.mts', [], flapEnv)
  assert.is(calm.code, 0, calm.stderr)
  assert.is(issue.state, 'closed', calm.stdout + calm.stderr)
  assert.equal(actions(), ['trigger', 'resolve'], 'triggered and resolved exactly once for the episode')
})

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

test('GitLab, REPORT_PAGE_AFTER=30m: an outage younger than that does not page; one older pages once, with one note', async () => {
  const issue = servers.gl.addIssue({ title: fixedTitle(), created_at: ago(10) })
  const pageAfter = { ON_DUPLICATE: 'skip', REPORT_PAGE_AFTER: '30m' }
  const young = await runInProcess('report.mts', ['x'], env(pageAfter))
  assert.is(young.code, 0, young.stderr)
  assert.equal(actions(), [])
  assert.is(servers.gl.notes.length, 0)
  // The outage began with the issue's creation, 45 minutes ago.
  issue.created_at = ago(45)
  const old = await runInProcess('report.mts', ['x'], env(pageAfter))
  assert.is(old.code, 0, old.stderr)
  assert.equal(actions(), ['trigger'])
  assert.is(servers.gl.notes.length, 1)
  assert.match(servers.gl.notes[0]!.body, /^<!-- deploy-failure-reporter:paged -->\nPaged on-call: failing for 4[45] min( \d+ s)?\n$/)
  const again = await runInProcess('report.mts', ['x'], env(pageAfter))
  assert.is(again.code, 0, again.stderr)
  assert.equal(actions(), ['trigger'], 'once per outage')
  assert.is(servers.gl.notes.length, 1)
})

// REPORT_FILE_AFTER in a GitLab CI pipeline: its pipelines are read once, within REPORT_TIMEOUT.
const pipelineEnv = (extra: Record<string, string> = {}) =>
  env({ GITLAB_CI: 'true', CI_PROJECT_ID: String(servers.gl.projectId), CI_COMMIT_REF_NAME: 'main', CI_PIPELINE_ID: '1003', CI_API_V4_URL: servers.gl.apiUrl, REPORT_FILE_AFTER: '3', ...extra })
const PIPELINES = [{ id: 1001, status: 'failed' as const }, { id: 1002, status: 'success' as const }, { id: 1003, status: 'running' as const }]

test('GitLab, the pipeline history unreadable (the listing never answers): filed within REPORT_TIMEOUT as if no threshold were set, with one [WARN]', async () => {
  serveGitLabPipelines(servers.gl, PIPELINES)
  servers.gl.inject('GET', /\/pipelines$/, { hang: true })
  const started = Date.now()
  const r = await runInProcess('report.mts', ['x'], pipelineEnv({ REPORT_TIMEOUT: '1.5' }))
  assert.is(r.code, 0, r.stderr)
  // Tried once (docs/noise.md): one REPORT_TIMEOUT, not the retries' minutes. (1.5 s: every request has it,
  // and a shorter one was reached by ordinary requests on a loaded machine.)
  assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`)
  assert.is(servers.gl.calls('GET', /\/pipelines$/).length, 1)
  assert.match(r.stdout, /^\[INFO\] Created issue #1:/)
  assert.is(servers.gl.issues.length, 1)
  assert.equal(actions(), ['trigger'])
  const warnings = r.stderr.trimEnd().split('\n')
  assert.is(warnings.length, 1, r.stderr)
  assert.match(warnings[0]!, /^\[WARN\] REPORT_FILE_AFTER=3 is not applied: the GitLab CI run history could not be read \(no answer.*\); the failure is filed as if no threshold were set$/)
})

test('GitLab, the pipeline history refused (403): filed as if no threshold were set, with one [WARN] naming read_api', async () => {
  serveGitLabPipelines(servers.gl, PIPELINES)
  servers.gl.inject('GET', /\/pipelines$/, { status: 403, body: { message: '403 Forbidden' } })
  const r = await runInProcess('report.mts', ['x'], pipelineEnv())
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gl.calls('GET', /\/pipelines$/).length, 1)
  assert.match(r.stdout, /^\[INFO\] Created issue #1:/)
  const warnings = r.stderr.trimEnd().split('\n')
  assert.is(warnings.length, 1, r.stderr)
  assert.match(warnings[0]!, /^\[WARN\] REPORT_FILE_AFTER=3 is not applied: the GitLab CI run history could not be read \(.*403.*read_api on GitLab\); the failure is filed as if no threshold were set$/)
})

test('GitLab, a success breaks the streak: one failed pipeline since it and this one make 2 of 3, held', async () => {
  serveGitLabPipelines(servers.gl, [{ id: 1000, status: 'failed' }, { id: 1001, status: 'success' }, { id: 1002, status: 'failed' }, { id: 1003, status: 'running' }])
  const r = await runInProcess('report.mts', ['x'], pipelineEnv())
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, '[INFO] 2 of 3 consecutive failed runs of the pipeline on main; no issue yet\n')
  assert.is(servers.gl.issues.length, 0)
  assert.equal(actions(), [])
})

test('GitLab, canceled and skipped pipelines neither count nor break the streak: two failed around them and this one make 3 of 3, filed', async () => {
  serveGitLabPipelines(servers.gl, [{ id: 1000, status: 'failed' }, { id: 1001, status: 'canceled' }, { id: 1002, status: 'failed' }, { id: 1003, status: 'skipped' }, { id: 1004, status: 'running' }])
  const r = await runInProcess('report.mts', ['x'], pipelineEnv({ CI_PIPELINE_ID: '1004' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gl.issues.length, 1)
  assert.match(r.stdout, /^\[INFO\] Created issue #1: /)
  assert.equal(actions(), ['trigger'])
})

// A job retried in GitLab stays in its pipeline, so a reporter that runs again there counts that pipeline once.
test('GitLab, the same pipeline reported twice (a retried job) counts once: 2 of 3, held both times', async () => {
  serveGitLabPipelines(servers.gl, [{ id: 1001, status: 'success' }, { id: 1002, status: 'failed' }, { id: 1003, status: 'running' }])
  for (let i = 0; i < 2; i++) {
    const r = await runInProcess('report.mts', ['x'], pipelineEnv())
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout, '[INFO] 2 of 3 consecutive failed runs of the pipeline on main; no issue yet\n')
  }
  assert.is(servers.gl.issues.length, 0)
})

test('GitLab, REPORT_PAGE_AFTER=30m counts from the last reopen, not the creation: a reopened outage pages only 30 minutes after it', async () => {
  const pageAfter = { ON_DUPLICATE: 'skip', REPORT_PAGE_AFTER: '30m', REPORT_REOPEN_WINDOW: '2' }
  const triggers = () => actions().filter((action) => action === 'trigger')
  const filed = await runInProcess('report.mts', ['x'], env(pageAfter))
  assert.is(filed.code, 0, filed.stderr)
  const resolved = await runInProcess('resolve.mts', [], env(pageAfter))
  assert.is(resolved.code, 0, resolved.stderr)
  const issue = servers.gl.issues[0]!
  assert.is(issue.state, 'closed')
  // Filed three hours ago: by its creation alone, the outage would be long past the threshold.
  issue.created_at = ago(180)
  const reopened = await runInProcess('report.mts', ['x'], env(pageAfter))
  assert.is(reopened.code, 0, reopened.stderr)
  assert.match(reopened.stdout, /^\[INFO\] Reopened issue #1: /)
  assert.is(issue.state, 'opened')
  assert.equal(triggers(), [])
  // The reopen's note ("failed again") 45 minutes ago: now the outage has lasted past 30 minutes.
  const regression = servers.gl.notes.at(-1)!
  assert.match(regression.body, /### Failed again/)
  regression.created_at = ago(45)
  const later = await runInProcess('report.mts', ['x'], env(pageAfter))
  assert.is(later.code, 0, later.stderr)
  assert.equal(triggers(), ['trigger'])
  assert.match(servers.gl.notes.at(-1)!.body, /^<!-- deploy-failure-reporter:paged -->\nPaged on-call: failing for 4[45] min( \d+ s)?\n$/)
})

test.run()
