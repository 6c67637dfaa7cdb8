import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runChecks, type DoctorTarget } from '../../lib/cli/doctor.ts'
import { createWebhookNotifier, pingText } from '../../lib/chat/webhook.ts'
import type { ChatEvent, ChatNotifier } from '../../lib/core/chat.ts'
import { createGitHub } from '../../lib/tracker/github/client.ts'
import { doctorChecks } from '../../lib/tracker/github/doctor.ts'
import { memoryLog } from '../../lib/core/log.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'

let gh: LoopbackGitHub
test.before.each(async () => {
  gh = await startLoopbackGitHub()
})
test.after.each(async () => {
  await gh.close()
})

const target = (extra: Partial<DoctorTarget> = {}): DoctorTarget => ({ owner: 'acme', repo: 'shop', warnings: [], ...extra })
const client = (token = gh.token, t = target()) =>
  doctorChecks(createGitHub({ token, apiUrl: gh.url, timeoutMs: 5000, maxWaitSeconds: 0, retryAttempts: 2, retryDelaySeconds: 0.01 }, memoryLog()), t)
const line = (c: { ok: boolean; text: string }) => `${c.ok ? '✓' : '✗'} ${c.text}`
// A notifier on the loopback chat sink that must not be asked to send.
const silent = (): ChatNotifier => ({ ...createWebhookNotifier(gh.chatUrl), send: async () => assert.unreachable('no post without ping') as never })
// A notifier that records what it was asked to send and answers `ok`.
const recording = (ok: boolean, sent: ChatEvent[] = []): ChatNotifier => ({ format: 'slack', host: 'hooks.example', send: async (event) => (sent.push(event), { ok, status: ok ? 200 : 404 }) })

test('all good: token, quota, repository, commit, labels and webhook, in order; reads only', async () => {
  const checks = await runChecks(client(), target(), { chat: silent() })
  const reset = new Date(gh.rateLimit.reset * 1000).toLocaleString('sv-SE')
  assert.equal(checks.map(line), [
    '✓ token accepted',
    `✓ rate limit: 4999 of 5000 requests left, resets at ${reset}`,
    '✓ repository readable: acme/shop, 42 stars',
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
  const checks = await runChecks(client('wrong-token-value'), target(), { chat: silent() })
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
  let checks = await runChecks(client(gh.token, target({ repo: 'nope' })), target({ repo: 'nope' }), { chat: silent() })
  assert.match(line(checks[2]!), /^✗ repository acme\/nope not readable \(HTTP 404: .*\): check ISSUE_REPO/)
  assert.is(line(checks[3]!), '✗ latest commit: not checked, the repository is not readable')

  gh.labels.delete('ops')
  gh.commits.length = 0
  gh.rateLimit.remaining = 0
  checks = await runChecks(client(), target(), { chat: silent() })
  assert.match(line(checks[1]!), /^✗ rate limit exhausted: 0 of 5000 requests left, resets at /)
  assert.is(line(checks[3]!), '✗ latest commit: the repository has no commits')
  assert.is(line(checks[4]!), '✓ label auto-deploy-failure exists')
  assert.is(line(checks[5]!), '✗ label ops missing: create it in the repository (Issues → Labels)')
})

test('a server without rate limiting (404) passes the token on the repository read', async () => {
  gh.inject('GET', /^\/rate_limit$/, { status: 404, body: { message: 'Rate limiting is not enabled.' } })
  const checks = await runChecks(client(), target(), { chat: silent() })
  assert.equal(checks.slice(0, 2).map(line), ['✓ token accepted', '✓ rate limit: not enforced by this server'])
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
  assert.is(line(checks.at(-1)!), '✓ chat webhook accepted a test message (hooks.example)')
  checks = await runChecks(client(), target(), { ping: true, chat: recording(false) })
  assert.is(line(checks.at(-1)!), '✗ chat webhook did not accept the test message (hooks.example): check CHAT_WEBHOOK')
})

test('the ping the webhook posts says nothing failed', async () => {
  assert.is(await runChecks(Promise.resolve([]), target(), { ping: true, chat: createWebhookNotifier(gh.chatUrl) }).then((c) => line(c[0]!)), `✓ chat webhook accepted a test message (${new URL(gh.url).host})`)
  assert.equal(gh.chat.map((post) => post.json), [{ text: pingText('acme/shop') }])
  assert.is(pingText('a/b'), 'Test message from deploy-failure-reporter (doctor --ping) for a/b: the chat webhook works. No action needed.')
})

test.run()
