import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { slackApiNotifier } from '../../../lib/chat/slack-api.ts'
import { strictNotifier } from '../../../lib/chat/strict.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { waitBudget } from '../../../lib/core/retry/budget.ts'
import { FAILURE, ISSUE, OTHER_ISSUE, PING, RECOVERY, RECURRENCE } from '../../helpers/chat-events.ts'
import { useLoopback } from '../../helpers/servers.ts'

const TOKEN = 'xoxb-test-token-1234'
const servers = useLoopback(test, { slack: TOKEN })

const slept: number[] = []
const notifier = (overrides: { token?: string; maxWait?: number } = {}) =>
  slackApiNotifier({
    token: overrides.token ?? TOKEN,
    channel: '#deploys',
    apiUrl: servers.slack.url,
    timeoutMs: 5_000,
    budget: waitBudget(overrides.maxWait ?? 60),
    sleep: async (ms) => void slept.push(ms),
  })

const SPEC_TEXT = '*[DEPLOY FAILURE]* staging\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7'

test('failure: chat.postMessage with the bearer token and the spec text; answers the thread', async () => {
  const result = await notifier().send(FAILURE)
  assert.equal(result, { ok: true, status: 200, thread: { channel: 'C0DEPLOY', ts: servers.slack.messages[0]!.ts } })
  assert.is(servers.slack.requests.length, 1)
  const [request] = servers.slack.requests
  assert.is(request!.path, '/api/chat.postMessage')
  assert.is(request!.headers.authorization, `Bearer ${TOKEN}`)
  assert.equal(request!.json, { channel: '#deploys', text: SPEC_TEXT })
})

test('recurrence: a reply in the thread, naming the occurrence, and no new message in the channel', async () => {
  const first = await notifier().send(FAILURE)
  const result = await notifier().send({ ...RECURRENCE, issue: { ...ISSUE, thread: first.thread! } } as typeof RECURRENCE)
  assert.is(result.ok, true)
  assert.is(result.thread, undefined)
  assert.is(servers.slack.topLevel().length, 1)
  const [reply] = servers.slack.replies(first.thread!.ts)
  assert.is(reply!.text.split('\n')[0], '*[DEPLOY FAILED AGAIN]* staging')
  assert.match(reply!.text, /\nOccurrence: 3\n/)
})

test('recovery: replies and marks the first message recovered; issues without a thread get one plain notice', async () => {
  const first = await notifier().send(FAILURE)
  const event = { ...RECOVERY, closed: [{ ...ISSUE, thread: first.thread! }, OTHER_ISSUE] } as typeof RECOVERY
  assert.is((await notifier().send(event)).ok, true)
  const original = servers.slack.messages[0]!
  assert.ok(original.edited)
  assert.is(original.text.split('\n')[0], '*[DEPLOY RECOVERED]* staging')
  assert.match(original.text, /Closed: <https:\/\/github\.com\/acme\/shop\/issues\/12\|#12>/)
  assert.is(servers.slack.replies(original.ts).length, 1)
  assert.is(servers.slack.replies(original.ts)[0]!.text.split('\n')[0], '*[DEPLOY RECOVERED]* staging')
  // #15 had no thread: one top-level notice for it alone.
  const top = servers.slack.topLevel()
  assert.is(top.length, 2)
  assert.match(top[1]!.text, /\nClosed: #15\n/)
})

test('recovery of threaded issues only adds no top-level message', async () => {
  const first = await notifier().send(FAILURE)
  await notifier().send({ ...RECOVERY, closed: [{ ...ISSUE, thread: first.thread! }] } as typeof RECOVERY)
  assert.is(servers.slack.topLevel().length, 1)
  assert.equal(servers.slack.requests.map((r) => r.path), ['/api/chat.postMessage', '/api/chat.postMessage', '/api/chat.update'])
})

test('429 with Retry-After is waited out within the budget, then the message goes out once', async () => {
  slept.length = 0
  servers.slack.inject('chat.postMessage', { status: 429, retryAfter: 2 })
  const result = await notifier().send(FAILURE)
  assert.is(result.ok, true)
  assert.equal(slept, [2000])
  assert.is(servers.slack.messages.length, 1)
})

test('a Retry-After beyond REPORT_MAX_WAIT is not waited: not delivered, status 429', async () => {
  slept.length = 0
  servers.slack.inject('chat.postMessage', { status: 429, retryAfter: 120 })
  assert.equal(await notifier({ maxWait: 10 }).send(FAILURE), { ok: false, status: 429, error: 'ratelimited' })
  assert.equal(slept, [])
})

test('ok:false answers are failures with Slack’s error code; a wrong token is refused by the server', async () => {
  servers.slack.inject('chat.postMessage', { error: 'not_in_channel' })
  assert.equal(await notifier().send(FAILURE), { ok: false, status: 200, error: 'not_in_channel' })
  assert.equal(await notifier({ token: 'xoxb-wrong-token' }).send(PING), { ok: false, status: 200, error: 'invalid_auth' })
})

test('a 5xx or no answer is not retried (the message may have been posted)', async () => {
  servers.slack.inject('chat.postMessage', { status: 503 })
  assert.equal(await notifier().send(FAILURE), { ok: false, status: 503 })
  assert.is(servers.slack.requests.length, 1)
  const dead = slackApiNotifier({ token: TOKEN, channel: 'C0DEPLOY', apiUrl: 'http://127.0.0.1:9/api', timeoutMs: 1000, budget: waitBudget(0) })
  assert.equal(await dead.send(PING), { ok: false })
})

test('strict: a failed post is one [WARN] naming format, status and host, never the token or path', async () => {
  servers.slack.inject('chat.postMessage', { error: 'channel_not_found' })
  const log = memoryLog()
  await strictNotifier(notifier(), log).send(FAILURE)
  assert.equal(log.lines, [`[WARN] Chat notice not delivered (format slack-api, status 200, error channel_not_found, host ${new URL(servers.slack.url).host})`])
})

test.run()
