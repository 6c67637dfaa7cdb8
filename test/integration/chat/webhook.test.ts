import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createNotifier } from '../../../lib/chat/index.ts'
import { createWebhookNotifier, pingText, postChat } from '../../../lib/chat/webhook.ts'
import { renderChat } from '../../../lib/core/text/issue.ts'
import { renderRecoveryChat } from '../../../lib/core/find/recovery.ts'
import { SAMPLE_FAILURE } from '../../helpers/fixtures.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })

test('posts {"text": …} as JSON and reports success', async () => {
  assert.is(await postChat(servers.gh.chatUrl, 'hello\nworld'), true)
  assert.is(servers.gh.chat.length, 1)
  assert.is(servers.gh.chat[0]!.headers['content-type'], 'application/json')
  assert.equal(servers.gh.chat[0]!.json, { text: 'hello\nworld' })
})

test('never throws: refused connection, HTTP error and a hung webhook all resolve to false', async () => {
  assert.is(await postChat('http://127.0.0.1:9/x', 't'), false)
  assert.is(await postChat(`${servers.gh.url}/not-chat`, 't'), false)
  // A route that never answers: without the time limit this post would wait until the server closes.
  servers.gh.inject('POST', /^\/hang$/, { hang: true })
  const started = Date.now()
  assert.is(await postChat(`${servers.gh.url}/hang`, 't', 200), false)
  assert.ok(Date.now() - started < 5000, 'given up after its time limit, not at the end of the test')
  // Addresses GitHub does not have, on purpose: the loopback GitHub keeps them as refused.
  assert.equal(servers.gh.refused.splice(0).map((r) => r.split(':')[0]), ['POST /not-chat', 'POST /hang'])
})

test('the notifier posts the spec texts: failure and recurrence as renderChat, recovery, ping', async () => {
  const chat = createWebhookNotifier(servers.gh.chatUrl)
  assert.is(chat.format, 'slack')
  assert.is(chat.host, new URL(servers.gh.url).host)
  const issue = { number: 3, url: 'https://github.example/acme/shop/issues/3' }
  const recovery = { environment: 'prod', commitSha: 'c0ffee1', pipelineUrl: 'https://ci.example/p/3', time: new Date() }
  assert.equal(await chat.send({ kind: 'failure', failure: SAMPLE_FAILURE }), { ok: true, status: 200 })
  await chat.send({ kind: 'recurrence', failure: SAMPLE_FAILURE, issue, occurrence: 2 })
  await chat.send({ kind: 'recovery', recovery, closed: [issue, { number: 5, url: 'u' }] })
  await chat.send({ kind: 'ping', repo: 'acme/shop' })
  assert.equal(servers.gh.chat.map((post) => post.json), [
    { text: renderChat(SAMPLE_FAILURE) },
    { text: renderChat(SAMPLE_FAILURE) },
    { text: renderRecoveryChat(recovery, [3, 5]) },
    { text: pingText('acme/shop') },
  ])
})

test('the notifier never throws and reports the status it got', async () => {
  assert.equal(await createWebhookNotifier(`${servers.gh.url}/not-chat`).send({ kind: 'ping', repo: 'a/b' }), { ok: false, status: 404 }, 'GitHub has no such address')
  assert.equal(await createWebhookNotifier('http://127.0.0.1:9/x').send({ kind: 'ping', repo: 'a/b' }), { ok: false })
  assert.equal(servers.gh.refused.splice(0).map((r) => r.split(':')[0]), ['POST /not-chat'])
})

test('createNotifier: the webhook notifier when CHAT_WEBHOOK is set, none otherwise', () => {
  const chat = { format: 'auto', strict: false, slack: undefined } as const
  assert.is(createNotifier({ chatWebhook: undefined, chatTimeoutMs: 1000, chat, maxWaitSeconds: 60 }), undefined)
  assert.is(createNotifier({ chatWebhook: 'https://hooks.example/services/SECRET', chatTimeoutMs: 1000, chat, maxWaitSeconds: 60 })?.host, 'hooks.example')
})

test.run()
