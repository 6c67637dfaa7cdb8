// The one rule for plain http (lib/config/plain-http.ts, docs/security.md), run against EVERY address that
// carries a secret: over http to a host other than the loopback, one [WARN] naming the variable and the
// secret (never its value), and the run goes on; over http to the loopback, or over https, nothing.
// A new address with a secret joins by being added to ADDRESSES.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../../lib/config/config.ts'
import { createCiReader } from '../../../lib/run/ci.ts'
import { memoryLog } from '../../../lib/core/log.ts'

const TOKEN = 'ghp_PlainHttpRuleToken0123456789abcdef'
const GITHUB = { ISSUE_TOKEN: TOKEN, ISSUE_REPO: 'acme/shop' }
const GITLAB = { ISSUE_TOKEN: TOKEN, ISSUE_TRACKER: 'gitlab', ISSUE_REPO: 'acme/shop' }
const SLACK = { ...GITHUB, SLACK_BOT_TOKEN: 'xoxb-PlainHttpRule-0123456789', SLACK_CHANNEL: '#deploys' }
const PAGER = { ...GITHUB, PAGERDUTY_ROUTING_KEY: 'R0UT1NGKEY0123456789abcdefABCDEF' }
const GITLAB_CI = { GITLAB_CI: 'true', CI_PROJECT_ID: '7', CI_PIPELINE_ID: '8', CI_LOG_TOKEN: 'glpat-PlainHttpRuleLogToken01' }

interface Address {
  readonly variable: string
  /** The secret, in words, that the [WARN] names. */
  readonly secret: string
  /** Every warning a run with the variable set to `url` gives about its configuration. */
  readonly warnings: (url: string) => Promise<readonly string[]>
}

const configWarnings = (env: Record<string, string>) => async () => loadConfig(env).warnings

// Every address the tools send a secret to.
const ADDRESSES: readonly Address[] = [
  { variable: 'ISSUE_API_URL', secret: 'ISSUE_TOKEN', warnings: (url) => configWarnings({ ...GITHUB, ISSUE_API_URL: url })() },
  { variable: 'GITHUB_API_URL', secret: 'ISSUE_TOKEN', warnings: (url) => configWarnings({ ...GITHUB, GITHUB_API_URL: url })() },
  { variable: 'CI_API_V4_URL', secret: 'ISSUE_TOKEN', warnings: (url) => configWarnings({ ...GITLAB, CI_API_V4_URL: url })() },
  { variable: 'CHAT_WEBHOOK', secret: 'the webhook address', warnings: (url) => configWarnings({ ...GITHUB, CHAT_WEBHOOK: url })() },
  { variable: 'SLACK_API_URL', secret: 'SLACK_BOT_TOKEN', warnings: (url) => configWarnings({ ...SLACK, SLACK_API_URL: url })() },
  { variable: 'PAGERDUTY_EVENTS_URL', secret: 'PAGERDUTY_ROUTING_KEY', warnings: (url) => configWarnings({ ...PAGER, PAGERDUTY_EVENTS_URL: url })() },
  { variable: 'HTTPS_PROXY', secret: "the proxy's password", warnings: (url) => configWarnings({ ...GITHUB, HTTPS_PROXY: url.replace('//', '//deploy:Pr0xyPassw0rd@') })() },
  { variable: 'http_proxy', secret: "the proxy's password", warnings: (url) => configWarnings({ ...GITHUB, http_proxy: url.replace('//', '//deploy:Pr0xyPassw0rd@') })() },
  {
    // The GitLab CI reader's CI_LOG_TOKEN, when issues go elsewhere: warned when the reader is made.
    variable: 'CI_API_V4_URL',
    secret: 'CI_LOG_TOKEN',
    warnings: async (url) => {
      const env = { ...GITHUB, ...GITLAB_CI, CI_API_V4_URL: url, REPORT_CI_LOG: 'auto' }
      const log = memoryLog()
      await createCiReader(loadConfig(env), log, env)
      return log.lines.map((line) => line.replace(/^\[WARN\] /, ''))
    },
  },
]

for (const address of ADDRESSES) {
  test(`${address.variable} (${address.secret}): plain http off the machine is one [WARN]; loopback and https are not`, async () => {
    const warned = await address.warnings('http://deploy.corp.example/api')
    assert.is(warned.length, 1, warned.join('\n'))
    assert.is(warned[0], `${address.variable} uses plain http, so ${address.secret}${address.variable === 'CHAT_WEBHOOK' ? ', a secret itself,' : ''} travels unencrypted; use ${/proxy/i.test(address.variable) ? 'an https:// proxy address' : 'https'} unless the network is trusted`)
    assert.not.ok(/ghp_|xoxb-|glpat-|R0UT1NG|Pr0xy/.test(warned[0]!), 'no secret in the warning')
    for (const quiet of ['http://127.0.0.1:9/api', 'http://localhost:9/api', 'https://deploy.corp.example/api']) {
      assert.equal(await address.warnings(quiet), [], quiet)
    }
  })
}

test('a proxy address without a scheme is plain http, as curl reads it: warned off the machine, not on the loopback', async () => {
  const warned = loadConfig({ ...GITHUB, HTTPS_PROXY: 'deploy:Pr0xyPassw0rd@proxy.corp.example:3128' }).warnings
  assert.equal(warned, ["HTTPS_PROXY uses plain http, so the proxy's password travels unencrypted; use an https:// proxy address unless the network is trusted"])
  assert.equal(loadConfig({ ...GITHUB, HTTPS_PROXY: 'deploy:Pr0xyPassw0rd@127.0.0.1:3128' }).warnings, [])
})

test.run()
