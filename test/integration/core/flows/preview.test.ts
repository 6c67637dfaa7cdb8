import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createGitHub } from '../../../../lib/github/client.ts'
import { createGitHubTracker } from '../../../../lib/github/tracker.ts'
import { renderBody, renderChat, renderTitle, type Failure } from '../../../../lib/core/text/issue.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { previewReport, type PreviewTarget } from '../../../../lib/core/flows/preview.ts'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { REGRESSION_MARKER } from '../../../../lib/core/find/regression.ts'
import { ApiError } from '../../../../lib/core/errors.ts'
import { useLoopback } from '../../../helpers/servers.ts'

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

/** An issue for `staging` (another commit) that the resolver closed `minutes` ago, with its recovery comment. */
function recoveredIssue(minutes: number) {
  const closedAt = new Date(failure.time.getTime() - minutes * 60_000 - 1_000).toISOString()
  const issue = servers.gh.addIssue({ title: renderTitle({ ...failure, commitSha: 'old0001' }), state: 'closed', state_reason: 'completed', closed_at: closedAt, updated_at: closedAt })
  servers.gh.comments.push({ id: 1, issue_number: issue.number, body: `${RECOVERY_MARKER}\n### Deploy recovered\n`, created_at: closedAt, html_url: `${issue.html_url}#issuecomment-1` })
  return issue
}

test('REPORT_REOPEN_WINDOW: the issue a real run would reopen, and the comment it would add; nothing is written', async () => {
  const issue = recoveredIssue(5)
  const log = memoryLog()
  const text = await previewReport(client(log), { ...target, reopenWindowHours: 1 }, failure, log)
  assert.equal(log.lines, [
    '[INFO] Dry run: nothing will be created, commented or posted',
    `[INFO] Issue closed by a recovery within REPORT_REOPEN_WINDOW: #${issue.number} ${issue.html_url}; a real run would reopen it and add the comment below instead of creating an issue`,
  ])
  const comment = `${OCCURRENCE_MARKER}\n${REGRESSION_MARKER}\n### Failed again 5 minutes after recovery: occurrence 2\n\n`
  assert.ok(text.includes(`\n${renderBody(failure).trimEnd()}\n--- comment on #${issue.number} (reopened)\n${comment}`), text)
  assert.ok(text.endsWith(`\n**Reason:** \`Deploy job failed\`\n--- chat message (to CHAT_WEBHOOK)\n${renderChat(failure)}\n`), text)
  assert.equal(servers.gh.requests.filter((r) => r.method !== 'GET'), [])
  assert.is(issue.state, 'closed')
})

test('REPORT_REOPEN_WINDOW: an issue a concurrent run reopened already is named, with the comment a real run would add', async () => {
  const issue = recoveredIssue(2)
  issue.state = 'open'
  issue.closed_at = null
  const log = memoryLog()
  const text = await previewReport(client(log), { ...target, reopenWindowHours: 1 }, failure, log)
  assert.is(log.lines[1], `[INFO] Issue closed by a recovery within REPORT_REOPEN_WINDOW: #${issue.number} ${issue.html_url}; it is open again already; a real run would add the comment below instead of creating an issue`)
  assert.match(text, new RegExp(`\\n--- comment on #${issue.number}\\n<!-- deploy-failure-reporter:occurrence -->\\n<!-- deploy-failure-reporter:regression -->\\n### Failed again 2 minutes after recovery: occurrence 2\\n`))
  assert.equal(servers.gh.requests.filter((r) => r.method !== 'GET'), [])
})

test('REPORT_REOPEN_WINDOW: without a recovered issue, or with the window unset, a real run would create; a failed look is a warning', async () => {
  recoveredIssue(90)
  let log = memoryLog()
  let text = await previewReport(client(log), { ...target, reopenWindowHours: 1 }, failure, log)
  assert.is(log.lines[1], '[INFO] No open duplicate: a real run would create the issue below')
  assert.not.ok(text.includes('--- comment'))
  servers.gh.issues[0]!.closed_at = new Date(failure.time.getTime() - 60_000).toISOString()
  log = memoryLog()
  text = await previewReport(client(log), target, failure, log)
  assert.equal(log.lines.slice(1), ['[INFO] No open duplicate: a real run would create the issue below'])
  assert.not.ok(text.includes('--- comment'))
  log = memoryLog()
  const refusing = { ...client(log), closedIssues: () => { throw new ApiError('Resource not accessible', { status: 403, transient: false }) } }
  text = await previewReport(refusing, { ...target, reopenWindowHours: 1 }, failure, log)
  assert.equal(log.lines.slice(1), ['[WARN] Could not look for a recently recovered issue (HTTP 403: Resource not accessible); a real run would create the issue below'])
  assert.not.ok(text.includes('--- comment'))
})

test.run()
