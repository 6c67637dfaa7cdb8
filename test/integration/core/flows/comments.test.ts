import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { commentOnDuplicate, postCommentOnce } from '../../../../lib/core/flows/comments.ts'
import { createGitHub } from '../../../../lib/github/client.ts'
import { createGitHubTracker } from '../../../../lib/github/tracker.ts'
import { renderTitle, type Failure } from '../../../../lib/core/text/issue.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { fileReport } from '../../../../lib/core/flows/report.ts'
import { useLoopback } from '../../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })

const target = { retryAttempts: 3, retryDelaySeconds: 0.01 }
const client = (log = memoryLog()) =>
  createGitHubTracker(createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 3, retryDelaySeconds: 0.01, writeIntervalSeconds: 0.01 }, log), { owner: 'acme', repo: 'shop' })
const failure: Failure = {
  environment: 'staging',
  commitSha: 'abc1234',
  commitMessage: 'm',
  reason: 'r',
  pipelineUrl: 'https://ci.example/p/1',
  time: new Date(),
}

test('fileReport with onDuplicate=comment ends "commented"; with skip (or unset) "duplicate"', async () => {
  const issue = servers.gh.addIssue({ title: renderTitle(failure) })
  let log = memoryLog()
  let outcome = await fileReport(client(log), undefined, { ...target, onDuplicate: 'comment' }, failure, log)
  assert.equal(outcome, { outcome: 'commented', number: issue.number, url: issue.html_url, title: renderTitle(failure) })
  assert.equal(log.lines, ['[INFO] Duplicate issue found, skipping creation', `[INFO] Commented on issue #1 (occurrence 2): ${issue.html_url}#issuecomment-1`])
  for (const onDuplicate of ['skip', undefined] as const) {
    log = memoryLog()
    outcome = await fileReport(client(log), undefined, { ...target, onDuplicate }, failure, log)
    assert.is(outcome.outcome, 'duplicate')
    assert.equal(log.lines, ['[INFO] Duplicate issue found, skipping creation', `[INFO] Open issue #1 holds this report: ${issue.html_url}`])
  }
  assert.is(servers.gh.comments.length, 1)
})

test('a failed comment leaves the outcome "duplicate" and one [WARN]', async () => {
  servers.gh.addIssue({ title: renderTitle(failure) })
  servers.gh.inject('POST', /\/comments$/, { status: 422, body: { message: 'Validation Failed' } })
  const log = memoryLog()
  const outcome = await fileReport(client(log), undefined, { ...target, onDuplicate: 'comment' }, failure, log)
  assert.is(outcome.outcome, 'duplicate')
  assert.is(log.lines.length, 3)
  assert.match(log.lines[2]!, /^\[INFO\] Open issue #1 holds this report: /, 'the run still names the issue')
  assert.match(log.lines[1]!, /^\[WARN\] Could not comment on issue #1, so this occurrence is not recorded there \(HTTP 422/)
})

test('postCommentOnce with a fixed body posts without reading first; after a lost answer it reads and stops', async () => {
  const issue = servers.gh.addIssue({ title: 't' })
  const log = memoryLog()
  await postCommentOnce(client(log), target, issue.number, 'hello', log)
  assert.equal(servers.gh.requests.map((r) => r.method), ['POST'])

  servers.gh.inject('POST', /\/comments$/, { reset: true })
  servers.gh.inject('POST', /\/comments$/, { commitThen: 500 })
  const comment = await postCommentOnce(client(log), target, issue.number, 'again', log)
  assert.is(comment.body, 'again')
  assert.equal(servers.gh.comments.map((c) => c.body), ['hello', 'again'])
  assert.equal(servers.gh.requests.slice(1).map((r) => r.method), ['POST', 'GET', 'POST', 'GET'])
  assert.is(log.lines.filter((l) => l.startsWith('[WARN] Attempt')).length, 2)
})

test('postCommentOnce gives up after the attempts and throws the last error; 4xx at once', async () => {
  const issue = servers.gh.addIssue({ title: 't' })
  servers.gh.inject('POST', /\/comments$/, { status: 502 }, 5)
  try {
    await postCommentOnce(client(), target, issue.number, 'x', memoryLog())
    assert.unreachable()
  } catch (error) {
    assert.is((error as { status?: number }).status, 502)
  }
  assert.is(servers.gh.calls('POST').length, 3)
  servers.gh.inject('POST', /\/comments$/, { status: 404 })
  try {
    await commentOnDuplicate(client(), target, { number: 999 }, failure, memoryLog())
  } catch {
    assert.unreachable('commentOnDuplicate never throws')
  }
})

test.run()
