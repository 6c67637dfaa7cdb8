import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryLog } from '../../../lib/core/log.ts'
import type { Issue } from '../../../lib/core/tracker.ts'
import { withAttempts } from '../../../lib/core/retry/transient.ts'
import { ApiError, DuplicateRefused } from '../../../lib/core/errors.ts'
import { createGitHub } from '../../../lib/github/client.ts'
import { toIssue } from '../../../lib/github/issues.ts'
import { createGitHubTracker } from '../../../lib/github/tracker.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })

const options = { timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 3, retryDelaySeconds: 0.01, writeIntervalSeconds: 0.01 }
const tracker = (log = memoryLog()) => createGitHubTracker(createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, ...options }, log), { owner: 'acme', repo: 'shop' })
const all = async (pages: AsyncIterable<readonly Issue[]>) => {
  const out: Issue[][] = []
  for await (const page of pages) out.push([...page])
  return out
}

test('openIssues: labelled open issues oldest first, 100 a page, mapped to Issue, pull requests left out', async () => {
  for (let i = 0; i < 120; i++) servers.gh.addIssue({ title: `t${i}`, comments: i % 3, ...(i === 3 ? { pull_request: { url: 'x' } } : {}) })
  servers.gh.addIssue({ title: 'unlabelled' }, ['ops'])
  const pages = await all(tracker().openIssues({ label: 'auto-deploy-failure' }))
  assert.equal(pages.map((p) => p.length), [99, 20])
  assert.not.ok(pages.flat().some((i) => i.title === 't3' || i.title === 'unlabelled'))
  const record = servers.gh.issues[0]!
  assert.equal(pages[0]![0], {
    number: record.number,
    id: record.id,
    title: 't0',
    url: record.html_url,
    body: record.body ?? '',
    labels: ['auto-deploy-failure', 'ops'],
    state: 'open',
    createdAt: new Date(record.created_at),
    commentCount: 0,
  })
  // GitHub's `comments` becomes the core's commentCount (the resolver skips a read at 0).
  assert.equal(pages[0]!.slice(0, 3).map((i) => i.commentCount), [0, 1, 2])
  const [first] = servers.gh.calls('GET')
  assert.equal(Object.fromEntries(first!.query), { state: 'open', labels: 'auto-deploy-failure', per_page: '100', sort: 'created', direction: 'asc' })
})

test('openIssues: updatedSince becomes since; reads honour withAttempts', async () => {
  servers.gh.addIssue({ title: 'a' })
  const since = new Date('2026-11-24T10:00:00.000Z')
  await all(tracker().openIssues({ label: 'auto-deploy-failure', updatedSince: since }))
  assert.is(servers.gh.calls('GET')[0]!.query.get('since'), '2026-11-24T10:00:00.000Z')
  servers.gh.inject('GET', /\/issues$/, { status: 502 }, 3)
  try {
    await withAttempts(1, () => all(tracker().openIssues({ label: 'auto-deploy-failure' })))
    assert.unreachable()
  } catch (error) {
    assert.instance(error, ApiError)
    assert.is((error as ApiError).status, 502)
    assert.ok((error as ApiError).transient)
  }
  assert.is(servers.gh.calls('GET').length, 2, 'one request inside withAttempts(1)')
})

test('closedIssues: closed since the bound only, newest update first', async () => {
  const [a, b, c] = [servers.gh.addIssue({ title: 'a' }), servers.gh.addIssue({ title: 'b' }), servers.gh.addIssue({ title: 'c' })]
  Object.assign(a, { state: 'closed', closed_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-20T00:00:00Z' })
  Object.assign(b, { state: 'closed', closed_at: '2026-11-21T00:00:00Z', updated_at: '2026-11-21T00:00:00Z' })
  const pages = await all(tracker().closedIssues({ label: 'auto-deploy-failure', closedSince: new Date('2026-11-10T00:00:00Z') }))
  assert.equal(pages.flat().map((i) => [i.number, i.state, i.closedAt?.toISOString()]), [[b.number, 'closed', '2026-11-21T00:00:00.000Z']])
  assert.is(c.state, 'open')
  assert.equal(Object.fromEntries(servers.gh.calls('GET')[0]!.query), { state: 'closed', labels: 'auto-deploy-failure', per_page: '100', sort: 'updated', direction: 'desc', since: '2026-11-10T00:00:00.000Z' })
})

test('createIssue posts title, body, labels and assignees and returns the Issue; a failed create is an ApiError, sent once', async () => {
  const issue = await tracker().createIssue({ title: 'T', body: 'B', labels: ['auto-deploy-failure', 'ops'], assignees: [] })
  assert.equal(servers.gh.calls('POST')[0]!.json, { title: 'T', body: 'B', labels: ['auto-deploy-failure', 'ops'], assignees: [] })
  assert.equal(issue, toIssue(servers.gh.issues[0]!))
  assert.is(issue.url, servers.gh.issues[0]!.html_url)
  servers.gh.inject('POST', /\/issues$/, { status: 503 })
  try {
    await tracker().createIssue({ title: 'T', body: 'B', labels: [], assignees: [] })
    assert.unreachable()
  } catch (error) {
    assert.instance(error, ApiError)
    assert.is((error as ApiError).status, 503)
    assert.ok((error as ApiError).transient)
  }
  assert.is(servers.gh.calls('POST').length, 2)
})

test('closeIssue: completed, not_planned, and a duplicate as GitHub\'s duplicate naming the original\'s id; reopenIssue and updateBody PATCH', async () => {
  const [a, b, c, dup] = [servers.gh.addIssue({ title: 'a' }), servers.gh.addIssue({ title: 'b' }), servers.gh.addIssue({ title: 'c' }), servers.gh.addIssue({ title: 'd' })]
  const t = tracker()
  await t.closeIssue(a.number, 'completed')
  await t.closeIssue(b.number, 'not_planned')
  await t.closeIssue(dup.number, { duplicateOf: toIssue(c) })
  assert.equal([a.state_reason, b.state_reason, dup.state_reason], ['completed', 'not_planned', 'duplicate'])
  assert.equal(servers.gh.calls('PATCH').map((r) => r.json), [
    { state: 'closed', state_reason: 'completed' },
    { state: 'closed', state_reason: 'not_planned' },
    { state: 'closed', state_reason: 'duplicate', duplicate_issue_id: c.id },
  ])
  assert.ok(c.id !== c.number)
  assert.is(servers.gh.comments.length, 0, 'the duplicate comment is the core\'s to post')
  await t.reopenIssue(a.number)
  assert.is(a.state, 'open')
  await t.updateBody(c.number, 'new body')
  assert.is(c.body, 'new body')
  assert.equal(servers.gh.calls('PATCH').slice(3).map((r) => r.json), [{ state: 'open' }, { body: 'new body' }])
})

test('closeIssue as a duplicate of an issue without a usable id throws DuplicateRefused and sends no PATCH; toIssue drops such ids', async () => {
  const original = servers.gh.addIssue({ title: 'o', id: null as unknown as number })
  const dup = servers.gh.addIssue({ title: 'd' })
  const error = await tracker().closeIssue(dup.number, { duplicateOf: toIssue(original) }).catch((e: unknown) => e)
  assert.instance(error, DuplicateRefused)
  assert.is((error as Error).message, `Cannot close #${dup.number} as a duplicate of #${original.number}: GitHub's answer for #${original.number} has no usable id`)
  assert.is(servers.gh.calls('PATCH').length, 0)
  assert.is(dup.state, 'open')
  for (const id of [null, 0, -3, 1.5, '12', 2 ** 60]) assert.is(toIssue({ ...original, id: id as number }).id, undefined, String(id))
  assert.is(toIssue({ ...original, id: 7n }).id, 7)
})

test('listComments follows every page; addComment returns the Comment', async () => {
  const issue = servers.gh.addIssue({ title: 't' })
  servers.gh.inject('GET', /\/comments$/, { status: 200, body: [{ id: 7, body: 'p1', html_url: 'h' }], headers: { link: `<${servers.gh.url}/repos/acme/shop/issues/${issue.number}/comments?page=2>; rel="next"` } })
  const t = tracker()
  assert.equal(await t.listComments(issue.number), [{ id: 7, body: 'p1', url: 'h' }])
  assert.is(servers.gh.calls('GET').length, 2)
  const added = await t.addComment(issue.number, 'hello')
  assert.equal(added, { id: servers.gh.comments[0]!.id, body: 'hello', url: servers.gh.comments[0]!.html_url, createdAt: new Date(servers.gh.comments[0]!.created_at) })
  assert.equal(await t.listComments(issue.number), [added])
})

test('deleteComment removes one comment by its id', async () => {
  const issue = servers.gh.addIssue({ title: 'a' })
  const t = tracker()
  const [first, second] = [await t.addComment(issue.number, 'one'), await t.addComment(issue.number, 'two')]
  await t.deleteComment!(issue.number, first.id)
  assert.equal((await t.listComments(issue.number)).map((c) => c.id), [second.id])
  assert.is(servers.gh.calls('DELETE')[0]!.path, `/repos/acme/shop/issues/comments/${first.id}`)
})

test('closedAs carries GitHub\'s state_reason on closed issues only; unknown reasons are left out', () => {
  const base = { number: 1, title: 't', html_url: 'h', state: 'closed' }
  assert.is(toIssue({ ...base, state_reason: 'not_planned' }).closedAs, 'not_planned')
  assert.is(toIssue({ ...base, state_reason: 'completed' }).closedAs, 'completed')
  assert.is(toIssue({ ...base, state_reason: 'reopened' }).closedAs, undefined)
  assert.is(toIssue({ ...base, state: 'open', state_reason: 'reopened' }).closedAs, undefined)
})

test('a 4xx is a non-transient ApiError with its status and lower-case headers', async () => {
  servers.gh.inject('POST', /\/comments$/, { status: 422, body: { message: 'Validation Failed' }, headers: { 'X-Custom': 'v' } })
  try {
    await tracker().addComment(1, 'x')
    assert.unreachable()
  } catch (error) {
    assert.instance(error, ApiError)
    const e = error as ApiError
    assert.is(e.status, 422)
    assert.not.ok(e.transient)
    assert.is(e.headers['x-custom'], 'v')
    assert.match(e.message, /Validation Failed/)
  }
})

test('toIssue: a sparse answer (no labels, no body, no dates) still maps', () => {
  assert.equal(toIssue({ number: 7, title: 't', html_url: 'https://x/7', state: 'open' }), { number: 7, title: 't', url: 'https://x/7', body: '', labels: [], state: 'open' })
  assert.equal(toIssue({ number: 8, title: 't', html_url: 'u', state: 'closed', body: null, labels: ['a', { name: 'b' }], closed_at: '2026-11-01T00:00:00Z' }).labels, ['a', 'b'])
})

test('writes keep the configured pacing: comment POSTs 3 intervals apart', async () => {
  const issue = servers.gh.addIssue({ title: 't' })
  const t = createGitHubTracker(createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, timeoutMs: 5000, maxWaitSeconds: 5, retryAttempts: 1, retryDelaySeconds: 0, writeIntervalSeconds: 0.1 }, memoryLog()), { owner: 'acme', repo: 'shop' })
  const started = Date.now()
  for (const body of ['a', 'b', 'c']) await t.addComment(issue.number, body)
  // Three comments cannot finish before two gaps of 3 × 0.1 s. The generous upper bound only shows the
  // configured interval replaced the plugin's default (3 s per comment POST, so at least 6 s here).
  const took = Date.now() - started
  assert.ok(took >= 590 && took < 5500, `took ${took} ms`)
})

test.run()
