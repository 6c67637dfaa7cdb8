import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runChecks, type DoctorTarget } from '../../../lib/run/doctor-checks.ts'
import { createWebhookNotifier, pingText } from '../../../lib/chat/webhook.ts'
import type { ChatEvent, ChatNotifier } from '../../../lib/core/chat.ts'
import { createGitHub } from '../../../lib/github/client.ts'
import { doctorChecks } from '../../../lib/github/doctor.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })

const target = (extra: Partial<DoctorTarget> = {}): DoctorTarget => ({ owner: 'acme', repo: 'shop', warnings: [], ...extra })
const client = (token = servers.gh.token, t = target()) =>
  doctorChecks(createGitHub({ token, apiUrl: servers.gh.url, timeoutMs: 5000, maxWaitSeconds: 0, retryAttempts: 2, retryDelaySeconds: 0.01 }, memoryLog()), t)
const line = (c: { ok: boolean; text: string }) => `${c.ok ? '✓' : '✗'} ${c.text}`
// A notifier on the loopback chat sink that must not be asked to send.
const silent = (): ChatNotifier => ({ ...createWebhookNotifier(servers.gh.chatUrl), send: async () => assert.unreachable('no post without ping') as never })
// A notifier that records what it was asked to send and answers `ok`.
const recording = (ok: boolean, sent: ChatEvent[] = []): ChatNotifier => ({ format: 'slack', host: 'hooks.example', send: async (event) => (sent.push(event), { ok, status: ok ? 200 : 404 }) })

test('all good: identity, token, quota, repository, permission, commit, labels and webhook, in order; reads only', async () => {
  const checks = await runChecks(client(), target(), { chat: silent() })
  const reset = new Date(servers.gh.rateLimit.reset * 1000).toLocaleString('sv-SE')
  assert.equal(checks.map(line), [
    '✓ identity: user deploy-bot (ISSUE_TOKEN)',
    '✓ token accepted',
    `✓ rate limit: 4999 of 5000 requests left, resets at ${reset}`,
    '✓ repository readable: acme/shop, 42 stars',
    '✓ permission push on acme/shop: labels of new issues are kept',
    '✓ latest commit readable: "Fix the deploy" by Ada Lovelace',
    '✓ label auto-deploy-failure exists',
    '✓ label ops exists',
    `✓ chat webhook configured (${new URL(servers.gh.url).host}); --ping posts a test message`,
  ])
  assert.ok(servers.gh.requests.every((r) => r.method === 'GET'))
  assert.equal(servers.gh.requests.map((r) => r.path).sort(), [
    '/rate_limit',
    '/repos/acme/shop',
    '/repos/acme/shop/commits',
    '/repos/acme/shop/labels/auto-deploy-failure',
    '/repos/acme/shop/labels/ops',
    '/user',
  ])
  assert.is(servers.gh.calls('GET', /\/commits$/)[0]!.query.get('per_page'), '1')
})

test('a refused token fails once, clearly, and nothing else is read', async () => {
  const checks = await runChecks(client('wrong-token-value'), target(), { chat: silent() })
  assert.match(line(checks[0]!), /^✗ token refused \(HTTP 401: Bad credentials.*\): check ISSUE_TOKEN$/)
  assert.equal(checks.slice(1, 6).map(line), [
    '✗ rate limit: not checked, the token was refused',
    '✗ repository: not checked, the token was refused',
    '✗ latest commit: not checked, the token was refused',
    '✗ label auto-deploy-failure: not checked, the token was refused',
    '✗ label ops: not checked, the token was refused',
  ])
  assert.is(servers.gh.requests.length, 3, 'identity, quota and repository, all refused')
})

test('an unknown repository, an empty history and an exhausted quota each fail their line; a missing label passes where the identity may push', async () => {
  let checks = await runChecks(client(servers.gh.token, target({ repo: 'nope' })), target({ repo: 'nope' }), { chat: silent() })
  assert.match(line(checks[3]!), /^✗ repository acme\/nope not readable \(HTTP 404: .*\): check ISSUE_REPO/)
  assert.is(line(checks[4]!), '✗ latest commit: not checked, the repository is not readable')

  servers.gh.labels.delete('ops')
  servers.gh.commits.length = 0
  servers.gh.rateLimit.remaining = 0
  checks = await runChecks(client(), target(), { chat: silent() })
  assert.match(line(checks[2]!), /^✗ rate limit exhausted: 0 of 5000 requests left, resets at /)
  assert.is(line(checks[5]!), '✗ latest commit: the repository has no commits')
  assert.is(line(checks[6]!), '✓ label auto-deploy-failure exists')
  // Issue 32: with push access, GitHub creates the label with the first issue: no failure.
  assert.is(line(checks[7]!), '✓ label ops missing: GitHub creates it with the first issue, as the identity may push')
})

test('a missing label fails where the identity may not push (GitHub would drop it from new issues)', async () => {
  servers.gh.labels.delete('ops')
  servers.gh.permissions = { ...servers.gh.permissions, push: false }
  const checks = await runChecks(client(), target(), { chat: silent() })
  assert.is(line(checks.find((c) => c.text.startsWith('label ops'))!), '✗ label ops missing: create it in the repository (Issues → Labels)')
})

test('permissions: triage without push fails naming push; a classic token without repo fails naming repo', async () => {
  servers.gh.permissions = { ...servers.gh.permissions, push: false }
  servers.gh.oauthScopes = 'gist, read:org'
  servers.gh.private = true
  const checks = await runChecks(client(), target(), { chat: silent() })
  assert.is(
    line(checks[4]!),
    '✗ permission push missing on acme/shop (has: triage, pull): GitHub silently drops the labels of new issues without it, so no later run would find them as duplicates; give the identity write access',
  )
  assert.is(line(checks[5]!), '✗ token scope repo missing (has: gist, read:org): the classic token cannot create issues in this private repository; add the repo scope')
  assert.ok(servers.gh.requests.every((r) => r.method === 'GET'))
})

test('scopes: repo passes; public_repo passes for a public repository only', async () => {
  servers.gh.oauthScopes = 'public_repo'
  let checks = await runChecks(client(), target(), { chat: silent() })
  assert.is(line(checks[5]!), '✓ token scope public_repo granted (enough for this public repository)')
  servers.gh.private = true
  checks = await runChecks(client(), target(), { chat: silent() })
  assert.match(line(checks[5]!), /^✗ token scope repo missing \(has: public_repo\)/)
  servers.gh.oauthScopes = 'repo, workflow'
  checks = await runChecks(client(), target(), { chat: silent() })
  assert.is(line(checks[5]!), '✓ token scope repo granted')
})

test('identity: a token that is no user\'s (403 on /user) still passes, named as such', async () => {
  servers.gh.inject('GET', /^\/user$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const checks = await runChecks(client(), target(), { chat: silent() })
  assert.is(line(checks[0]!), "✓ identity: a token that is no user's (ISSUE_TOKEN, e.g. GitHub Actions' GITHUB_TOKEN)")
})

test('a server without rate limiting (404) passes the token on the repository read', async () => {
  servers.gh.inject('GET', /^\/rate_limit$/, { status: 404, body: { message: 'Rate limiting is not enabled.' } })
  const checks = await runChecks(client(), target(), { chat: silent() })
  assert.equal(checks.slice(1, 3).map(line), ['✓ token accepted', '✓ rate limit: not enforced by this server'])
})

test('chat webhook: optional when unset, a failure when malformed, posted to only with ping', async () => {
  let checks = await runChecks(client(), target(), { chat: undefined })
  assert.is(line(checks.at(-1)!), '✓ chat webhook: not configured (optional; no chat notices will be sent)')
  checks = await runChecks(client(), target(), { ping: true, chat: undefined })
  assert.is(line(checks.at(-1)!), '✗ chat webhook: --ping given, but CHAT_WEBHOOK is not set')
  checks = await runChecks(client(), target({ warnings: ['CHAT_WEBHOOK is not an http(s) URL'] }), { chat: undefined })
  assert.is(line(checks.at(-1)!), '✗ CHAT_WEBHOOK is not an http(s) URL')

  const sent: ChatEvent[] = []
  checks = await runChecks(client(), target(), { ping: true, chat: recording(true, sent) })
  assert.equal(sent, [{ kind: 'ping', repo: 'acme/shop' }])
  assert.is(line(checks.at(-1)!), '✓ chat webhook accepted a test message (format slack, hooks.example)')
  checks = await runChecks(client(), target(), { ping: true, chat: recording(false) })
  assert.is(line(checks.at(-1)!), '✗ chat webhook did not accept the test message (format slack, hooks.example): check CHAT_WEBHOOK and CHAT_FORMAT')
})

test('the ping the webhook posts says nothing failed', async () => {
  assert.is(await runChecks(Promise.resolve([]), target(), { ping: true, chat: createWebhookNotifier(servers.gh.chatUrl) }).then((c) => line(c[0]!)), `✓ chat webhook accepted a test message (format slack, ${new URL(servers.gh.url).host})`)
  assert.equal(servers.gh.chat.map((post) => post.json), [{ text: pingText('acme/shop') }])
  assert.is(pingText('a/b'), 'Test message from deploy-failure-reporter (doctor --ping) for a/b: the chat webhook works. No action needed.')
})

test.run()
