import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderDiscord } from '../../../lib/chat/discord.ts'
import { CHAT_FORMATS } from '../../../lib/core/chat-format.ts'
import { webhookNotifier } from '../../../lib/chat/post.ts'
import { renderSlack } from '../../../lib/chat/slack.ts'
import { strictNotifier, warningAnnotation } from '../../../lib/chat/strict.ts'
import { renderTeams } from '../../../lib/chat/teams.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { FAILURE, RECOVERY } from '../../helpers/chat-events.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })

test('each format posts its own body as JSON, with no credential', async () => {
  for (const format of CHAT_FORMATS) {
    const notifier = webhookNotifier(format, servers.gh.chatUrl, 5_000)
    assert.is(notifier.format, format)
    assert.equal(await notifier.send(FAILURE), { ok: true, status: 200 })
  }
  assert.is(servers.gh.chat.length, CHAT_FORMATS.length)
  for (const post of servers.gh.chat) {
    assert.is(post.headers['content-type'], 'application/json')
    assert.is(post.headers.authorization, undefined)
  }
  assert.equal(servers.gh.chat[0]!.json, renderSlack(FAILURE))
  assert.equal(servers.gh.chat[3]!.json, renderDiscord(FAILURE))
  assert.equal(servers.gh.chat[4]!.json, renderTeams(FAILURE))
})

test('a refused post is {ok:false, status}; strict says so once, with host and never the path', async () => {
  servers.gh.injectChat({ status: 400 })
  const log = memoryLog()
  const notifier = strictNotifier(webhookNotifier('teams', `${servers.gh.url}/chat?sig=SECRET-SIG`, 5_000), log)
  assert.equal(await notifier.send(RECOVERY), { ok: false, status: 400 })
  assert.equal(log.lines, [`[WARN] Chat notice not delivered (format teams, status 400, host ${new URL(servers.gh.url).host})`])
  assert.equal(await notifier.send(RECOVERY), { ok: true, status: 200 })
  assert.is(log.lines.length, 1, 'a delivered notice prints nothing')
})

test('no answer: {ok:false} and "no answer" in the warning', async () => {
  const log = memoryLog()
  await strictNotifier(webhookNotifier('discord', 'http://127.0.0.1:9/api/webhooks/1/secret', 1_000), log).send(FAILURE)
  assert.equal(log.lines, ['[WARN] Chat notice not delivered (format discord, no answer, host 127.0.0.1:9)'])
})

test('in GitHub Actions the warning is also an annotation, escaped as a workflow command', async () => {
  const log = memoryLog()
  const annotations: string[] = []
  await strictNotifier(webhookNotifier('teams', 'http://127.0.0.1:9/x', 1_000), log, (line) => annotations.push(line)).send(RECOVERY)
  assert.equal(annotations, ['::warning title=Chat notice::Chat notice not delivered (format teams, no answer, host 127.0.0.1:9)'])
  assert.is(warningAnnotation('50% done\nnext'), '::warning title=Chat notice::50%25 done%0Anext')
})

test.run()
