// Failing runs right after a recovery (REPORT_REOPEN_WINDOW), on GitHub and GitLab alike: however they
// interleave, they end with the recovered issue reopened and never file an issue of their own, so no
// subscriber is notified of an issue that was never needed.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript, type RunResult } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { startTracker, TRACKERS, type TrackerServer } from '../helpers/trackers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01', REPORT_TIMEOUT: '5' }
const FAILED = { CI_COMMIT_SHA: 'bad0002', CI_COMMIT_MESSAGE: 'Break it again', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/2', REPORT_REOPEN_WINDOW: '1', ...FAST }
const GOOD = { CI_COMMIT_SHA: 'f1x0001', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/1', ...FAST }
const OCCURRENCE = '<!-- deploy-failure-reporter:occurrence -->'
const RECOVERY = '<!-- deploy-failure-reporter:recovery -->'
// Three runs: one reopens, and two more that all saw the issue closed must each find it reopened, not
// reopen it again or file another; every first list is held until all three have asked (holdLists).
const RUNS = 3

const lastJson = (r: RunResult) => JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!) as { outcome: string; number: number | null }

// What only a process shows here is several runs at once; the runs that set the stage, and the one after
// another, take turns, so they run in this process (in-process.ts), ~0.4 s of CPU less each.

/** Files a failure and lets the real resolver close it after a good deploy; returns its number. */
async function failThenRecover(s: TrackerServer): Promise<number> {
  const filed = await runInProcess('report.mts', ['Deploy job failed'], s.env({ ...FAILED, CI_COMMIT_SHA: 'bad0001', REPORT_REOPEN_WINDOW: '0' }))
  assert.is(filed.code, 0, filed.stderr)
  const resolved = await runInProcess('resolve.mts', [], s.env(GOOD))
  assert.is(resolved.code, 0, resolved.stderr)
  const [issue] = s.issues()
  assert.is(issue!.open, false, 'the resolver closed it')
  return issue!.number
}

// The occurrence comments after the recovery comment: what the failing runs recorded on the issue.
const occurrencesAfterRecovery = (s: TrackerServer, n: number) => {
  const comments = s.comments(n)
  return comments.slice(comments.findIndex((c) => c.startsWith(RECOVERY)) + 1).filter((c) => c.startsWith(OCCURRENCE))
}

const withTracker = (kind: (typeof TRACKERS)[number], body: (s: TrackerServer) => Promise<void>) => async () => {
  const s = await startTracker(kind)
  try {
    await body(s)
  } finally {
    await s.close()
  }
}

for (const kind of TRACKERS) {
  test(`${kind}: a run that looks after another run reopened the issue comments on it and files nothing`, withTracker(kind, async (s) => {
    const recovered = await failThenRecover(s)
    const first = await runInProcess('report.mts', ['--json', 'Deploy job failed (1)'], s.env(FAILED))
    assert.is(first.code, 0, first.stderr)
    assert.equal(lastJson(first), { ...lastJson(first), outcome: 'reopened', number: recovered })
    // The second run's list of closed issues no longer shows the reopened one.
    const creates = s.creates().length
    const second = await runInProcess('report.mts', ['--json', 'Deploy job failed (2)'], s.env(FAILED))
    assert.is(second.code, 0, second.stderr)
    assert.is(second.stderr, '')
    assert.is(s.creates().length, creates, `nothing created: ${second.stdout}`)
    assert.equal(lastJson(second), { ...lastJson(second), outcome: 'commented', number: recovered })
    assert.match(second.stdout, new RegExp(`^\\[INFO\\] Commented on issue #${recovered} \\(occurrence 3\\): `, 'm'))
    assert.equal(s.openIssues().map((i) => i.number), [recovered])
    const occurrences = occurrencesAfterRecovery(s, recovered)
    assert.is(occurrences.length, 2)
    assert.match(occurrences[0]!, /### Failed again \d+ minutes? after recovery: occurrence 2\n/)
    assert.match(occurrences[1]!, /### Failed again: occurrence 3\n/)
    assert.ok(occurrences[1]!.includes('Deploy job failed (2)'))
  }))
}

// The concurrent runs, as processes: each tracker once and each grouping once, not every pair. The grouping
// is the run layer's search key (lib/core), which neither tracker's module reads; the reopen and what a run
// makes of another's is each tracker's own. Six processes fewer than the four pairs.
const RACES = [['github', 'title'], ['gitlab', 'environment']] as const satisfies readonly (readonly [(typeof TRACKERS)[number], string])[]

for (const [kind, group] of RACES) {
  test(`${kind} (REPORT_GROUP=${group}): ${RUNS} concurrent runs right after a recovery reopen it once and never create`, withTracker(kind, async (s) => {
    const recovered = await failThenRecover(s)
    const creates = s.creates().length
    // Every run's first list is answered only once all have asked: all see no open issue for the report.
    s.holdLists(RUNS)
    const env = s.env({ ...FAILED, REPORT_GROUP: group })
    const runs = await Promise.all(Array.from({ length: RUNS }, (_, i) => runScript('report.mts', ['--json', `Deploy job failed (${i})`], env, { timeoutMs: 120_000 })))
    for (const r of runs) assert.is(r.code, 0, r.stderr)
    assert.is(s.creates().length, creates, `no run created an issue: ${runs.map((r) => r.stdout).join('\n')}`)
    assert.equal(s.openIssues().map((i) => i.number), [recovered])
    assert.is(s.issues().length, 1)
    const outcomes = runs.map((r) => lastJson(r).outcome)
    for (const r of runs) assert.is(lastJson(r).number, recovered)
    assert.is(outcomes.filter((o) => o === 'reopened').length, 1, outcomes.join())
    // Environment grouping: a run whose first look already saw the reopened issue holds it as a duplicate (skip).
    assert.ok(outcomes.every((o) => o === 'reopened' || o === 'commented' || (group === 'environment' && o === 'duplicate')), outcomes.join())
    const occurrences = occurrencesAfterRecovery(s, recovered)
    assert.is(occurrences.length, outcomes.filter((o) => o !== 'duplicate').length, 'each reopening or commenting run recorded its occurrence once')
    assert.match(occurrences[0]!, /### Failed again \d+ minutes? after recovery: occurrence 2\n/)
  }))
}

test.run()
