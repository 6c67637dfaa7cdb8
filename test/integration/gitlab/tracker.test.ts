import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createGitLabTracker, projectId } from '../../../lib/gitlab/tracker.ts'
import type { Issue, Tracker } from '../../../lib/core/tracker.ts'
import { ApiError, DuplicateRefused } from '../../../lib/core/errors.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { gitlab: true })

const tracker = (project = 'acme/platform/shop', log = memoryLog()): Tracker =>
  createGitLabTracker({ project, token: servers.gl.token, apiUrl: servers.gl.apiUrl, timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 3, retryDelaySeconds: 0.01, writeIntervalSeconds: 0 }, log)

const collect = async (pages: AsyncIterable<readonly Issue[]>) => {
  const out: Issue[][] = []
  for await (const page of pages) out.push([...page])
  return out
}

test('a project path is URL-encoded whole; a numeric id stays as it is', () => {
  assert.is(projectId('group/sub/project'), 'group%2Fsub%2Fproject')
  assert.is(projectId('4242'), '4242')
})

test('createIssue sends title, description and labels as one comma-separated string; maps iid and web_url', async () => {
  const issue = await tracker().createIssue({ title: 'T', body: 'B', labels: ['auto-deploy-failure', 'ops'], assignees: [] })
  const [post] = servers.gl.calls('POST')
  assert.is(post!.path, '/projects/acme%2Fplatform%2Fshop/issues')
  assert.equal(post!.json, { title: 'T', description: 'B', labels: 'auto-deploy-failure,ops' })
  const stored = servers.gl.issues[0]!
  assert.equal(issue, { number: stored.iid, title: 'T', url: stored.web_url, body: 'B', labels: ['auto-deploy-failure', 'ops'], state: 'open', createdAt: new Date(stored.created_at), commentCount: 0 })
  assert.match(issue.url, /\/acme\/platform\/shop\/-\/issues\/1$/)
})

test('assignees are looked up by username and sent as ids; an unknown name is warned about and left out', async () => {
  const log = memoryLog()
  await tracker('4242', log).createIssue({ title: 'T', body: 'B', labels: ['x'], assignees: ['alice', 'nobody'] })
  assert.equal((servers.gl.calls('POST')[0]!.json as { assignee_ids: number[] }).assignee_ids, [8])
  assert.equal(log.lines, ['[WARN] No GitLab user named nobody; the issue is filed without that assignee'])
})

test('limits are GitLab\'s: title 255, description 1,048,576', () => {
  assert.equal(tracker().limits, { title: 255, body: 1_048_576 })
  assert.is(tracker().kind, 'gitlab')
})

test('openIssues asks for opened issues with the label, oldest first, 100 a page, updated_after; reads past page 1', async () => {
  for (let i = 0; i < 130; i++) servers.gl.addIssue({ title: `t${i}` })
  servers.gl.addIssue({ title: 'closed', state: 'closed' })
  servers.gl.addIssue({ title: 'other label' }, ['ops'])
  const since = new Date('2020-01-01T00:00:00Z')
  const pages = await collect(tracker().openIssues({ label: 'auto-deploy-failure', updatedSince: since }))
  assert.equal(pages.map((p) => p.length), [100, 30])
  assert.equal(pages.flat().map((i) => i.number), Array.from({ length: 130 }, (_, i) => i + 1))
  const q = servers.gl.calls('GET', /\/issues$/)[0]!.query
  assert.is(q.get('state'), 'opened')
  assert.is(q.get('labels'), 'auto-deploy-failure')
  assert.is(q.get('per_page'), '100')
  assert.is(q.get('order_by'), 'created_at')
  assert.is(q.get('sort'), 'asc')
  assert.is(q.get('updated_after'), since.toISOString())
})

test('openIssues without updatedSince sends no updated_after; description null becomes an empty body; user_notes_count is the comment count', async () => {
  servers.gl.addIssue({ title: 'a', user_notes_count: 2 })
  const [[issue]] = (await collect(tracker().openIssues({ label: 'auto-deploy-failure' }))) as [[Issue]]
  assert.is(issue.body, '')
  assert.is(issue.state, 'open')
  assert.is(issue.commentCount, 2)
  assert.is(servers.gl.calls('GET')[0]!.query.has('updated_after'), false)
})

test('closedIssues keeps those closed at or after closedSince, newest first', async () => {
  const closed = (title: string, at: string, updated = at) => servers.gl.addIssue({ title, state: 'closed', closed_at: at, updated_at: updated })
  closed('old', '2020-01-01T00:00:00.000Z')
  closed('a', '2030-01-02T00:00:00.000Z')
  closed('b', '2030-01-03T00:00:00.000Z')
  closed('closed long ago, edited lately', '2020-01-01T00:00:00.000Z', '2030-01-04T00:00:00.000Z')
  servers.gl.addIssue({ title: 'open' })
  const pages = await collect(tracker().closedIssues({ label: 'auto-deploy-failure', closedSince: new Date('2029-12-31T00:00:00Z') }))
  assert.equal(pages.flat().map((i) => i.title), ['b', 'a'])
  assert.equal(pages.flat()[0]!.closedAt, new Date('2030-01-03T00:00:00.000Z'))
  const q = servers.gl.calls('GET')[0]!.query
  assert.is(q.get('state'), 'closed')
  assert.is(q.get('updated_after'), '2029-12-31T00:00:00.000Z')
})

test('close, close as not planned and reopen use state_event; a duplicate is refused before any request; updateBody sets the description', async () => {
  const a = servers.gl.addIssue({ title: 'a' })
  const b = servers.gl.addIssue({ title: 'b' })
  const t = tracker()
  await t.closeIssue(a.iid, 'completed')
  assert.is(a.state, 'closed')
  await t.reopenIssue(a.iid)
  assert.is(a.state, 'opened')
  // GitLab has no close reason to name the original by: the core adds a "Duplicate of" note instead (converge.ts).
  const refused = await t.closeIssue(b.iid, { duplicateOf: { number: a.iid, title: 'a', url: a.web_url, body: '', labels: [], state: 'open' } }).then(() => undefined, (e: unknown) => e)
  assert.instance(refused, DuplicateRefused)
  assert.is(b.state, 'opened')
  await t.closeIssue(b.iid, 'not_planned')
  assert.is(b.state, 'closed')
  await t.updateBody(a.iid, 'new text')
  assert.is(a.description, 'new text')
  assert.equal(servers.gl.calls('PUT').map((r) => r.json), [{ state_event: 'close' }, { state_event: 'reopen' }, { state_event: 'close' }, { description: 'new text' }])
})

test('comments are the issue\'s notes without GitLab\'s system notes, oldest first, with #note_ addresses', async () => {
  const issue = servers.gl.addIssue({ title: 'a' })
  servers.gl.addNote(issue.iid, 'first')
  servers.gl.addNote(issue.iid, 'changed the description', true)
  servers.gl.addNote(issue.iid, 'second')
  const t = tracker()
  const comments = await t.listComments(issue.iid)
  assert.equal(comments.map((c) => c.body), ['first', 'second'])
  assert.is(comments[0]!.url, `${issue.web_url}#note_${comments[0]!.id}`)
  // Their times, so that a recovery within REPORT_REOPEN_WINDOW is told from an older one.
  assert.equal(comments.map((c) => c.createdAt?.toISOString()), servers.gl.notes.filter((n) => !n.system).map((n) => new Date(n.created_at).toISOString()))
  const added = await t.addComment(issue.iid, 'third')
  assert.is(added.body, 'third')
  assert.is(added.url, `${issue.web_url}#note_${added.id}`)
  assert.is(servers.gl.notes.at(-1)!.body, 'third')
  assert.equal(servers.gl.calls('POST')[0]!.json, { body: 'third' })
})

test('deleteComment deletes one note of the issue by its id; the others stay', async () => {
  const issue = servers.gl.addIssue({ title: 'a' })
  const t = tracker()
  const [first, second] = [await t.addComment(issue.iid, 'one'), await t.addComment(issue.iid, 'two')]
  await t.deleteComment!(issue.iid, first.id)
  assert.equal((await t.listComments(issue.iid)).map((c) => c.id), [second.id])
  assert.is(servers.gl.calls('DELETE')[0]!.path, `/projects/acme%2Fplatform%2Fshop/issues/${issue.iid}/notes/${first.id}`)
  // A note that is not there (taken back already, or never this issue's) is an ApiError 404.
  try {
    await t.deleteComment!(issue.iid, first.id)
    assert.unreachable('expected a 404')
  } catch (error) {
    assert.instance(error, ApiError)
    assert.is((error as ApiError).status, 404)
  }
})

test('a missing issue is an ApiError 404', async () => {
  try {
    await tracker().closeIssue(99, 'completed')
    assert.unreachable()
  } catch (error) {
    assert.instance(error, ApiError)
    assert.is((error as ApiError).status, 404)
  }
})

test.run()
