import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createGitLab } from '../../../lib/gitlab/client.ts'
import { gitLabChecks } from '../../../lib/gitlab/doctor.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { gitlab: true })

const LABELS = ['auto-deploy-failure', 'ops']
const checks = (token = servers.gl.token, project = 'acme/platform/shop') =>
  gitLabChecks(createGitLab({ token, apiUrl: servers.gl.apiUrl, timeoutMs: 2000, maxWaitSeconds: 1, retryAttempts: 1, retryDelaySeconds: 0.01 }, memoryLog()), project, LABELS)
const texts = (list: { ok: boolean; text: string }[]) => list.map((c) => `${c.ok ? '✓' : '✗'} ${c.text}`)

test('everything in place: token with scopes, quota, project, commit, labels; reads only', async () => {
  const out = texts(await checks())
  assert.is(out[0], '✓ token accepted (user reporter-bot, scopes: api)')
  assert.match(out[1]!, /^✓ rate limit: 1999 of 2000 requests left, resets at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  assert.is(out[2], '✓ project readable: acme/platform/shop, 42 stars')
  assert.is(out[3], '✓ latest commit readable: "Fix the deploy" by Ada Lovelace')
  assert.equal(out.slice(4), ['✓ label auto-deploy-failure exists', '✓ label ops exists'])
  assert.ok(servers.gl.requests.every((r) => r.method === 'GET'))
  assert.ok(servers.gl.calls('GET', /^\/projects\/acme%2Fplatform%2Fshop$/).length === 1)
})

test('a read_api token fails: it cannot write issues; unreported scopes pass with a note', async () => {
  servers.gl.tokenInfo = { scopes: ['read_api'], name: 'ro', active: true }
  assert.is(texts(await checks())[0], '✗ token lacks the api scope (user reporter-bot, scopes: read_api): it cannot write issues')
  servers.gl.tokenInfo = undefined
  assert.is(texts(await checks())[0], '✓ token accepted (user reporter-bot; scopes not reported for this kind of token: it needs api)')
})

test('a refused token, a missing project, an exhausted quota and a missing label each say so', async () => {
  let out = texts(await checks('wrong-token-123456'))
  assert.is(out[0], '✗ token refused (HTTP 401: 401 Unauthorized): check ISSUE_TOKEN')
  assert.is(out[2], '✗ project: not checked, the token was refused')
  assert.is(out[3], '✗ latest commit: not checked, the token was refused')

  out = texts(await checks(servers.gl.token, 'acme/other'))
  assert.is(out[2], '✗ project acme/other not readable (HTTP 404: 404 Project Not Found): check ISSUE_REPO, and that the token can see the project')
  assert.is(out[5], '✗ label ops: not checked, the project is not readable')

  servers.gl.rateLimit = { limit: 2000, remaining: 0, reset: Math.floor(Date.now() / 1000) + 30 }
  servers.gl.labels.delete('ops')
  out = texts(await checks())
  assert.match(out[1]!, /^✗ rate limit exhausted: 0 of 2000 requests left/)
  assert.is(out[5], '✓ label ops missing: GitLab creates it with the first issue')
})

test.run()
