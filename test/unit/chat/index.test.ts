import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createNotifier } from '../../../lib/chat/index.ts'
import { loadConfig } from '../../../lib/config/config.ts'
import { memoryLog } from '../../../lib/core/log.ts'

const config = (env: Record<string, string>) => loadConfig({ ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: 'acme/shop', ...env })
const format = (env: Record<string, string>) => createNotifier(config(env))?.format

test('no webhook and no bot token: no notifier', () => {
  assert.is(createNotifier(config({})), undefined)
})

test('the webhook format: by host under auto, else as CHAT_FORMAT says', () => {
  assert.is(format({ CHAT_WEBHOOK: 'https://hooks.slack.com/services/T/B/X' }), 'slack')
  assert.is(format({ CHAT_WEBHOOK: 'https://discord.com/api/webhooks/1/x' }), 'discord')
  assert.is(format({ CHAT_WEBHOOK: 'https://chat.googleapis.com/v1/spaces/A/messages?key=k' }), 'googlechat')
  assert.is(format({ CHAT_WEBHOOK: 'https://x.westeurope.logic.azure.com/workflows/1' }), 'teams')
  assert.is(format({ CHAT_WEBHOOK: 'https://chat.acme.test/hooks/1' }), 'slack')
  assert.is(format({ CHAT_WEBHOOK: 'https://chat.acme.test/hooks/1', CHAT_FORMAT: 'mattermost' }), 'mattermost')
  assert.is(createNotifier(config({ CHAT_WEBHOOK: 'https://discord.com/api/webhooks/1/secret' }))?.host, 'discord.com')
})

test('a bot token and channel: Slack Web API, whatever the webhook', () => {
  const notifier = createNotifier(config({ CHAT_WEBHOOK: 'https://discord.com/api/webhooks/1/x', SLACK_BOT_TOKEN: 'xoxb-1234', SLACK_CHANNEL: 'C1' }))
  assert.is(notifier?.format, 'slack-api')
  assert.is(notifier?.host, 'slack.com')
})

test('strict only with a log and REPORT_CHAT_STRICT=1: a failed post warns', async () => {
  const log = memoryLog()
  const quiet = createNotifier(config({ CHAT_WEBHOOK: 'http://127.0.0.1:9/hook' }), log)
  await quiet!.send({ kind: 'ping', repo: 'acme/shop' })
  assert.equal(log.lines, [])
  const strict = createNotifier(config({ CHAT_WEBHOOK: 'http://127.0.0.1:9/hook', REPORT_CHAT_STRICT: '1' }), log)
  await strict!.send({ kind: 'ping', repo: 'acme/shop' })
  assert.equal(log.lines, ['[WARN] Chat notice not delivered (format slack, no answer, host 127.0.0.1:9)'])
})

test.run()
