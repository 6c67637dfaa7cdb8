import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runChecks, pingText, type DoctorTarget } from '../../lib/cli/doctor.ts'
import { createGitHub } from '../../lib/tracker/github/client.ts'
import { memoryLog } from '../../lib/core/log.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'

let gh: LoopbackGitHub
test.before.each(async () => {
  gh = await startLoopbackGitHub()
})
test.after.each(async () => {
  await gh.close()
})

const target = (extra: Partial<DoctorTarget> = {}): DoctorTarget => ({ owner: 'acme', repo: 'shop', chatWebhook: gh.chatUrl, warnings: [], ...extra })
const client = (token = gh.token) =>
  createGitHub({ token, apiUrl: gh.url, timeoutMs: 5000, maxWaitSeconds: 0, retryAttempts: 2, retryDelaySeconds: 0.01 }, memoryLog())
const line = (c: { ok: boolean; text: string }) => `${c.ok ? '✓' : '✗'} ${c.text}`
const noPost = async () => assert.unreachable('no post without ping') as never

test('all good: token, quota, repository, commit, labels and webhook, in order; reads only', async () => {
  const checks = await runChecks(client(), target(), { post: noPost })
  const reset = new Date(gh.rateLimit.reset * 1000).toLocaleString('sv-SE')
  assert.equal(checks.map(line), [
    '✓ token accepted',
    `✓ rate limit: 4999 of 5000 requests left, resets at ${reset}`,
    '✓ repository readable: acme/shop, 42 stars',
    '✓ permission push on acme/shop: labels of new issues are kept',
    '✓ latest commit readable: "Fix the deploy" by Ada Lovelace',
    '✓ label auto-deploy-failure exists',
    '✓ label ops exists',
    `✓ chat webhook configured (${new URL(gh.url).host}); --ping posts a test message`,
  ])
  assert.ok(gh.requests.every((r) => r.method === 'GET'))
  assert.equal(gh.requests.map((r) => r.path).sort(), [
    '/rate_limit',
    '/repos/acme/shop',
    '/repos/acme/shop/commits',
    '/repos/acme/shop/labels/auto-deploy-failure',
    '/repos/acme/shop/labels/ops',
  ])
  assert.is(gh.calls('GET', /\/commits$/)[0]!.query.get('per_page'), '1')
})

test('a refused token fails once, clearly, and nothing else is read', async () => {
  const checks = await runChecks(client('wrong-token-value'), target(), { post: noPost })
  assert.match(line(checks[0]!), /^✗ token refused \(HTTP 401: Bad credentials.*\): check ISSUE_TOKEN$/)
  assert.equal(checks.slice(1, 6).map(line), [
    '✗ rate limit: not checked, the token was refused',
    '✗ repository: not checked, the token was refused',
    '✗ latest commit: not checked, the token was refused',
    '✗ label auto-deploy-failure: not checked, the token was refused',
    '✗ label ops: not checked, the token was refused',
  ])
  assert.is(gh.requests.length, 2)
})

test('an unknown repository, a missing label, an empty history and an exhausted quota each fail their line', async () => {
  let checks = await runChecks(client(), target({ repo: 'nope' }), { post: noPost })
  assert.match(line(checks[2]!), /^✗ repository acme\/nope not readable \(HTTP 404: .*\): check ISSUE_REPO/)
  assert.is(line(checks[3]!), '✗ latest commit: not checked, the repository is not readable')

  gh.labels.delete('ops')
  gh.commits.length = 0
  gh.rateLimit.remaining = 0
  checks = await runChecks(client(), target(), { post: noPost })
  assert.match(line(checks[1]!), /^✗ rate limit exhausted: 0 of 5000 requests left, resets at /)
  assert.is(line(checks[4]!), '✗ latest commit: the repository has no commits')
  assert.is(line(checks[5]!), '✓ label auto-deploy-failure exists')
  assert.is(line(checks[6]!), '✗ label ops missing: create it in the repository (Issues → Labels)')
})

test('permissions: triage without push fails naming push; a classic token without repo fails naming repo', async () => {
  gh.permissions = { ...gh.permissions, push: false }
  gh.oauthScopes = 'gist, read:org'
  gh.private = true
  const checks = await runChecks(client(), target(), { post: noPost })
  assert.is(
    line(checks[3]!),
    '✗ permission push missing on acme/shop (has: triage, pull): GitHub silently drops the labels of new issues without it, so no later run would find them as duplicates; give the identity write access',
  )
  assert.is(line(checks[4]!), '✗ token scope repo missing (has: gist, read:org): the classic token cannot create issues in this private repository; add the repo scope')
  assert.ok(gh.requests.every((r) => r.method === 'GET'))
})

test('scopes: repo passes; public_repo passes for a public repository only', async () => {
  gh.oauthScopes = 'public_repo'
  let checks = await runChecks(client(), target(), { post: noPost })
  assert.is(line(checks[4]!), '✓ token scope public_repo granted (enough for this public repository)')
  gh.private = true
  checks = await runChecks(client(), target(), { post: noPost })
  assert.match(line(checks[4]!), /^✗ token scope repo missing \(has: public_repo\)/)
  gh.oauthScopes = 'repo, workflow'
  checks = await runChecks(client(), target(), { post: noPost })
  assert.is(line(checks[4]!), '✓ token scope repo granted')
})

test('a server without rate limiting (404) passes the token on the repository read', async () => {
  gh.inject('GET', /^\/rate_limit$/, { status: 404, body: { message: 'Rate limiting is not enabled.' } })
  const checks = await runChecks(client(), target(), { post: noPost })
  assert.equal(checks.slice(0, 2).map(line), ['✓ token accepted', '✓ rate limit: not enforced by this server'])
})

test('chat webhook: optional when unset, a failure when malformed, posted to only with ping', async () => {
  let checks = await runChecks(client(), target({ chatWebhook: undefined }), { post: noPost })
  assert.is(line(checks.at(-1)!), '✓ chat webhook: not configured (optional; no chat notices will be sent)')
  checks = await runChecks(client(), target({ chatWebhook: undefined }), { ping: true, post: noPost })
  assert.is(line(checks.at(-1)!), '✗ chat webhook: --ping given, but CHAT_WEBHOOK is not set')
  checks = await runChecks(client(), target({ chatWebhook: undefined, warnings: ['CHAT_WEBHOOK is not an http(s) URL'] }), { post: noPost })
  assert.is(line(checks.at(-1)!), '✗ CHAT_WEBHOOK is not an http(s) URL')

  const posts: [string, string][] = []
  checks = await runChecks(client(), target({ chatWebhook: 'https://hooks.example/services/SECRET' }), {
    ping: true,
    post: async (url, text) => (posts.push([url, text]), true),
  })
  assert.equal(posts, [['https://hooks.example/services/SECRET', pingText(target())]])
  assert.is(line(checks.at(-1)!), '✓ chat webhook accepted a test message (hooks.example)')
  checks = await runChecks(client(), target({ chatWebhook: 'https://hooks.example/services/SECRET' }), { ping: true, post: async () => false })
  assert.is(line(checks.at(-1)!), '✗ chat webhook did not accept the test message (hooks.example): check CHAT_WEBHOOK')
})

test('the ping text says nothing failed', () => {
  assert.is(pingText({ owner: 'a', repo: 'b', chatWebhook: undefined, warnings: [] }), 'Test message from deploy-failure-reporter (doctor --ping) for a/b: the chat webhook works. No action needed.')
})

test.run()
