import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createGitHub } from '../../../lib/tracker/github/client.ts'
import { createGitHubTracker } from '../../../lib/tracker/github/tracker.ts'
import { renderBody, renderChat, renderTitle, type Failure } from '../../../lib/core/text/issue.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { previewReport, type PreviewTarget } from '../../../lib/core/flows/preview.ts'
import { useLoopback } from '../../helpers/servers.ts'

const failure: Failure = {
  environment: 'staging',
  commitSha: 'abc1234',
  commitMessage: 'Bump',
  reason: 'Deploy job failed',
  pipelineUrl: 'https://ci.example/p/1',
  time: new Date(),
}
const target: PreviewTarget = { chatWebhook: 'http://127.0.0.1:9/hook', onDuplicate: 'skip' }

const servers = useLoopback(test, { github: true })

const client = (log = memoryLog()) =>
  createGitHubTracker(createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, timeoutMs: 5000, maxWaitSeconds: 0, retryAttempts: 2, retryDelaySeconds: 0.01 }, log), { owner: 'acme', repo: 'shop' })

test('returns title, body and chat text; reads once and writes nothing', async () => {
  const log = memoryLog()
  const text = await previewReport(client(log), target, failure, log)
  assert.is(
    text,
    `--- title\n${renderTitle(failure)}\n--- body\n${renderBody(failure).trimEnd()}\n--- chat message (to CHAT_WEBHOOK)\n${renderChat(failure)}\n`,
  )
  assert.equal(log.lines, ['[INFO] Dry run: nothing will be created, commented or posted', '[INFO] No open duplicate: a real run would create the issue below'])
  assert.equal(servers.gh.requests.map((r) => r.method), ['GET'])
  assert.is(servers.gh.chat.length, 0)
})

test('names an open duplicate and what a real run would do with it', async () => {
  const issue = servers.gh.addIssue({ title: renderTitle(failure) })
  let log = memoryLog()
  await previewReport(client(log), target, failure, log)
  assert.is(log.lines[1], `[INFO] Duplicate issue found: #${issue.number} ${issue.html_url}; a real run would skip creation`)
  log = memoryLog()
  await previewReport(client(log), { ...target, onDuplicate: 'comment' }, failure, log)
  assert.is(log.lines[1], `[INFO] Duplicate issue found: #${issue.number} ${issue.html_url}; a real run would comment on it`)
  assert.is(servers.gh.calls('POST').length, 0)
})

test('without a client the duplicate check is skipped and said so; no webhook is said so', async () => {
  const log = memoryLog()
  const text = await previewReport(undefined, { ...target, chatWebhook: undefined }, failure, log)
  assert.equal(log.lines, ['[INFO] Dry run: nothing will be created, commented or posted', '[INFO] No ISSUE_TOKEN: the duplicate check was skipped'])
  assert.match(text, /\n--- chat message \(not sent: CHAT_WEBHOOK is not set\)\n/)
  assert.is(servers.gh.requests.length, 0)
})

test('a failing list call is a warning, as in a real run', async () => {
  servers.gh.inject('GET', /\/issues$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const log = memoryLog()
  await previewReport(client(log), target, failure, log)
  assert.match(log.lines[1]!, /^\[WARN\] Could not list open issues \(HTTP 403: .*\); a real run would create the issue below$/)
})

test.run()
