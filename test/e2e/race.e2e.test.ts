// Issue 3, item 2: reporters started at the same moment for the same failure converge on one open issue.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript, today } from '../helpers/helpers.ts'
import { useLoopback } from '../helpers/servers.ts'

const RUNS = 10
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', REPORT_RETRY_DELAY: '0.01' }
const TITLE = () => `[DEPLOY FAIL] staging — abc1234 — ${today()}`
const LIST = /^\/repos\/acme\/shop\/issues$/

const servers = useLoopback(test, { github: { createLatencyMs: 300 } })

/** Whether an `[INFO]` line names issue `n` by number and address. */
const names = (stdout: string, issue: { number: number; html_url: string }) =>
  stdout.split('\n').some((line) => line.startsWith('[INFO] ') && new RegExp(`#${issue.number}\\b`).test(line) && line.endsWith(` ${issue.html_url}`))

const race = (runs = RUNS) =>
  Promise.all(Array.from({ length: runs }, (_, i) => runScript('report.mts', [`Deploy job failed (${i})`], servers.gh.env(FIXED), { timeoutMs: 120_000 })))

test(`${RUNS} reporters that all see an empty list leave exactly one open issue, and all name it`, async () => {
  // Every first check is answered only once all of them have asked: all ten see no issue and create.
  servers.gh.holdLists(RUNS)
  const runs = await race()

  const open = servers.gh.openIssues(TITLE())
  assert.is(open.length, 1, `open: ${open.map((i) => i.number)}`)
  const survivor = open[0]!
  assert.is(servers.gh.calls('POST', LIST).length, RUNS, 'the race really happened: every run created')
  assert.is(survivor.number, Math.min(...servers.gh.issues.map((i) => i.number)), 'the oldest survives')

  for (const [i, r] of runs.entries()) {
    assert.is(r.code, 0, `run ${i}: ${r.stderr}`)
    assert.ok(names(r.stdout, survivor), `run ${i} names the survivor: ${r.stdout}`)
    assert.is(r.stderr, '', `run ${i}`)
  }
  const losers = servers.gh.issues.filter((i) => i.number !== survivor.number)
  assert.is(losers.length, RUNS - 1)
  // Closed the way GitHub's "Close as duplicate" does, naming the survivor by its id: no comment needed.
  for (const loser of losers) assert.is(loser.state_reason, 'duplicate', `#${loser.number}`)
  assert.equal(
    servers.gh.closes.sort((a, b) => a.number - b.number),
    losers.map((l) => ({ number: l.number, reason: 'duplicate', duplicateOf: survivor.number })),
    'each loser closed once, as a duplicate of the survivor',
  )
  assert.is(servers.gh.comments.length, 0)
  assert.is(servers.gh.requests.filter((q) => q.method !== 'GET').length, RUNS + RUNS - 1, 'a loser costs two writes: its create and its close')
  assert.is(servers.gh.chat.length, RUNS)
})

// The fallback is each loser's own, so three reporters show it as well as ten: two losers, each of which
// must name the survivor, not the other loser, in its comment.
const FALLBACK_RUNS = 3

test(`a server that refuses the duplicate reason: ${FALLBACK_RUNS} reporters, the losers get a "Duplicate of" comment and close as not planned`, async () => {
  servers.gh.knowsDuplicateReason = false
  servers.gh.holdLists(FALLBACK_RUNS)
  const runs = await race(FALLBACK_RUNS)
  assert.is(runs.length, FALLBACK_RUNS)
  assert.is(servers.gh.openIssues(TITLE()).length, 1)
  const survivor = servers.gh.openIssues(TITLE())[0]!
  for (const [i, r] of runs.entries()) assert.is(r.code, 0, `run ${i}: ${r.stderr}`)
  const losers = servers.gh.issues.filter((i) => i.number !== survivor.number)
  for (const loser of losers) {
    assert.is(loser.state_reason, 'not_planned', `#${loser.number}`)
    const notes = servers.gh.comments.filter((c) => c.issue_number === loser.number)
    assert.is(notes.length, 1, `#${loser.number} has one comment`)
    assert.match(notes[0]!.body ?? '', new RegExp(`^Duplicate of #${survivor.number}\\b`))
  }
  assert.is(losers.length, FALLBACK_RUNS - 1, 'the race really happened: every run created')
  assert.is(servers.gh.closes.length, FALLBACK_RUNS - 1)
})

// The two races below are about what the server does (a limit) or does not do (hold the lists), not about
// how many race. The limit's, three reporters: one create fits the window, two are refused and waited out,
// as ten did. The unaided race, four: enough that a run may list while some creates have landed and others
// not (it must still name the survivor, not a loser it saw). The ten that issue 3 asks for are the first test's.
const LIMITED = 3
const FEW = 4

test(`${LIMITED} reporters against GitHub's secondary limit on content creation (403 + retry-after) still converge`, async () => {
  // One create fits the window; the others are refused and waited out within REPORT_MAX_WAIT.
  servers.gh.contentLimit = { max: 1, windowMs: 2000 }
  servers.gh.holdLists(LIMITED)
  const runs = await race(LIMITED)
  assert.ok(servers.gh.limited.length > 0, 'the limit was hit')
  const open = servers.gh.openIssues(TITLE())
  assert.is(open.length, 1, `open: ${open.map((i) => i.number)}`)
  for (const [i, r] of runs.entries()) {
    assert.is(r.code, 0, `run ${i}: ${r.stderr}`)
    assert.ok(names(r.stdout, open[0]!), `run ${i}: ${r.stdout}`)
    for (const line of r.stderr.split('\n').filter(Boolean)) assert.match(line, /^\[WARN\] Secondary rate limit on POST \/repos\/acme\/shop\/issues; waiting [12]s$/)
  }
  assert.is(servers.gh.closes.length, servers.gh.issues.length - 1)
})

test(`${FEW} reporters started together without help from the server still converge`, async () => {
  const runs = await race(FEW)
  assert.is(servers.gh.openIssues(TITLE()).length, 1)
  const survivor = servers.gh.openIssues(TITLE())[0]!
  for (const [i, r] of runs.entries()) {
    assert.is(r.code, 0, `run ${i}: ${r.stderr}`)
    assert.ok(names(r.stdout, survivor), `run ${i}: ${r.stdout}`)
  }
  for (const closed of servers.gh.issues.filter((i) => i.state === 'closed')) assert.is(closed.state_reason, 'duplicate')
})

test.run()
