import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { converge, duplicateComment } from '../../../../lib/core/flows/converge.ts'
import type { Issue } from '../../../../lib/core/tracker.ts'
import { createGitHub } from '../../../../lib/github/client.ts'
import { toIssue } from '../../../../lib/github/issues.ts'
import { createGitHubTracker } from '../../../../lib/github/tracker.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { ApiError } from '../../../../lib/core/errors.ts'
import { useLoopback } from '../../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })

const REPO = { retryAttempts: 3, retryDelaySeconds: 0.01 }
// No pacing between writes (pacing.test.ts checks it): plugin-throttling's own spaces comments 3 s apart.
const client = (log = memoryLog()) =>
  createGitHubTracker(createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, timeoutMs: 2000, maxWaitSeconds: 5, writeIntervalSeconds: 0, ...REPO }, log), { owner: 'acme', repo: 'shop' })
const found = (issue: { number: number; title: string; html_url: string; labels: { name: string }[]; state: string } | undefined): (() => Promise<Issue | undefined>) => async () => issue && toIssue(issue)

test('an older open match survives: ours is closed as its duplicate (by id), no comment, the close retried on 5xx', async () => {
  const older = servers.gh.addIssue({ title: 'T' })
  const own = servers.gh.addIssue({ title: 'T' })
  servers.gh.inject('PATCH', /\/issues\/2$/, { status: 502 }, 2)
  const log = memoryLog()
  const survivor = await converge(client(log), REPO, toIssue(own), found(older), log)
  assert.is(survivor.number, older.number)
  assert.is(own.state, 'closed')
  assert.is(own.state_reason, 'duplicate')
  assert.equal(servers.gh.calls('PATCH').at(-1)!.json, { state: 'closed', state_reason: 'duplicate', duplicate_issue_id: older.id })
  assert.equal(servers.gh.closes, [{ number: own.number, reason: 'duplicate', duplicateOf: older.number }])
  assert.is(servers.gh.comments.length, 0)
  assert.is(older.state, 'open')
  assert.is(servers.gh.calls('PATCH').length, 3, 'closing is idempotent, so it is retried')
  assert.is(log.lines.length, 2)
  for (const line of log.lines) assert.match(line, /^\[WARN\] Attempt [12]\/3 failed, retrying in .*closing issue #2: HTTP 502/)
})

test('a server that refuses the duplicate reason (422): a "Duplicate of" comment, then closed as not planned', async () => {
  servers.gh.knowsDuplicateReason = false
  const older = servers.gh.addIssue({ title: 'T' })
  const own = servers.gh.addIssue({ title: 'T' })
  const log = memoryLog()
  const survivor = await converge(client(log), REPO, toIssue(own), found(older), log)
  assert.is(survivor.number, older.number)
  assert.is(own.state, 'closed')
  assert.is(own.state_reason, 'not_planned')
  assert.equal(servers.gh.comments.map((c) => [c.issue_number, c.body]), [[own.number, duplicateComment(older)]])
  assert.match(duplicateComment(older), new RegExp(`^Duplicate of #${older.number}\\n`))
  assert.is(older.state, 'open')
  assert.equal(servers.gh.calls('PATCH').map((q) => (q.json as { state_reason: string }).state_reason), ['duplicate', 'not_planned'], 'a 422 is not retried')
  assert.equal(servers.gh.closes, [{ number: own.number, reason: 'not_planned' }])
  assert.equal(log.lines, [])
})

test('an original whose id is not known yet: GitHub is asked for it, then ours closed as its duplicate', async () => {
  const older = servers.gh.addIssue({ title: 'T' })
  const own = servers.gh.addIssue({ title: 'T' })
  const { id: _id, ...original } = toIssue(older)
  await converge(client(), REPO, toIssue(own), async () => original, memoryLog())
  assert.equal(servers.gh.calls('GET').map((q) => q.path), [`/repos/acme/shop/issues/${older.number}`])
  assert.is(own.state_reason, 'duplicate')
  assert.is(servers.gh.comments.length, 0)
})

// A proxy or an older server may answer an issue without its `id`, or with a null one: JSON has no NaN,
// so a careless Number() would send `duplicate_issue_id: null`.
for (const [what, id] of [['no', undefined], ['a null', null]] as const) {
  test(`an original whose server answer has ${what} id: a "Duplicate of" comment and not planned, never duplicate_issue_id null`, async () => {
    const older = servers.gh.addIssue({ title: 'T', id: id as unknown as number })
    const own = servers.gh.addIssue({ title: 'T' })
    const log = memoryLog()
    const survivor = await converge(client(log), REPO, toIssue(own), found(older), log)
    assert.is(survivor.number, older.number)
    assert.equal(servers.gh.calls('PATCH').map((q) => q.json), [{ state: 'closed', state_reason: 'not_planned' }])
    assert.equal(servers.gh.comments.map((c) => [c.issue_number, c.body]), [[own.number, duplicateComment(older)]])
    assert.is(own.state_reason, 'not_planned')
    assert.equal(log.lines, [])
  })
}

test('ours is the oldest, or the re-check does not show it yet: nothing is written', async () => {
  const own = servers.gh.addIssue({ title: 'T' })
  servers.gh.addIssue({ title: 'T' })
  assert.is((await converge(client(), REPO, toIssue(own), found(own), memoryLog())).number, own.number)
  assert.is((await converge(client(), REPO, toIssue(own), found(undefined), memoryLog())).number, own.number)
  assert.is(servers.gh.requests.length, 0)
})

test('a failed re-check keeps ours open, with a [WARN]', async () => {
  const own = servers.gh.addIssue({ title: 'T' })
  const log = memoryLog()
  const survivor = await converge(client(log), REPO, toIssue(own), () => Promise.reject(new ApiError('boom', { status: 502, transient: true })), log)
  assert.is(survivor.number, own.number)
  assert.is(log.lines.length, 1)
  assert.match(log.lines[0]!, /^\[WARN\] Could not look for issues filed at the same time, so #1 stays open \(HTTP 502: boom\)$/)
})

test('a close that keeps failing leaves ours open, with a [WARN]', async () => {
  const older = servers.gh.addIssue({ title: 'T' })
  const own = servers.gh.addIssue({ title: 'T' })
  servers.gh.inject('PATCH', /\/issues\/2$/, { status: 503 }, 3)
  const log = memoryLog()
  assert.is((await converge(client(log), REPO, toIssue(own), found(older), log)).number, own.number)
  assert.is(own.state, 'open')
  assert.is(servers.gh.calls('PATCH').length, 3)
  assert.match(log.lines.at(-1)!, /^\[WARN\] Could not close #2 as a duplicate of #1; close it by hand \(HTTP 503/)
})

test.run()
