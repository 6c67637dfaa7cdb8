// Slack threads that follow the issue: the reporter, run in process, and resolver against the loopback
// GitHub and a loopback Slack Web API that checks the bot token on every call.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { FAST_ENV, FIXED_ENV } from '../../helpers/fixtures.ts'
import { useLoopback } from '../../helpers/servers.ts'

const BOT_TOKEN = 'xoxb-e2e-bot-token-5678'
const ENV = { ...FIXED_ENV, ...FAST_ENV, REPORT_WRITE_INTERVAL: '0.01' }
const MARKER = /\n<!-- deploy-failure-reporter:slack-thread channel=C0DEPLOY ts=(\d+\.\d+) -->\n$/

const servers = useLoopback(test, { github: true, slack: BOT_TOKEN })

// No CHAT_WEBHOOK: the Web API replaces it.
const env = (extra: Record<string, string> = {}) => {
  const { CHAT_WEBHOOK: _, ...rest } = servers.gh.env({ ...ENV, SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_CHANNEL: '#deploys', SLACK_API_URL: servers.slack.url, ...extra })
  return rest
}

test('failure, repeat, recovery: one message, replies in its thread, the first message updated', async () => {
  // 1. The first failure: issue created, then the message, then its thread recorded on the issue.
  let r = await runInProcess('report.mts', ['Deploy job failed'], env())
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const issue = servers.gh.issues[0]!
  assert.is(servers.slack.topLevel().length, 1)
  const first = servers.slack.topLevel()[0]!
  assert.is(first.text, '*[DEPLOY FAILURE]* staging\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7')
  assert.is(MARKER.exec(issue.body ?? '')?.[1], first.ts, 'the thread is kept at the end of the issue body')
  assert.match(issue.body ?? '', /^## Deploy Failure Report\n/, 'the report itself is unchanged')
  assert.equal(
    servers.gh.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`),
    ['POST /repos/acme/shop/issues', `PATCH /repos/acme/shop/issues/${issue.number}`],
    'create, then notify, then record',
  )
  assert.equal(Object.keys(servers.gh.calls('PATCH')[0]!.json as object), ['body'])

  // 2. The same failure again with ON_DUPLICATE=comment: a reply in the thread, nothing new in the channel.
  r = await runInProcess('report.mts', ['Deploy job failed'], env({ ON_DUPLICATE: 'comment' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.slack.topLevel().length, 1)
  const [again] = servers.slack.replies(first.ts)
  assert.is(again!.text.split('\n')[0], '*[DEPLOY FAILED AGAIN]* staging')
  assert.match(again!.text, /\nOccurrence: 2\n/)
  assert.match(again!.text, new RegExp(`\\nIssue: <${issue.html_url}\\|#${issue.number}>$`))

  // 3. A good deploy: the issue is closed, a reply says so, the first message now reads recovered.
  r = await runInProcess('resolve.mts', [], env({ CI_COMMIT_SHA: 'f1x0001' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(issue.state, 'closed')
  assert.is(servers.slack.topLevel().length, 1, 'a recovery adds no top-level message')
  assert.is(servers.slack.replies(first.ts).length, 2)
  assert.is(servers.slack.replies(first.ts)[1]!.text.split('\n')[0], '*[DEPLOY RECOVERED]* staging')
  assert.ok(first.edited)
  assert.is(first.text.split('\n')[0], '*[DEPLOY RECOVERED]* staging')
  assert.match(first.text, /\nCommit: `f1x0001`\n/)

  for (const call of servers.slack.requests) assert.is(call.headers.authorization, `Bearer ${BOT_TOKEN}`)
  for (const call of servers.gh.requests) assert.not.match(JSON.stringify(call.headers), BOT_TOKEN, 'the bot token goes to Slack only')
})

test('a refused bot token: the issue is still filed, exit 0; strict names Slack’s error, never the token', async () => {
  const r = await runInProcess('report.mts', [], env({ SLACK_BOT_TOKEN: 'xoxb-wrong-token-0000', REPORT_CHAT_STRICT: '1' }))
  assert.is(r.code, 0)
  assert.is(servers.gh.issues.length, 1)
  assert.is(r.stderr, `[WARN] Chat notice not delivered (format slack-api, status 200, error invalid_auth, host ${new URL(servers.slack.url).host})\n`)
  assert.not.match(r.stdout + r.stderr, 'xoxb-wrong-token-0000')
  assert.is(servers.gh.calls('PATCH').length, 0, 'no thread to record')
})

test('Slack rate limit: Retry-After is waited out and the message goes out once', async () => {
  servers.slack.inject('chat.postMessage', { status: 429, retryAfter: 0 })
  const r = await runInProcess('report.mts', [], env())
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.slack.requests.length, 2)
  assert.is(servers.slack.messages.length, 1)
})

test('a bot token echoed into a value is never printed', async () => {
  const r = await runInProcess('report.mts', ['--dry-run'], env({ DEPLOY_ENV: `staging ${BOT_TOKEN}` }))
  assert.is(r.code, 0, r.stderr)
  assert.not.match(r.stdout + r.stderr, BOT_TOKEN)
})

test.run()
