// The reader needs nothing but the Tracker seam: the in-memory tracker stands in for GitHub and GitLab.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { readHistory } from '../../../../lib/core/stats/read.ts'
import { memoryTracker, type MemoryIssue } from '../../../helpers/memory-tracker.ts'

const period = { since: new Date('2026-10-01T00:00:00Z'), until: new Date('2026-11-01T00:00:00Z') }
const t = (day: number, hour = 0) => new Date(Date.UTC(2026, 9, day, hour))
let id = 0
const comment = (body: string, at: Date) => ({ id: ++id, body, url: 'memory://c', createdAt: at })

function issue(number: number, env: string, created: Date, fields: Partial<MemoryIssue> = {}): MemoryIssue {
  return { number, title: `[DEPLOY FAIL] ${env} — c${number} — 2026-10-01`, body: 'long body '.repeat(100), labels: ['auto-deploy-failure', 'ops'], state: 'open', createdAt: created, comments: [], ...fields }
}

test('comments are read only where the count says there may be recurrences; environments and deploys follow the episodes', async () => {
  const tracker = memoryTracker()
  tracker.issues.push(
    // Recovered with its single comment, the resolver's: not read.
    issue(1, 'prod', t(2), { state: 'closed', closedAt: t(2, 1), closedAs: 'completed', comments: [comment(`${RECOVERY_MARKER}\n`, t(2, 1))] }),
    // A recurrence, then the recovery: read.
    issue(2, 'prod', t(3), { state: 'closed', closedAt: t(3, 2), closedAs: 'completed', comments: [comment(`${OCCURRENCE_MARKER}\n`, t(3, 1)), comment(`${RECOVERY_MARKER}\n`, t(3, 2))] }),
    // Open without comments: not read.
    issue(3, 'stage', t(4)),
    // Filed after the period: left out.
    issue(4, 'later', t(40)),
    // Not labelled: left out.
    issue(5, 'prod', t(5), { labels: ['ops'] }),
  )
  tracker.deploys.set('prod', { count: 20, includesFailed: true })
  const history = await readHistory(tracker, period)
  assert.equal(tracker.calls.filter((c) => c === 'listComments').length, 1)
  assert.equal(history.environments, ['prod', 'stage'])
  assert.equal(history.episodes.map((e) => [e.environment, e.ending, e.runs.length]), [['prod', 'recovered', 1], ['prod', 'recovered', 2], ['stage', 'failing', 1]])
  assert.equal([...history.deploys], [['prod', { count: 20, includesFailed: true }], ['stage', { count: 0, includesFailed: true }]])
})

test('--env: only those environments, even one that never failed', async () => {
  const tracker = memoryTracker()
  tracker.issues.push(issue(1, 'prod', t(2)), issue(2, 'stage', t(3)))
  const history = await readHistory(tracker, period, ['stage', 'qa'])
  assert.equal(history.environments, ['stage', 'qa'])
  assert.equal(history.episodes.map((e) => e.environment), ['stage'])
  assert.equal(history.named, ['prod', 'stage'], 'every environment an issue names, asked for or not')
})

test('an environment whose name holds U+2028 or U+2029 is read like any other, not dropped (issue 32)', async () => {
  const tracker = memoryTracker()
  tracker.issues.push(issue(1, 'eu\u2028west', t(2)), issue(2, 'us\u2029east', t(3)), issue(3, 'prod', t(4)))
  const history = await readHistory(tracker, period)
  assert.equal(history.environments, ['eu\u2028west', 'prod', 'us\u2029east'])
})

test('a failed read is not swallowed', async () => {
  const tracker = memoryTracker()
  tracker.issues.push(issue(1, 'prod', t(2), { comments: [comment(`${OCCURRENCE_MARKER}\n`, t(2, 1))] }))
  tracker.listComments = async () => {
    throw new Error('boom')
  }
  await readHistory(tracker, period).then(
    () => assert.unreachable('should have thrown'),
    (error: Error) => assert.is(error.message, 'boom'),
  )
})

test.run()
