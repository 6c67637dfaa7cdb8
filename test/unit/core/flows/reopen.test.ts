// The report flow with REPORT_REOPEN_WINDOW set, on an in-memory tracker: reopen the recovered issue or,
// when a concurrent run has, comment on it; never file another.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fileReport } from '../../../../lib/core/flows/report.ts'
import { reopenIssue } from '../../../../lib/core/flows/reopen.ts'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { REGRESSION_MARKER } from '../../../../lib/core/find/regression.ts'
import { renderTitle } from '../../../../lib/core/text/issue.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'
import { memoryTracker } from '../../../helpers/memory-tracker.ts'

const failure = { ...SAMPLE_FAILURE, commitSha: 'bad0002', time: new Date() }
const target = { retryAttempts: 2, retryDelaySeconds: 0, reopenWindowHours: 1 }
const recovery = { id: 1, body: `${RECOVERY_MARKER}\n### Deploy recovered\n`, url: 'memory://issues/1#note-1' }

/** A memory tracker whose issue #1 for `staging` the resolver closed a minute ago; `open` as a concurrent run left it. */
function recovered(open = false) {
  const tracker = memoryTracker()
  tracker.issues.push({
    number: 1,
    title: renderTitle({ ...failure, commitSha: 'bad0001' }),
    body: '',
    labels: ['auto-deploy-failure', 'ops'],
    state: open ? 'open' : 'closed',
    createdAt: new Date(Date.now() - 600_000),
    closedAt: new Date(failure.time.getTime() - 90_000),
    comments: [recovery],
  })
  return tracker
}

test('still closed: reopened, with "failed again after recovery" carrying the log excerpt, and nothing created', async () => {
  const tracker = recovered()
  const log = memoryLog()
  const withLog = { ...failure, log: { text: 'npm ERR! code 1', source: 'deploy.log' } }
  const outcome = await fileReport(tracker, undefined, target, withLog, log)
  // The title of the issue that holds the report (filed for bad0001), not the one this run rendered.
  assert.equal(outcome, { outcome: 'reopened', number: 1, url: 'memory://issues/1', title: renderTitle({ ...failure, commitSha: 'bad0001' }) })
  assert.equal(log.lines, ['[INFO] Reopened issue #1: memory://issues/1'])
  assert.is(tracker.issues.length, 1)
  assert.is(tracker.issues[0]!.state, 'open')
  assert.equal(tracker.calls.filter((c) => !c.startsWith('list') && !c.endsWith('Issues')), ['reopenIssue', 'addComment'])
  const comment = tracker.issues[0]!.comments.at(-1)!.body
  assert.ok(comment.startsWith(`${OCCURRENCE_MARKER}\n${REGRESSION_MARKER}\n### Failed again 1 minute after recovery: occurrence 2\n`), comment)
  assert.ok(comment.includes('\n### Log excerpt\n<details><summary>Last 1 line of deploy.log</summary>\n\n```\nnpm ERR! code 1\n```\n'), comment)
})

test('already reopened by a concurrent run (its comment there): this run comments, sends no reopen and creates nothing', async () => {
  const tracker = recovered(true)
  tracker.issues[0]!.comments.push({ id: 2, body: `${OCCURRENCE_MARKER}\n${REGRESSION_MARKER}\n### Failed again 1 minute after recovery: occurrence 2\n`, url: 'memory://issues/1#note-2' })
  const log = memoryLog()
  const outcome = await fileReport(tracker, undefined, target, failure, log)
  assert.equal(outcome, { outcome: 'commented', number: 1, url: 'memory://issues/1', title: renderTitle({ ...failure, commitSha: 'bad0001' }) })
  assert.equal(log.lines.length, 1)
  assert.match(log.lines[0]!, /^\[INFO\] Commented on issue #1 \(occurrence 3\): memory:\/\/issues\/1#note-\d+$/)
  assert.equal(tracker.calls.filter((c) => !c.startsWith('list') && !c.endsWith('Issues')), ['addComment'])
  assert.ok(tracker.issues[0]!.comments.at(-1)!.body.startsWith(`${OCCURRENCE_MARKER}\n### Failed again: occurrence 3\n`))
})

test('already reopened, and the comment fails: the open issue holds the report (a duplicate), with one [WARN]', async () => {
  const tracker = recovered(true)
  tracker.addComment = async () => {
    throw new Error('refused')
  }
  const log = memoryLog()
  const issue = { number: 1, title: 't', url: 'memory://issues/1', body: '', labels: [], state: 'open' as const }
  const key = { group: 'title' as const, title: renderTitle(failure), time: failure.time }
  const done = await reopenIssue(tracker, target, key, { issue, open: true, recoveredAt: undefined }, failure, log)
  assert.equal([done?.outcome, done?.occurrence], ['duplicate', undefined])
  assert.equal(log.lines, ['[WARN] Could not comment on issue #1, so this occurrence is not recorded there (refused)', '[INFO] Open issue #1 holds this report: memory://issues/1'])
  assert.not.ok(tracker.calls.includes('reopenIssue'))
})

test.run()
