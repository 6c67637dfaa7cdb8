import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { detectFormat, resolveFormat } from '../../../lib/core/chat-format.ts'
import { loadConfig } from '../../../lib/config/config.ts'
import { configProblems as problems } from '../../helpers/config-problems.ts'

test('auto picks the format by the webhook host, as documented per service (Discord\'s PTB, Canary and versioned addresses too)', () => {
  const cases: [string, string][] = [
    ['https://hooks.slack.com/services/T0/B0/XXXX', 'slack'],
    ['https://discord.com/api/webhooks/123/abc', 'discord'],
    ['https://discordapp.com/api/webhooks/123/abc', 'discord'],
    ['https://discord.com/api/webhooks/123/abc/slack', 'slack'],
    ['https://discord.com/other/123', 'slack'],
    // Discord answers a `{"text"}` body with 400, so a Discord address read as Slack's loses every notice: the
    // addresses the PTB and Canary clients copy, and one with an API version, are Discord's too.
    ['https://ptb.discord.com/api/webhooks/123/abc', 'discord'],
    ['https://canary.discord.com/api/webhooks/123/abc', 'discord'],
    ['https://canary.discordapp.com/api/webhooks/123/abc', 'discord'],
    ['https://discord.com/api/v10/webhooks/123/abc', 'discord'],
    ['https://ptb.discord.com/api/v10/webhooks/123/abc/slack', 'slack'],
    ['https://evil.discord.com.test/api/webhooks/123/abc', 'slack'],
    ['https://other.discord.com/api/webhooks/123/abc', 'slack'],
    ['https://discord.com/api/vX/webhooks/123/abc', 'slack'],
    ['https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t', 'googlechat'],
    ['https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=s', 'teams'],
    ['https://default1234.56.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/x', 'teams'],
    ['https://flow.powerautomate.com/hook/x', 'teams'],
    ['https://acme.webhook.office.com/webhookb2/x', 'teams'],
    ['https://mattermost.acme.test/hooks/abc', 'slack'],
    ['https://evil.test/hooks.slack.com', 'slack'],
    ['https://logic.azure.com.evil.test/x', 'slack'],
    ['http://127.0.0.1:8080/chat', 'slack'],
    ['not a url', 'slack'],
  ]
  for (const [url, format] of cases) assert.is(detectFormat(url), format, url)
})

test('an explicit format wins over the host', () => {
  assert.is(resolveFormat('mattermost', 'https://hooks.slack.com/services/x'), 'mattermost')
  assert.is(resolveFormat('auto', 'https://discord.com/api/webhooks/1/a'), 'discord')
})

const OK = { ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: 'acme/shop' }

test('config: chat defaults are auto, not strict, no Slack Web API', () => {
  const { chat } = loadConfig(OK)
  assert.equal({ ...chat }, { format: 'auto', strict: false, slack: undefined })
  assert.ok(Object.isFrozen(chat))
})

test('config: CHAT_FORMAT and REPORT_CHAT_STRICT are read and checked', () => {
  assert.is(loadConfig({ ...OK, CHAT_FORMAT: 'teams' }).chat.format, 'teams')
  assert.is(loadConfig({ ...OK, REPORT_CHAT_STRICT: '1' }).chat.strict, true)
  assert.is(loadConfig({ ...OK, REPORT_CHAT_STRICT: '0' }).chat.strict, false)
  assert.equal(problems({ ...OK, CHAT_FORMAT: 'Slack' }), ['CHAT_FORMAT must be one of auto, slack, mattermost, googlechat, discord, teams, got "Slack"'])
  assert.equal(problems({ ...OK, REPORT_CHAT_STRICT: 'yes' }), ['REPORT_CHAT_STRICT must be 1 or 0, got "yes"'])
})

test('config: the Slack Web API needs token and channel together, an http(s) address, and never echoes the token', () => {
  const slack = loadConfig({ ...OK, SLACK_BOT_TOKEN: 'xoxb-secret-1', SLACK_CHANNEL: 'C0123' }).chat.slack
  assert.equal({ ...slack }, { token: 'xoxb-secret-1', channel: 'C0123', apiUrl: 'https://slack.com/api' })
  assert.is(loadConfig({ ...OK, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_CHANNEL: 'C1', SLACK_API_URL: 'http://127.0.0.1:9/api/' }).chat.slack?.apiUrl, 'http://127.0.0.1:9/api')
  assert.equal(problems({ ...OK, SLACK_BOT_TOKEN: 'xoxb-secret-1' }), ['SLACK_CHANNEL is required with SLACK_BOT_TOKEN (a channel id such as C0123456789, or #name)'])
  assert.equal(problems({ ...OK, SLACK_CHANNEL: 'C1' }), ['SLACK_BOT_TOKEN is required with SLACK_CHANNEL (a bot token, xoxb-…)'])
  // Plain http off the machine is the one rule's [WARN] (test/unit/config/plain-http.test.ts); not http(s) is a problem.
  const plain = problems({ ...OK, SLACK_BOT_TOKEN: 'xoxb-secret-1', SLACK_CHANNEL: 'C1', SLACK_API_URL: 'ftp://slack.example/api' })
  assert.equal(plain, ['SLACK_API_URL must be an https URL such as https://slack.com/api, got "ftp://slack.example/api"'])
  const leaked = problems({ ...OK, SLACK_BOT_TOKEN: 'xoxb-secret-1', SLACK_CHANNEL: 'C1', ISSUE_REPO: 'xoxb-secret-1' })
  assert.not.match(leaked.join('\n'), 'xoxb-secret-1')
})

test.run()
