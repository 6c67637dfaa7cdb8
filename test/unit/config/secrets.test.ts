// What loadConfig registers as secrets (lib/config/config.ts, lib/core/redact.ts), in every form a log, an
// error or a JSON document may print them in: each is taken out of any text from then on, and the text
// around it (the host, the rest of a line) stays.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../../lib/config/config.ts'
import { forgetSecrets, redact } from '../../../lib/core/redact.ts'

const OK = { ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: 'acme/shop' }

test('a proxy\'s password, with or without a scheme (curl reads none as http://), as written and decoded', () => {
  for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) {
    for (const proxy of ['deploy:Pr0xy%40Secret@proxy.corp:3128', 'http://deploy:Pr0xy%40Secret@proxy.corp:3128']) {
      forgetSecrets()
      loadConfig({ ...OK, [name]: proxy })
      assert.is(redact(`connect via ${proxy} failed`), `connect via ${proxy.startsWith('http') ? 'http://' : ''}***@proxy.corp:3128 failed`, `${name}=${proxy}`)
      assert.is(redact('password Pr0xy@Secret'), 'password ***', `${name}=${proxy}: decoded`)
    }
  }
})

// Every setting that holds an address, with what else it needs to be read (not CHAT_WEBHOOK: the whole address is a secret).
const SLACK = { ...OK, SLACK_BOT_TOKEN: 'xoxb-SecretsTest-0123456789', SLACK_CHANNEL: '#deploys' }
const PAGER = { ...OK, PAGERDUTY_ROUTING_KEY: 'R0UT1NGKEY0123456789abcdefABCDEF' }
const ADDRESS_SETTINGS: readonly [string, Record<string, string>][] = [
  ['ISSUE_API_URL', OK], ['GITHUB_API_URL', OK], ['CI_API_V4_URL', { ...OK, ISSUE_TRACKER: 'gitlab' }], ['SLACK_API_URL', SLACK],
  ['PAGERDUTY_EVENTS_URL', PAGER], ['CI_PIPELINE_URL', OK], ['BUILD_URL', OK], ['CI_JOB_URL', OK],
  ['CI_PROJECT_URL', OK], ['GITHUB_SERVER_URL', OK], ['CIRCLE_BUILD_URL', OK], ['BUILDKITE_BUILD_URL', OK],
]

for (const [name, env] of ADDRESS_SETTINGS) {
  test(`${name}: the password in the address, as written and decoded; the host and path stay`, () => {
    forgetSecrets()
    const address = 'https://ops:Us3r%2Finfo-Secret@host.example/api/v4'
    loadConfig({ ...env, [name]: address })
    assert.is(redact(`GET ${address}/health failed`), 'GET https://***@host.example/api/v4/health failed')
    assert.is(redact('password Us3r/info-Secret'), 'password ***')
  })
}

// Webhook addresses as the vendors hand them out: the secret is in the path (Slack, Discord) or in the
// query's key and token (Google Chat, https://developers.google.com/workspace/chat/quickstart/webhooks).
const GOOGLE_CHAT = 'https://chat.googleapis.com/v1/spaces/AAAAbcdEfg/messages?key=AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI&token=tOkEnPart_abcdefghijklmnopqrstuv%3D'
const DISCORD = 'https://discord.com/api/webhooks/123456789012345678/DiscordWebhookTokenPart-abcdefghijklmnop?wait=true'
const SLACK_HOOK = 'https://hooks.slack.com/services/T0001/B0002/SlackHookSecretXYZabc123'

test('CHAT_WEBHOOK in the forms a log or JSON prints it: percent-encoded, with \\/, with & as \\u0026 or &amp;', () => {
  for (const webhook of [GOOGLE_CHAT, DISCORD, SLACK_HOOK]) {
    forgetSecrets()
    loadConfig({ ...OK, CHAT_WEBHOOK: webhook })
    const forms = [encodeURIComponent(webhook), webhook.replaceAll('/', '\\/'), webhook.replaceAll('&', '\\u0026'), webhook.replaceAll('&', '&amp;'), webhook.replaceAll('/', '\\/').replaceAll('&', '\\u0026')]
    for (const form of forms) assert.is(redact(`POST ${form} failed`), 'POST *** failed', form)
    assert.is(redact(`url=${encodeURIComponent(new URL(webhook).pathname)}`), 'url=***', 'the path alone, percent-encoded')
  }
})

test('CHAT_WEBHOOK: Google Chat\'s key and token each alone, as written and decoded; a parameter with no secret is left alone', () => {
  forgetSecrets()
  loadConfig({ ...OK, CHAT_WEBHOOK: GOOGLE_CHAT })
  assert.is(redact('token=tOkEnPart_abcdefghijklmnopqrstuv= rejected'), 'token=*** rejected')
  assert.is(redact('{"token":"tOkEnPart_abcdefghijklmnopqrstuv%3D"}'), '{"token":"***"}')
  assert.is(redact('API key AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI expired'), 'API key *** expired')
  forgetSecrets()
  loadConfig({ ...OK, CHAT_WEBHOOK: DISCORD })
  assert.is(redact('{"ok": true}'), '{"ok": true}', 'Discord\'s wait=true is no secret: `true` stays everywhere')
})

// A malformed address is echoed in its problem, so that its reader sees what is wrong; its password is not.
test('a malformed address setting: its problem names it and the expected form, and never prints the password', () => {
  const cases: readonly [string, Record<string, string>, string][] = [
    ['ISSUE_API_URL', OK, 'ops:Malformed-Pw0rd@ghe.example'],
    ['ISSUE_API_URL', OK, 'https://ops:Malformed-Pw0rd@exa mple/api/v3'],
    ['ISSUE_API_URL', OK, 'https://ops:Malformed%2DPw0rd@exa mple'],
    ['SLACK_API_URL', SLACK, 'ftp://ops:Malformed-Pw0rd@slack.example/api'],
    ['PAGERDUTY_EVENTS_URL', PAGER, 'https://ops:Malformed-Pw0rd@pager example'],
    ['REPORT_PROJECT', OK, 'https://ops:Malformed-Pw0rd@github.com/acme/7'],
  ]
  for (const [name, env, address] of cases) {
    forgetSecrets()
    let message = ''
    try {
      loadConfig({ ...env, [name]: address })
    } catch (error) {
      message = (error as Error).message
    }
    assert.match(message, new RegExp(`${name} must be an? (http\\(s\\) URL|https URL|GitHub Projects address) such as`), `${name}=${address}: ${message}`)
    assert.match(message, /\*\*\*@/, `${name}=${address}: the value is echoed, its credentials masked`)
    for (const piece of ['Malformed', 'Pw0rd', 'Malformed-Pw0rd']) assert.not.ok(message.includes(piece), `${name}=${address}: ${message}`)
  }
})

// A token passed as an address's user name, as Git and curl take one (`https://TOKEN@host`).
test('an address\'s user name with no password is a secret when it looks like a credential, not an ordinary name', () => {
  const token = '0f3a9c1e5b7d2f4a6c8e0b1d3f5a7c9e1b3d5f70'
  for (const [name, env] of [['ISSUE_API_URL', OK], ['CI_PIPELINE_URL', OK], ['HTTPS_PROXY', OK]] as const) {
    forgetSecrets()
    loadConfig({ ...env, [name]: `https://${token}@host.example/api/v3` })
    assert.is(redact(`token ${token} leaked`), 'token *** leaked', name)
    forgetSecrets()
    loadConfig({ ...env, [name]: 'https://deploy-bot@host.example/api/v3' })
    assert.is(redact('the deploy-bot user'), 'the deploy-bot user', `${name}: an ordinary user name stays`)
  }
})

test.run()
