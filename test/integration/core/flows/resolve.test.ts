import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createWebhookNotifier } from '../../../../lib/chat/webhook.ts'
import { createGitHub } from '../../../../lib/github/client.ts'
import { createGitHubTracker } from '../../../../lib/github/tracker.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { findRecoverable, resolveRecovery } from '../../../../lib/core/flows/resolve.ts'
import { ListFailed } from '../../../../lib/core/errors.ts'
import { useLoopback } from '../../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })

const target = { retryAttempts: 2, retryDelaySeconds: 0.01 }
const chat = () => createWebhookNotifier(servers.gh.chatUrl)
const client = (log = memoryLog()) =>
  createGitHubTracker(createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 2, retryDelaySeconds: 0.01, writeIntervalSeconds: 0.01 }, log), { owner: 'acme', repo: 'shop' })
// The resolver "starts" after every issue a test adds.
const recovery = { environment: 'prod', commitSha: 'c0ffee1', pipelineUrl: 'https://ci.example/p/3', time: new Date(Date.now() + 3_600_000) }
const T = (env: string, sha: string) => `[DEPLOY FAIL] ${env} — ${sha} — 2026-11-05`

test('findRecoverable returns this environment\'s open labelled issues, oldest first, across pages', async () => {
  for (let i = 0; i < 120; i++) servers.gh.addIssue({ title: T(i % 50 === 7 ? 'prod' : 'prod-eu', `s${i}`) })
  const found = await findRecoverable(client(), 'prod')
  assert.equal(found.map((i) => i.number), [8, 58, 108])
  assert.equal(servers.gh.calls('GET').map((r) => r.query.get('direction')), ['asc', 'asc'])
})

test('an issue filed after the resolver started is left open for the next good deploy', async () => {
  const older = servers.gh.addIssue({ title: T('prod', 'a'), created_at: '2026-11-05T10:00:00Z' })
  const newer = servers.gh.addIssue({ title: T('prod', 'b'), created_at: '2026-11-05T10:00:02Z' })
  const log = memoryLog()
  const result = await resolveRecovery(client(log), chat(), target, { ...recovery, time: new Date('2026-11-05T10:00:01Z') }, log)
  assert.equal(result.closed, [older.number])
  assert.is(newer.state, 'open')
})

test('resolveRecovery: closed, failed and the outcome; the chat lists what was closed', async () => {
  const [a, b] = [servers.gh.addIssue({ title: T('prod', 'a') }), servers.gh.addIssue({ title: T('prod', 'b') })]
  servers.gh.inject('POST', new RegExp(`/issues/${a.number}/comments$`), { status: 410, body: { message: 'Gone' } })
  const log = memoryLog()
  const result = await resolveRecovery(client(log), chat(), target, recovery, log)
  assert.equal(result, { outcome: 'resolved', closed: [b.number], failed: [a.number] })
  assert.is(a.state, 'open', 'no close without its comment')
  assert.is(servers.gh.calls('PATCH').length, 1)
  assert.match(log.lines[0]!, /^\[ERROR\] Could not close issue #1, it stays open \(commenting on it: HTTP 410/)
  assert.is(log.lines[1], `[INFO] Closed issue #2: ${b.html_url}`)
  assert.match((servers.gh.chat[0]!.json as { text: string }).text, /\nClosed: #2\n/)
})

test('resolveRecovery: every close failing is outcome "failed" and no chat', async () => {
  servers.gh.addIssue({ title: T('prod', 'a') })
  servers.gh.inject('PATCH', /\/issues\/\d+$/, { status: 422 })
  const result = await resolveRecovery(client(), chat(), target, recovery, memoryLog())
  assert.equal(result, { outcome: 'failed', closed: [], failed: [1] })
  assert.is(servers.gh.chat.length, 0)
})

test('resolveRecovery: dry run reads only; a list that cannot be read throws ListFailed', async () => {
  servers.gh.addIssue({ title: T('prod', 'a') })
  const log = memoryLog()
  assert.equal(await resolveRecovery(client(log), chat(), target, recovery, log, { dryRun: true }), { outcome: 'resolved', closed: [1], failed: [] })
  assert.ok(servers.gh.requests.every((r) => r.method === 'GET'))
  assert.is(servers.gh.chat.length, 0)

  servers.gh.inject('GET', /\/issues$/, { reset: true }, 5)
  try {
    await resolveRecovery(client(), chat(), target, recovery, memoryLog())
    assert.unreachable()
  } catch (error) {
    assert.instance(error, ListFailed)
    assert.match((error as Error).message, /^Could not list the open auto-deploy-failure issues, so none was closed \(no answer from the API/)
  }
})

test.run()
