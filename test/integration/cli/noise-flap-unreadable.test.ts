// REPORT_FLAP with the environment's record unreadable (refused with a 403, or no answer within
// REPORT_TIMEOUT), on the loopback GitHub and GitLab: `report` files the failure and `resolve` closes the
// issue as if REPORT_FLAP were unset, each with one [WARN] saying why and naming no secret; the record is
// read once, and nothing else changes (no `flapping` label or line, no chat "flapping", no note leaving
// the issue open, the pager as usual). Each environment here would be flapping if its record could be
// read: a dry run with the record readable says so first.
// test-runner: waits, four runs wait out a record that never answers (REPORT_TIMEOUT below)
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import type { Fault, RequestMatch } from '../../helpers/faults.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { RECOVERY_MARKER } from '../../../lib/core/text/comment-text.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const servers = useLoopback(test, { github: true, gitlab: true, pagerduty: true })
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const pagerActions = () => servers.pd.events.map((e) => (e.json as { event_action: string }).event_action)
// One outage before this one within the window: this one is the second, so the environment flaps.
// REPORT_TIMEOUT bounds every request, not only the record's: short enough to wait out a record that never
// answers, long enough that no ordinary loopback request reaches it on a loaded machine (at 0.5 s one did,
// retried, and its extra [WARN] failed a run). The refusal cases keep the default.
const NOISE = { ON_DUPLICATE: 'comment', REPORT_FLAP: '2/24h' }
const HANG_TIMEOUT = '1.5'
const FLAPPING_NOTE = 'Recovered, but flapping'

/** What the tests need of one loopback tracker. */
interface Side {
  readonly name: string
  env(): Record<string, string>
  readonly token: string
  /** The record read: the labelled issues, open and closed, of the window (lib/github/history.ts, lib/gitlab/history.ts). */
  readonly record: RequestMatch
  /** A 403 as this tracker words it, and the message the warning carries. */
  readonly refused: { readonly fault: Fault; readonly message: string }
  /** An earlier outage of staging, three hours ago, recovered and closed. */
  seedEarlierOutage(): void
  /** The issue of this outage, open. */
  seedOpen(): { number: number; url: string }
  readonly issues: () => readonly { number: number; title: string; state: string; labels: readonly string[]; body: string }[]
  /** The bodies of the comments (GitLab: notes) on issue `number`. */
  readonly commentsOn: (number: number) => readonly string[]
  readonly chatTexts: () => readonly string[]
}

/**
 * A 403 whose message echoes the token, as a gateway's error page may, and the message the warning
 * carries: the token masked (lib/core/redact.ts), never shown.
 */
const refusal = (message: string, token: string) => ({ fault: { status: 403, body: { message: `${message} (token ${token})` } }, message: `${message} (token ***)` })

const github: Side = {
  name: 'GitHub',
  env: () => servers.gh.env({ ...FIXED_ENV, ...FAST, ...servers.pd.env(), ...NOISE }),
  get token() {
    return servers.gh.token
  },
  record: { path: /^\/repos\/acme\/shop\/issues$/, query: { state: 'all' } },
  // What GitHub answers a fine-grained token without "Issues: read", with the token echoed back.
  get refused() {
    return refusal('Resource not accessible by personal access token', servers.gh.token)
  },
  seedEarlierOutage() {
    const at = ago(180)
    const issue = servers.gh.addIssue({ title: '[DEPLOY FAIL] staging — old0000 — 2026-11-26', state: 'closed', state_reason: 'completed', created_at: at, updated_at: at, closed_at: at, comments: 1 })
    servers.gh.comments.push({ id: 900, issue_number: issue.number, body: `${RECOVERY_MARKER}\n### Deploy recovered\n`, html_url: `${issue.html_url}#c900`, created_at: at })
  },
  seedOpen() {
    const issue = servers.gh.addIssue({ title: fixedTitle(), created_at: ago(30) })
    return { number: issue.number, url: issue.html_url }
  },
  issues: () => servers.gh.issues.map((i) => ({ number: i.number, title: i.title, state: i.state, labels: i.labels.map((l) => l.name), body: i.body ?? '' })),
  commentsOn: (number) => servers.gh.comments.filter((c) => c.issue_number === number).map((c) => c.body ?? ''),
  chatTexts: () => servers.gh.chat.map((c) => (c.json as { text: string }).text),
}

const gitlab: Side = {
  name: 'GitLab',
  env: () => servers.gl.env({ ...FIXED_ENV, ...FAST, ...servers.pd.env(), ...NOISE }),
  get token() {
    return servers.gl.token
  },
  // No `state`: opened and closed alike. The duplicate check asks for state=opened on the same path.
  record: { path: /^\/projects\/[^/]+\/issues$/, query: { state: null } },
  get refused() {
    return refusal('403 Forbidden', servers.gl.token)
  },
  seedEarlierOutage() {
    const at = ago(180)
    const old = servers.gl.addIssue({ title: '[DEPLOY FAIL] staging — old0000 — 2026-11-26', state: 'closed', created_at: at, updated_at: at, closed_at: at, user_notes_count: 1 })
    servers.gl.notes.push({ id: 900, body: `${RECOVERY_MARKER}\nrecovered`, system: false, noteable_iid: old.iid, noteable_type: 'Issue', created_at: at, author: { id: 7, username: 'reporter-bot' } })
  },
  seedOpen() {
    const issue = servers.gl.addIssue({ title: fixedTitle(), created_at: ago(30) })
    return { number: issue.iid, url: issue.web_url }
  },
  issues: () => servers.gl.issues.map((i) => ({ number: i.iid, title: i.title, state: i.state === 'opened' ? 'open' : i.state, labels: i.labels, body: i.description ?? '' })),
  commentsOn: (number) => servers.gl.notes.filter((n) => n.noteable_iid === number).map((n) => n.body),
  chatTexts: () => servers.gl.chat.map((c) => (c.json as { text: string }).text),
}

const calls = (side: Side, match: RequestMatch) => (side === github ? servers.gh : servers.gl).calls('GET', match)
const inject = (side: Side, fault: Fault) => (side === github ? servers.gh : servers.gl).inject('GET', side.record, fault)

const WARNING = /^\[WARN\] REPORT_FLAP is not applied: the record of staging could not be read \((.*)\)(; its issues are closed as usual)?$/
// The two clients word a request abandoned at REPORT_TIMEOUT each in its own way.
const TIMED_OUT = new RegExp(`^no answer from the API \\(timed out after ${HANG_TIMEOUT}s\\)$`)

/** The one [WARN] line of `stderr`, split into why the record could not be read and the tail after it. */
function oneWarning(stderr: string, side: Side): { why: string; tail: string } {
  assert.not.ok(stderr.includes(side.token), 'the token is never in the output')
  const lines = stderr.split('\n').filter(Boolean)
  assert.is(lines.length, 1, `one [WARN] line and nothing else on stderr:\n${stderr}`)
  const match = WARNING.exec(lines[0]!)
  assert.ok(match, lines[0])
  return { why: match![1]!, tail: match![2] ?? '' }
}

const FAULTS: readonly { name: string; fault: (side: Side) => Fault; env: Record<string, string>; why: (side: Side, why: string) => void }[] = [
  { name: 'refused (403)', fault: (side: Side) => side.refused.fault, env: {}, why: (side: Side, why: string) => assert.is(why, `HTTP 403: ${side.refused.message}`) },
  { name: 'no answer (timeout)', fault: () => ({ hang: true }) as Fault, env: { REPORT_TIMEOUT: HANG_TIMEOUT }, why: (_: Side, why: string) => assert.match(why, TIMED_OUT) },
]

for (const side of [github, gitlab]) {
  for (const { name, fault, env, why } of FAULTS) {
    test(`${side.name} report, the record ${name}: the failure is filed as if REPORT_FLAP were unset, with one [WARN]`, async () => {
      side.seedEarlierOutage()
      const preview = await runInProcess('report.mts', ['--dry-run', 'Deploy job failed'], side.env())
      assert.is(preview.code, 0, preview.stderr)
      assert.match(preview.stdout, /\[INFO\] 2 outages of staging in 24 h \(this run included\): flapping: the issue would be labelled flapping\n/, 'readable, the record says flapping')
      const before = calls(side, side.record).length
      inject(side, fault(side))
      const r = await runInProcess('report.mts', ['Deploy job failed'], { ...side.env(), ...env })
      assert.is(r.code, 0, r.stderr)
      const warning = oneWarning(r.stderr, side)
      why(side, warning.why)
      assert.is(warning.tail, '', 'at report time the warning names no closing')
      assert.is(calls(side, side.record).length - before, 1, 'the record is read once: it is on the critical path')
      const issue = side.issues().find((i) => i.title === fixedTitle())
      assert.ok(issue, 'the failure is filed')
      assert.is(r.stdout, `[INFO] Created issue #${issue!.number}: ${side === github ? `${servers.gh.url}/acme/shop/issues/${issue!.number}` : `${servers.gl.url}/acme/platform/shop/-/issues/${issue!.number}`}\n[INFO] PagerDuty: incident open for #${issue!.number}\n`)
      assert.is(issue!.state, 'open')
      assert.equal(issue!.labels, ['auto-deploy-failure', 'ops'], 'no flapping label')
      assert.not.match(issue!.body, /Flapping/)
      assert.is(side.chatTexts().length, 1)
      assert.not.match(side.chatTexts()[0]!, /flapping/i)
      assert.equal(pagerActions(), ['trigger'], 'paged as without REPORT_FLAP')
    })

    test(`${side.name} resolve, the record ${name}: the issue is closed as usual, with one [WARN]`, async () => {
      side.seedEarlierOutage()
      const open = side.seedOpen()
      const preview = await runInProcess('resolve.mts', ['--dry-run'], side.env())
      assert.is(preview.code, 0, preview.stderr)
      assert.match(preview.stdout, new RegExp(`\\[INFO\\] Would leave issue #${open.number} open: staging is flapping`), 'readable, the record says flapping')
      const before = calls(side, side.record).length
      inject(side, fault(side))
      const r = await runInProcess('resolve.mts', [], { ...side.env(), ...env })
      assert.is(r.code, 0, r.stderr)
      const warning = oneWarning(r.stderr, side)
      why(side, warning.why)
      assert.is(warning.tail, '; its issues are closed as usual')
      assert.is(calls(side, side.record).length - before, 1, 'the record is read once')
      assert.is(r.stdout, `[INFO] Closed issue #${open.number}: ${open.url}\n[INFO] PagerDuty: incident resolved for #${open.number}\n`)
      assert.is(side.issues().find((i) => i.number === open.number)!.state, 'closed')
      const comments = side.commentsOn(open.number)
      assert.is(comments.length, 1, comments.join('\n---\n'))
      assert.ok(comments[0]!.startsWith(RECOVERY_MARKER), 'its recovery comment, as usual')
      assert.not.ok(comments.some((c) => c.includes(FLAPPING_NOTE)), 'no note leaving it open')
      assert.equal(pagerActions(), ['resolve'])
    })
  }
}

// The record read, but an open issue's comments (whether it was left open before) refused: the warning
// names what could not be read, not the record.
test('GitHub resolve, the open issue\'s comments refused: the [WARN] names them, and the issue is closed as usual', async () => {
  github.seedEarlierOutage()
  const open = github.seedOpen()
  servers.gh.inject('GET', new RegExp(`^/repos/acme/shop/issues/${open.number}/comments$`), { status: 403, body: { message: 'Resource not accessible by integration' } })
  const r = await runInProcess('resolve.mts', [], github.env())
  assert.is(r.code, 0, r.stderr)
  const [warning, ...rest] = r.stderr.split('\n').filter(Boolean)
  assert.is(warning, `[WARN] REPORT_FLAP is not applied: the comments of issue #${open.number} could not be read (HTTP 403: Resource not accessible by integration); its issues are closed as usual`)
  assert.equal(rest, [], r.stderr)
  assert.is(github.issues().find((i) => i.number === open.number)!.state, 'closed')
})

test.run()
