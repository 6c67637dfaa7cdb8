// The core runs against any `Tracker` and any `ChatNotifier`: here an in-memory tracker and a recording
// notifier, with no HTTP anywhere.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChatEvent, ChatNotifier } from '../../../lib/core/chat.ts'
import { converge, duplicateComment } from '../../../lib/core/flows/converge.ts'
import { renderBody, renderTitle } from '../../../lib/core/text/issue.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { fileReport } from '../../../lib/core/flows/report.ts'
import { resolveRecovery } from '../../../lib/core/flows/resolve.ts'
import { SAMPLE_FAILURE } from '../../helpers/fixtures.ts'
import { memoryTracker } from '../../helpers/memory-tracker.ts'

const retry = { retryAttempts: 2, retryDelaySeconds: 0 }
const recorder = () => {
  const sent: ChatEvent[] = []
  const chat: ChatNotifier = { format: 'test', host: 'chat.test', send: async (event) => (sent.push(event), { ok: true, status: 200 }) }
  return { sent, chat }
}

test('report: creates once, then finds the duplicate and comments an occurrence; the chat hears each', async () => {
  const tracker = memoryTracker()
  const { sent, chat } = recorder()
  const failure = { ...SAMPLE_FAILURE, time: new Date() }
  const log = memoryLog()
  const created = await fileReport(tracker, chat, retry, failure, log)
  assert.equal(created, { outcome: 'created', number: 1, url: 'memory://issues/1', title: renderTitle(failure) })
  assert.equal(tracker.issues.map((i) => [i.title, i.body, i.labels]), [[renderTitle(failure), renderBody(failure), ['auto-deploy-failure', 'ops']]])
  assert.equal(log.lines, ['[INFO] Created issue #1: memory://issues/1'])

  const again = await fileReport(tracker, chat, { ...retry, onDuplicate: 'comment' }, failure, memoryLog())
  assert.is(again.outcome, 'commented')
  assert.is(tracker.issues.length, 1)
  assert.is(tracker.issues[0]!.comments.length, 1)
  assert.equal(sent, [
    { kind: 'failure', failure, issue: { number: 1, url: 'memory://issues/1' } },
    { kind: 'recurrence', failure, issue: { number: 1, url: 'memory://issues/1' }, occurrence: 2 },
  ])
})

test('converge: the younger issue is closed as a duplicate of the older, with no comment', async () => {
  const tracker = memoryTracker()
  const older = await tracker.createIssue({ title: 'T', body: '', labels: ['auto-deploy-failure'], assignees: [] })
  const own = await tracker.createIssue({ title: 'T', body: '', labels: ['auto-deploy-failure'], assignees: [] })
  const survivor = await converge(tracker, retry, own, async () => older, memoryLog())
  assert.is(survivor.number, older.number)
  assert.equal(tracker.issues[1]!.comments.map((c) => c.body), [])
  assert.equal(tracker.issues[1]!.closedAs, { duplicateOf: older })
  assert.match(duplicateComment(older), /^Duplicate of #1\n/, 'kept for servers that refuse the duplicate reason')
  assert.is(tracker.issues[0]!.state, 'open')
})

test('resolve: comments on and closes the environment\'s issues as completed, one recovery notice', async () => {
  const tracker = memoryTracker()
  const failure = { ...SAMPLE_FAILURE, time: new Date() }
  await fileReport(tracker, undefined, retry, failure, memoryLog())
  await tracker.createIssue({ title: renderTitle({ ...failure, environment: `${failure.environment}-eu` }), body: '', labels: ['auto-deploy-failure'], assignees: [] })
  const { sent, chat } = recorder()
  const recovery = { environment: failure.environment, commitSha: 'c0ffee1', pipelineUrl: 'https://ci.example/p/9', time: new Date(Date.now() + 60_000) }
  const result = await resolveRecovery(tracker, chat, retry, recovery, memoryLog())
  assert.equal(result, { outcome: 'resolved', closed: [1], failed: [] })
  assert.equal(tracker.issues.map((i) => [i.state, i.closedAs]), [['closed', 'completed'], ['open', undefined]])
  assert.is(tracker.issues[0]!.comments.length, 1)
  // Filed a minute before the recovery: the notice says so.
  assert.equal(sent, [{ kind: 'recovery', recovery, closed: [{ number: 1, url: 'memory://issues/1' }], recovered: 'Recovered after 1 min and 1 failed run' }])
})


test('report: a bug while listing surfaces as itself, once, not as a skipped duplicate check', async () => {
  const bug = new TypeError('issue.labels.map is not a function')
  let lists = 0
  const tracker = {
    ...memoryTracker(),
    openIssues: async function* () {
      lists++
      throw bug
    },
  }
  const log = memoryLog()
  const error = await fileReport(tracker, undefined, retry, { ...SAMPLE_FAILURE, time: new Date() }, log).catch((e: unknown) => e)
  assert.is(error, bug)
  assert.is(lists, 1)
  assert.is(tracker.issues.length, 0)
  assert.not.ok(log.lines.some((line) => line.startsWith('[WARN]')), log.lines.join('\n'))
})

test('report: a bug while creating is not retried and is thrown as itself after the spec\'s line', async () => {
  const bug = new RangeError('Invalid time value')
  const memory = memoryTracker()
  let creates = 0
  const tracker = {
    ...memory,
    createIssue: async () => {
      creates++
      throw bug
    },
  }
  const log = memoryLog()
  const error = await fileReport(tracker, undefined, retry, { ...SAMPLE_FAILURE, time: new Date() }, log).catch((e: unknown) => e)
  assert.is(error, bug)
  assert.is(creates, 1)
  assert.equal(log.lines, ['[ERROR] Failed to create issue'])
})

test.run()
