import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { recoverOnce } from '../../../../lib/core/flows/recover-once.ts'
import type { Tracker } from '../../../../lib/core/tracker.ts'
import { memoryTracker } from '../../../helpers/memory-tracker.ts'

const retry = { retryAttempts: 1, retryDelaySeconds: 0 }
const RECOVERY = `${RECOVERY_MARKER}\nRecovered.`

// A memory tracker that can delete comments, and where another resolver's comment lands just before ours.
function racing(twinFirst: boolean) {
  const tracker = memoryTracker()
  const deleted: number[] = []
  const addComment = tracker.addComment.bind(tracker)
  const withDelete: Tracker = {
    ...tracker,
    openIssues: tracker.openIssues.bind(tracker),
    closedIssues: tracker.closedIssues.bind(tracker),
    async addComment(n, body) {
      if (twinFirst) await addComment(n, body)
      return addComment(n, body)
    },
    async deleteComment(n, id) {
      deleted.push(id)
      const comments = tracker.issues.find((i) => i.number === n)!.comments
      comments.splice(comments.findIndex((c) => c.id === id), 1)
    },
  }
  return { tracker, withDelete, deleted }
}

test('alone: comments once, closes, and says this run did it', async () => {
  const { tracker, withDelete, deleted } = racing(false)
  const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  assert.is(await recoverOnce(withDelete, retry, issue, RECOVERY, memoryLog()), 'this run')
  assert.is(tracker.issues[0]!.comments.length, 1)
  assert.is(tracker.issues[0]!.state, 'closed')
  assert.equal(deleted, [])
})

test('another resolver commented first: ours is taken back and the close left to it', async () => {
  const { tracker, withDelete, deleted } = racing(true)
  const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  assert.is(await recoverOnce(withDelete, retry, issue, RECOVERY, memoryLog()), 'another run')
  assert.equal(tracker.issues[0]!.comments.map((c) => c.id), [1])
  assert.equal(deleted, [2])
  assert.is(tracker.issues[0]!.state, 'open', 'the other resolver closes it')
})

test('a recovery comment already there is not repeated; the issue is closed; one older than the last occurrence is history', async () => {
  const { tracker, withDelete } = racing(false)
  const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  await tracker.addComment(issue.number, RECOVERY)
  assert.is(await recoverOnce(withDelete, retry, issue, RECOVERY, memoryLog()), 'another run')
  assert.is(tracker.issues[0]!.comments.length, 1)
  assert.is(tracker.issues[0]!.state, 'closed')

  const again = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  await tracker.addComment(again.number, RECOVERY)
  await tracker.addComment(again.number, `${OCCURRENCE_MARKER}\nFailed again.`)
  assert.is(await recoverOnce(withDelete, retry, again, RECOVERY, memoryLog()), 'this run')
  assert.is(tracker.issues[1]!.comments.length, 3)
})

test('a tracker that cannot delete comments: no take-back, this run closes', async () => {
  const tracker = memoryTracker()
  const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  assert.is(await recoverOnce(tracker, retry, issue, RECOVERY, memoryLog()), 'this run')
  assert.is(tracker.issues[0]!.state, 'closed')
})

// The list's comment count: at 0 the read before commenting can find only a concurrent resolver's comment,
// which the re-read after commenting catches; with another count, or none, the read is made.
const before = (calls: readonly string[]) => calls.slice(0, calls.indexOf('addComment'))

test('the list said 0 comments: no read before commenting, one after; the issue is closed by this run', async () => {
  const { tracker, withDelete } = racing(false)
  const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  tracker.calls.length = 0
  assert.is(await recoverOnce(withDelete, retry, { number: issue.number, commentCount: 0 }, RECOVERY, memoryLog()), 'this run')
  assert.equal(tracker.calls, ['addComment', 'listComments', 'closeIssue'])
  assert.is(tracker.issues[0]!.comments.length, 1)
})

test('the list said 0 comments and another resolver commented since: the re-read still takes ours back', async () => {
  const { tracker, withDelete, deleted } = racing(true)
  const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  assert.is(await recoverOnce(withDelete, retry, { number: issue.number, commentCount: 0 }, RECOVERY, memoryLog()), 'another run')
  assert.equal(tracker.issues[0]!.comments.map((c) => c.id), [1])
  assert.equal(deleted, [2])
})

test('the list said 1 comment, or nothing: the comments are read before commenting', async () => {
  for (const listed of [{ commentCount: 1 }, {}]) {
    const { tracker, withDelete } = racing(false)
    const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
    tracker.calls.length = 0
    assert.is(await recoverOnce(withDelete, retry, { number: issue.number, ...listed }, RECOVERY, memoryLog()), 'this run')
    assert.equal(before(tracker.calls), ['listComments'], JSON.stringify(listed))
  }
})

test('the list said 1 comment and it is a recovery already: not repeated, closed', async () => {
  const { tracker, withDelete } = racing(false)
  const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  await tracker.addComment(issue.number, RECOVERY)
  assert.is(await recoverOnce(withDelete, retry, { number: issue.number, commentCount: 1 }, RECOVERY, memoryLog()), 'another run')
  assert.is(tracker.issues[0]!.comments.length, 1)
  assert.is(tracker.issues[0]!.state, 'closed')
})

test('a tracker that cannot take a comment back reads before commenting even at 0 (no re-read would catch a twin)', async () => {
  const tracker = memoryTracker()
  const issue = await tracker.createIssue({ title: 'T', body: '', labels: [], assignees: [] })
  tracker.calls.length = 0
  assert.is(await recoverOnce(tracker, retry, { number: issue.number, commentCount: 0 }, RECOVERY, memoryLog()), 'this run')
  assert.equal(tracker.calls, ['listComments', 'addComment', 'closeIssue'])
})

test.run()
