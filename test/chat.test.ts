import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { postChat } from '../lib/chat.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from './loopback-github.ts'

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
  gh.inject('GET', /never/, { hang: true })
  const started = Date.now()
  // The whole server hangs the chat path when told to: use an unanswered route instead.
  const hung = `${gh.url}/hang`
  gh.inject('POST', /^\/hang$/, { hang: true })
  assert.is(await postChat(hung, 't', 200), false)
  assert.ok(Date.now() - started < 3000)
})

test.run()
