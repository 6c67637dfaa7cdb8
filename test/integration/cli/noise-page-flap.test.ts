// REPORT_PAGE_AFTER and REPORT_FLAP, with the report and resolve commands run in process against the
// loopback GitHub and PagerDuty: the pager is triggered only on the run that reaches the threshold (by
// runs, by duration), once per episode, and resolved once; a run count without ON_DUPLICATE=comment is a
// configuration error; a flapping environment's issue is labelled, its chat notice says so once, resolve
// leaves it open with one comment and closes it after a calm window.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../lib/core/text/comment-text.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const servers = useLoopback(test, { github: true, pagerduty: true })
const env = (extra: Record<string, string> = {}) => servers.gh.env({ ...FIXED_ENV, ...FAST, ...servers.pd.env(), ...extra })
const KEY = 'deploy-failure-reporter/github/acme/shop#1'
const actions = () => servers.pd.events.map((e) => `${(e.json as { event_action: string }).event_action} ${(e.json as { dedup_key: string }).dedup_key}`)
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

test('REPORT_PAGE_AFTER=3: the first two runs file and comment without paging; the third pages once and says so; resolve resolves once', async () => {
  const run = () => runInProcess('report.mts', ['Deploy job failed'], env({ ON_DUPLICATE: 'comment', REPORT_PAGE_AFTER: '3' }))
  const first = await run()
  assert.is(first.code, 0, first.stderr)
  assert.is(first.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\n`)
  assert.not.match(servers.gh.issues[0]!.body ?? '', /Paged on-call/)
  const second = await run()
  assert.is(second.code, 0, second.stderr)
  assert.equal(actions(), [])
  const third = await run()
  assert.is(third.code, 0, third.stderr)
  assert.match(third.stdout, /\[INFO\] PagerDuty: incident open for #1\n$/)
  assert.equal(actions(), [`trigger ${KEY}`])
  const paging = servers.gh.comments.at(-1)!.body!
  assert.ok(paging.startsWith(OCCURRENCE_MARKER))
  assert.match(paging, /\nPaged on-call: 3 failed runs in \d+ s\n/)
  const fourth = await run()
  assert.is(fourth.code, 0, fourth.stderr)
  assert.equal(actions(), [`trigger ${KEY}`], 'past the threshold, the episode has paged already')
  assert.is(servers.gh.comments.filter((c) => c.body!.includes('Paged on-call')).length, 1)
  const resolved = await runInProcess('resolve.mts', [], env())
  assert.is(resolved.code, 0, resolved.stderr)
  assert.equal(actions(), [`trigger ${KEY}`, `resolve ${KEY}`])
})

test('REPORT_PAGE_AFTER=1 pages on the first run and says so in the body', async () => {
  const r = await runInProcess('report.mts', ['x'], env({ ON_DUPLICATE: 'comment', REPORT_PAGE_AFTER: '1' }))
  assert.is(r.code, 0, r.stderr)
  assert.equal(actions(), [`trigger ${KEY}`])
  assert.match(servers.gh.issues[0]!.body!, /\nPaged on-call: 1 failed run in 0 s\n$/)
})

test('REPORT_PAGE_AFTER=30m: an episode younger than that does not page; one older pages once, with one comment', async () => {
  const issue = servers.gh.addIssue({ title: fixedTitle(), created_at: ago(10) })
  const young = await runInProcess('report.mts', ['x'], env({ REPORT_PAGE_AFTER: '30m' }))
  assert.is(young.code, 0, young.stderr)
  assert.equal(actions(), [])
  assert.is(servers.gh.comments.length, 0)
  issue.created_at = ago(45)
  const old = await runInProcess('report.mts', ['x'], env({ REPORT_PAGE_AFTER: '30m' }))
  assert.is(old.code, 0, old.stderr)
  assert.equal(actions(), [`trigger ${KEY}`])
  assert.is(servers.gh.comments.length, 1)
  assert.match(servers.gh.comments[0]!.body!, /^<!-- deploy-failure-reporter:paged -->\nPaged on-call: failing for 4[45] min( \d+ s)?\n$/, servers.gh.comments[0]!.body!)
  const again = await runInProcess('report.mts', ['x'], env({ REPORT_PAGE_AFTER: '30m' }))
  assert.is(again.code, 0, again.stderr)
  assert.equal(actions(), [`trigger ${KEY}`], 'once per episode')
})

test('a run count without ON_DUPLICATE=comment is a configuration error naming both settings, exit 2, no request', async () => {
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_PAGE_AFTER: '3' }))
  assert.is(r.code, 2)
  assert.match(r.stderr, /REPORT_PAGE_AFTER=3 counts failed runs, which are recorded only with ON_DUPLICATE=comment/)
  assert.is(servers.gh.requests.length, 0)
})

// Two earlier outages of staging today, each filed, recovered and closed.
function seedOutages(count: number, hoursAgo = 6): void {
  for (let i = 0; i < count; i++) {
    const start = ago((hoursAgo - i) * 60)
    const end = ago((hoursAgo - i) * 60 - 20)
    const issue = servers.gh.addIssue({ title: `[DEPLOY FAIL] staging — old${i}000 — 2026-11-26`, state: 'closed', state_reason: 'completed', created_at: start, updated_at: end, closed_at: end, comments: 1 })
    servers.gh.comments.push({ id: 900 + i, issue_number: issue.number, body: `${RECOVERY_MARKER}\n### Deploy recovered\n`, html_url: `${issue.html_url}#c${900 + i}`, created_at: end })
  }
}

const chatTexts = () => servers.gh.chat.map((c) => (c.json as { text: string }).text)

test('REPORT_FLAP=3/24h: the third outage in a day is flapping: label, one line, "flapping" once in chat', async () => {
  seedOutages(2)
  const flapEnv = env({ ON_DUPLICATE: 'comment', REPORT_FLAP: '3/24h' })
  const r = await runInProcess('report.mts', ['Deploy job failed'], flapEnv)
  assert.is(r.code, 0, r.stderr)
  const issue = servers.gh.issues.at(-1)!
  assert.equal(issue.labels.map((l) => l.name), ['auto-deploy-failure', 'ops', 'flapping'])
  assert.match(issue.body!, /\nFlapping: 3 outages of staging in 24 h\n$/, JSON.stringify(issue.body!.slice(-200)))
  assert.is(chatTexts().filter((t) => t.includes('flapping')).length, 1)
  const again = await runInProcess('report.mts', ['Deploy job failed'], flapEnv)
  assert.is(again.code, 0, again.stderr)
  assert.is(chatTexts().length, 2)
  assert.is(chatTexts().filter((t) => t.includes('flapping')).length, 1, 'the chat says flapping once, not on every run')
  assert.not.match(servers.gh.comments.at(-1)!.body!, /Flapping/)
})

test('REPORT_FLAP: fewer outages than that is not flapping: the issue is as always', async () => {
  seedOutages(1)
  const r = await runInProcess('report.mts', ['Deploy job failed'], env({ ON_DUPLICATE: 'comment', REPORT_FLAP: '3/24h' }))
  assert.is(r.code, 0, r.stderr)
  const issue = servers.gh.issues.at(-1)!
  assert.equal(issue.labels.map((l) => l.name), ['auto-deploy-failure', 'ops'])
  assert.not.match(issue.body!, /Flapping/)
  assert.not.ok(chatTexts().some((t) => t.includes('flapping')))
})

test('resolve leaves a flapping issue open with one comment, resolves its incident once, and closes it after a calm window', async () => {
  seedOutages(2)
  const flapEnv = env({ ON_DUPLICATE: 'comment', REPORT_FLAP: '3/24h' })
  const filed = await runInProcess('report.mts', ['x'], flapEnv)
  assert.is(filed.code, 0, filed.stderr)
  const issue = servers.gh.issues.at(-1)!
  const key = `deploy-failure-reporter/github/acme/shop#${issue.number}`
  const first = await runInProcess('resolve.mts', [], flapEnv)
  assert.is(first.code, 0, first.stderr)
  assert.match(first.stdout, new RegExp(`^\\[INFO\\] Recovered, but flapping: left issue #${issue.number} open for a person to close`))
  assert.is(issue.state, 'open')
  const held = servers.gh.comments.filter((c) => c.issue_number === issue.number && c.body!.includes('Recovered, but flapping: left open for a person to close'))
  assert.is(held.length, 1)
  assert.equal(actions(), [`trigger ${key}`, `resolve ${key}`], 'the incident is resolved as usual')
  const second = await runInProcess('resolve.mts', [], flapEnv)
  assert.is(second.code, 0, second.stderr)
  assert.is(issue.state, 'open')
  assert.is(servers.gh.comments.filter((c) => c.body!.includes('Recovered, but flapping')).length, 1, 'it comments once')
  assert.equal(actions(), [`trigger ${key}`, `resolve ${key}`])
  // A day passes with no new outage: every record moves 25 hours back.
  const back = (stamp: string | null | undefined) => (stamp ? new Date(Date.parse(stamp) - 25 * 3600_000).toISOString() : stamp)
  for (const i of servers.gh.issues) Object.assign(i, { created_at: back(i.created_at), updated_at: back(i.updated_at), closed_at: back(i.closed_at) })
  for (const c of servers.gh.comments) c.created_at = back(c.created_at)!
  issue.updated_at = new Date().toISOString()
  const calm = await runInProcess('resolve.mts', [], flapEnv)
  assert.is(calm.code, 0, calm.stderr)
  assert.is(issue.state, 'closed')
  assert.match(calm.stdout, new RegExp(`\\[INFO\\] Closed issue #${issue.number}:`), calm.stdout + calm.stderr)
  assert.equal(actions(), [`trigger ${key}`, `resolve ${key}`], 'triggered and resolved exactly once for the episode')
})

test('ON_DUPLICATE=skip: a new outage on a flapping issue left open triggers a new incident, and the next good deploy resolves it', async () => {
  seedOutages(2)
  const flapEnv = env({ REPORT_FLAP: '3/24h' })
  assert.is((await runInProcess('report.mts', ['x'], flapEnv)).code, 0)
  const issue = servers.gh.issues.at(-1)!
  const key = `deploy-failure-reporter/github/acme/shop#${issue.number}`
  assert.is((await runInProcess('resolve.mts', [], flapEnv)).code, 0)
  assert.is(issue.state, 'open')
  assert.equal(actions(), [`trigger ${key}`, `resolve ${key}`])
  // It fails again: the open issue holds the report, and skip mode writes nothing to it. PagerDuty opens
  // a new incident for a trigger on a resolved one's dedup_key.
  const again = await runInProcess('report.mts', ['x'], flapEnv)
  assert.is(again.code, 0, again.stderr)
  assert.equal(actions(), [`trigger ${key}`, `resolve ${key}`, `trigger ${key}`])
  const good = await runInProcess('resolve.mts', [], flapEnv)
  assert.is(good.code, 0, good.stderr)
  assert.is(issue.state, 'open', 'still flapping: left open')
  assert.equal(actions(), [`trigger ${key}`, `resolve ${key}`, `trigger ${key}`, `resolve ${key}`], 'the new incident is not left open')
})

test('stats shows the flapping environments and the pages the threshold held back', async () => {
  seedOutages(3)
  const r = await runInProcess('stats.mts', ['--since', '7d'], env({ REPORT_FLAP: '3/24h', REPORT_PAGE_AFTER: '30m' }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /\nFlapping \(REPORT_FLAP\): staging \(3 outages within 24 h\)\n/)
  // Each seeded outage lasted 20 minutes: none reached 30 minutes.
  assert.match(r.stdout, /\nPages held back \(REPORT_PAGE_AFTER\): 3 of 3 outages never reached the threshold\n/)
  const json = await runInProcess('stats.mts', ['--since', '7d', '--format', 'json'], env({ REPORT_FLAP: '3/24h' }))
  assert.equal(JSON.parse(json.stdout).noise, { flapping: [{ environment: 'staging', outages: 3 }] })
  const plain = await runInProcess('stats.mts', ['--since', '7d', '--format', 'json'], env())
  assert.not.ok('noise' in JSON.parse(plain.stdout), 'without the settings, the JSON is as it was')
})

test.run()
