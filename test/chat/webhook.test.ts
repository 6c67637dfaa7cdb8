import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { postChat } from '../../lib/chat/webhook.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'

let gh: LoopbackGitHub
test.before.each(async () => {
  gh = await startLoopbackGitHub()
})
test.after.each(async () => {
  await gh.close()
})

test('posts {"text": …} as JSON and reports success', async () => {
  assert.is(await postChat(gh.chatUrl, 'hello\nworld'), true)
  assert.is(gh.chat.length, 1)
  assert.is(gh.chat[0]!.headers['content-type'], 'application/json')
  assert.equal(gh.chat[0]!.json, { text: 'hello\nworld' })
})

test('never throws: refused connection, HTTP error and a hung webhook all resolve to false', async () => {
  assert.is(await postChat('http://127.0.0.1:9/x', 't'), false)
  assert.is(await postChat(`${gh.url}/not-chat`, 't'), false)
  // A route that never answers: without the time limit this post would wait until the server closes.
  gh.inject('POST', /^\/hang$/, { hang: true })
  const started = Date.now()
  assert.is(await postChat(`${gh.url}/hang`, 't', 200), false)
  assert.ok(Date.now() - started < 5000, 'given up after its time limit, not at the end of the test')
})

test.run()
