// Issue 3, items 1, 3, 4, 6 and 7: complete dedup at any size, ambiguous creates, retries, time limits and
// request counts: what `report` asks the loopback GitHub, in what order and how often, and what it prints,
// run in process. What only a process shows, that requests abandoned on their time limit keep no process
// alive, is in test/e2e/reliability.e2e.test.ts.
// test-runner: waits, ~10 s, half of it waiting out hanging answers (REPORT_TIMEOUT below), for ~2 s of CPU
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { today } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { type Fault, type LoopbackGitHub } from '../../helpers/loopback-github.ts'
import { runScenarios, type Scenario } from '../../helpers/scenarios.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01' }
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/7' }
const TITLE = () => `[DEPLOY FAIL] staging — abc1234 — ${today()}`
const LIST = /^\/repos\/acme\/shop\/issues$/
const DAY = 24 * 60 * 60 * 1000

const servers = useLoopback(test, { github: true })

const report = (server: LoopbackGitHub, env: Record<string, string> = {}) =>
  runInProcess('report.mts', ['Deploy job failed'], server.env({ ...FIXED, ...FAST, ...env }))
const lists = (server = servers.gh) => server.calls('GET', LIST)
const creates = (server = servers.gh) => server.calls('POST', LIST)
const holds = (server: LoopbackGitHub, n: number) => `[INFO] Open issue #${n} holds this report: ${server.url}/acme/shop/issues/${n}\n`
const created = (server: LoopbackGitHub, n: number) => `[INFO] Created issue #${n}: ${server.url}/acme/shop/issues/${n}\n`
const DUPLICATE = '[INFO] Duplicate issue found, skipping creation\n'

test('item 1: pages past the first are read by the Link header, the walk stops at the first match, pull requests never count', async () => {
  for (let i = 0; i < 150; i++) servers.gh.addIssue({ title: `[DEPLOY FAIL] staging — other${i} — ${today()}` })
  servers.gh.addIssue({ title: TITLE(), pull_request: { url: `${servers.gh.url}/pulls/151` } })
  for (let i = 0; i < 80; i++) servers.gh.addIssue({ title: `unrelated ${i}` })
  const match = servers.gh.addIssue({ title: `Re: ${TITLE()}` })
  for (let i = 0; i < 250; i++) servers.gh.addIssue({ title: `later ${i}` })

  const r = await report(servers.gh)
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, DUPLICATE + holds(servers.gh, match.number))
  assert.equal(lists().map((q) => q.query.get('page')), [null, '2', '3'], 'pages 1–3 of 5, nothing after the match')
  assert.is(creates().length, 0)
})

test('item 1: with 10,000 open labelled issues from earlier days, at most 2 list requests still find today\'s match', async () => {
  const old = new Date(Date.now() - 3 * DAY).toISOString()
  for (let i = 0; i < 10_000; i++) servers.gh.addIssue({ title: `[DEPLOY FAIL] production — old${i} — 2020-01-01`, created_at: old, updated_at: old })
  // Old issues touched today (a comment, a label) are listed too: 120 of them push the match onto page 2.
  for (let i = 0; i < 120; i++) servers.gh.addIssue({ title: `[DEPLOY FAIL] production — touched${i} — 2020-01-02`, created_at: old })
  const match = servers.gh.addIssue({ title: TITLE() })

  const r = await report(servers.gh)
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, DUPLICATE + holds(servers.gh, match.number))
  assert.ok(lists().length <= 2, `${lists().length} list requests`)
  assert.is(creates().length, 0)
})

test('item 7: the duplicate path makes 1 list request and 1 chat post', async () => {
  servers.gh.addIssue({ title: TITLE() })
  const r = await report(servers.gh)
  assert.is(r.code, 0, r.stderr)
  assert.equal(servers.gh.requests.map((q) => `${q.method} ${q.path}`), ['GET /repos/acme/shop/issues'])
  assert.is(servers.gh.chat.length, 1)
})

test('item 7: the create path makes list + create + one re-check and 1 chat post', async () => {
  const r = await report(servers.gh)
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, created(servers.gh, 1))
  assert.equal(servers.gh.requests.map((q) => `${q.method} ${q.path}`), ['GET /repos/acme/shop/issues', 'POST /repos/acme/shop/issues', 'GET /repos/acme/shop/issues'])
  assert.is(servers.gh.chat.length, 1)
})

test('item 3: a create that times out, is reset or answers 5xx never leaves a duplicate, committed or not', async () => {
  const committed: Fault[] = [{ commitThen: 502 }, { commitThen: 500 }, { commitThen: 'reset' }, { commitThen: 'hang' }]
  const lost: Fault[] = [{ status: 502 }, { status: 503 }, { reset: true }, { hang: true }]
  // The eight runs take turns, each against its own server. REPORT_TIMEOUT 2 s: short enough to wait out
  // the two hangs, long for any ordinary request on a loaded machine, which would otherwise be retried
  // and change the counted requests.
  await runScenarios(
    [
      ...committed.map((fault): Scenario => ({
        name: `committed, then ${JSON.stringify(fault)}`,
        arrange: (s) => s.inject('POST', LIST, fault),
        check: (s, r) => {
          assert.is(r.code, 0)
          assert.is(s.openIssues(TITLE()).length, 1)
          assert.is(r.stdout, created(s, 1), 'names the issue the look found')
          assert.is(creates(s).length, 1, 'looked again instead of creating again')
          assert.is(lists(s).length, 2, 'the first check and one look')
          assert.match(r.stderr, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.01s\.\.\. \(creating the issue: /m)
        },
      })),
      ...lost.map((fault): Scenario => ({
        name: `not committed, ${JSON.stringify(fault)}`,
        arrange: (s) => s.inject('POST', LIST, fault),
        check: (s, r) => {
          assert.is(r.code, 0)
          assert.is(s.openIssues(TITLE()).length, 1)
          assert.is(r.stdout, created(s, 1))
          assert.is(creates(s).length, 2, 'created again only after a look found nothing')
          assert.is(lists(s).length, 3, 'the first check, one look, the re-check')
        },
      })),
    ],
    { ...FIXED, ...FAST, REPORT_TIMEOUT: '2' },
    { run: runInProcess, inTurns: true },
  )
})

test('item 3/4: a look that fails is retried as part of the create, never answered by a blind second create', async () => {
  // The first check (3 attempts) and the first look fail; the create was committed before its 502.
  servers.gh.inject('GET', LIST, { status: 500 }, 4)
  servers.gh.inject('POST', LIST, { commitThen: 502 })
  const r = await report(servers.gh)
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, created(servers.gh, 1))
  assert.is(servers.gh.openIssues(TITLE()).length, 1)
  assert.is(creates().length, 1)
  assert.is(lists().length, 5, '3 for the first check, then 1 per look: no retries inside the create loop')
})

test('item 4: with the API down, retries stay one level deep: no retries multiplied inside the create loop', async () => {
  servers.gh.inject('GET', LIST, { status: 500 }, 99)
  servers.gh.inject('POST', LIST, { status: 502 }, 99)
  const r = await report(servers.gh)
  assert.is(r.code, 1)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
  assert.is(creates().length, 1, 'never created again without a look that answered')
  assert.is(lists().length, 6, '3 attempts for the first check, then 1 per look (2 retries of the create, 1 last look)')
})

test('item 4: every create failing transiently: REPORT_RETRY_ATTEMPTS creates with backoff, one look between each, exit 1', async () => {
  servers.gh.inject('POST', LIST, { status: 502 }, 99)
  const r = await report(servers.gh, { REPORT_RETRY_ATTEMPTS: '2', REPORT_RETRY_DELAY: '0.05' })
  assert.is(r.code, 1)
  assert.is(creates().length, 2)
  assert.is(lists().length, 3, 'the first check, one look before the second create, one last look')
  assert.match(r.stderr, /^\[WARN\] Attempt 1\/2 failed, retrying in 0\.05s\.\.\. \(creating the issue: HTTP 502/m)
  assert.not.match(r.stderr, /Attempt 2\/2 failed/)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue\n\[ERROR\] HTTP 502/m)
  assert.is(servers.gh.openIssues().length, 0)
  assert.is(servers.gh.chat.length, 1, 'the chat notice still goes out')
})

test('item 4: a 5xx list is retried with the doubling backoff; 4xx answers are never retried', async () => {
  servers.gh.addIssue({ title: TITLE() })
  servers.gh.inject('GET', LIST, { status: 502 }, 2)
  let r = await report(servers.gh, { REPORT_RETRY_DELAY: '0.02' })
  assert.is(r.code, 0, r.stderr)
  assert.is(lists().length, 3)
  assert.match(r.stderr, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.02s\.\.\. \(GET \/repos\/acme\/shop\/issues: HTTP 502/m)
  assert.match(r.stderr, /^\[WARN\] Attempt 2\/3 failed, retrying in 0\.04s\.\.\./m)
  assert.is(r.stdout, DUPLICATE + holds(servers.gh, 1))

  servers.gh.requests.length = 0
  servers.gh.issues[0]!.state = 'closed'
  servers.gh.inject('GET', LIST, { status: 404, body: { message: 'Not Found' } })
  servers.gh.inject('POST', LIST, { status: 403, body: { message: 'Resource not accessible by integration' } })
  r = await report(servers.gh)
  assert.is(r.code, 1)
  assert.is(lists().length, 1, 'a 404 list is not retried, and counts as empty')
  assert.is(creates().length, 1, 'a 403 without rate-limit headers is not retried')
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue\n\[ERROR\] HTTP 403: Resource not accessible/m)
})

test('item 6: a chat webhook that never answers is abandoned silently after REPORT_CHAT_TIMEOUT', async () => {
  servers.gh.injectChat({ hang: true })
  const r = await report(servers.gh, { REPORT_CHAT_TIMEOUT: '0.3' })
  assert.is(r.code, 0)
  assert.is(r.stdout, created(servers.gh, 1))
  assert.is(r.stderr, '')
  assert.is(servers.gh.chat.length, 1)
})

test.run()
