import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { converge, duplicateComment } from '../lib/converge.ts'
import type { ListedIssue } from '../lib/dedup.ts'
import { createGitHub } from '../lib/github.ts'
import { memoryLog } from '../lib/log.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from './loopback-github.ts'

let gh: LoopbackGitHub
test.before.each(async () => {
  gh = await startLoopbackGitHub()
})
test.after.each(async () => {
  await gh.close()
})

const REPO = { owner: 'acme', repo: 'shop', retryAttempts: 3, retryDelaySeconds: 0.01 }
const client = (log = memoryLog()) =>
  createGitHub({ token: gh.token, apiUrl: gh.url, timeoutMs: 2000, maxWaitSeconds: 5, ...REPO }, log)
const found = (issue: ListedIssue | undefined) => async () => issue

test('an older open match survives: ours gets a "Duplicate of" comment and is closed as not planned', async () => {
  const older = gh.addIssue({ title: 'T' })
  const own = gh.addIssue({ title: 'T' })
  const log = memoryLog()
  const survivor = await converge(client(log), REPO, own, found(older), log)
  assert.is(survivor.number, older.number)
  assert.is(own.state, 'closed')
  assert.is(own.state_reason, 'not_planned')
  assert.equal(gh.comments.map((c) => [c.issue_number, c.body]), [[own.number, duplicateComment(older)]])
  assert.match(duplicateComment(older), new RegExp(`^Duplicate of #${older.number}\\n`))
  assert.is(older.state, 'open')
  assert.equal(log.lines, [])
})

test('ours is the oldest, or the re-check does not show it yet: nothing is written', async () => {
  const own = gh.addIssue({ title: 'T' })
  gh.addIssue({ title: 'T' })
  assert.is((await converge(client(), REPO, own, found(own), memoryLog())).number, own.number)
  assert.is((await converge(client(), REPO, own, found(undefined), memoryLog())).number, own.number)
  assert.is(gh.requests.length, 0)
})

test('a failed re-check keeps ours open, with a [WARN]', async () => {
  const own = gh.addIssue({ title: 'T' })
  const log = memoryLog()
  const survivor = await converge(client(log), REPO, own, () => Promise.reject(Object.assign(new Error('boom'), { status: 502, response: {} })), log)
  assert.is(survivor.number, own.number)
  assert.is(log.lines.length, 1)
  assert.match(log.lines[0]!, /^\[WARN\] Could not look for issues filed at the same time, so #1 stays open \(HTTP 502: boom\)$/)
})

test('closing is retried on 5xx (it is idempotent); a close that keeps failing leaves ours open, with a [WARN]', async () => {
  const older = gh.addIssue({ title: 'T' })
  let own = gh.addIssue({ title: 'T' })
  gh.inject('PATCH', /\/issues\/2$/, { status: 502 }, 2)
  let log = memoryLog()
  assert.is((await converge(client(log), REPO, own, found(older), log)).number, older.number)
  assert.is(own.state, 'closed')
  assert.is(gh.calls('PATCH').length, 3)
  assert.is(log.lines.filter((l) => /^\[WARN\] Attempt \d\/3 failed, retrying in .*closing #2/.test(l)).length, 2)

  own = gh.addIssue({ title: 'T' })
  gh.inject('PATCH', /\/issues\/3$/, { status: 503 }, 3)
  log = memoryLog()
  assert.is((await converge(client(log), REPO, own, found(older), log)).number, own.number)
  assert.is(own.state, 'open')
  assert.match(log.lines.at(-1)!, /^\[WARN\] Could not close #3 as a duplicate of #1; close it by hand \(HTTP 503/)
})

test('a refused comment is not retried and leaves ours open', async () => {
  const older = gh.addIssue({ title: 'T' })
  const own = gh.addIssue({ title: 'T' })
  gh.inject('POST', /\/comments$/, { status: 403, body: { message: 'Must have push access' } })
  const log = memoryLog()
  assert.is((await converge(client(log), REPO, own, found(older), log)).number, own.number)
  assert.is(gh.calls('POST').length, 1)
  assert.is(gh.calls('PATCH').length, 0)
  assert.is(own.state, 'open')
})

test.run()
