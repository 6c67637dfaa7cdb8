// A GitHub App's installation token, bought once for every client sharing the identity, and under the
// deadline of whoever waits for it: a server that holds the purchase unanswered shows whether a caller's
// abort ends its wait, and whether the purchase itself is abandoned (its connection closed) only when no
// caller is left waiting for it.
import type { ServerResponse } from 'node:http'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { appIdentity, createGitHub } from '../../../lib/github/client.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { testApp } from '../../helpers/github-app.ts'
import { LoopbackServer } from '../../helpers/loopback-server.ts'

interface Purchase {
  readonly res: ServerResponse
  /** Whether the client closed the request before it was answered. */
  abandoned: boolean
}

let server: LoopbackServer
let purchases: Purchase[]
let token = 0
test.before.each(async () => {
  purchases = []
  // Every purchase is held until the test answers it.
  server = new LoopbackServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/app/installations/777/access_tokens') return void res.writeHead(404).end('{}')
    const purchase: Purchase = { res, abandoned: false }
    res.on('close', () => (purchase.abandoned = !res.writableFinished))
    purchases.push(purchase)
  })
  await server.listen()
})
test.after.each(() => server.close())

const options = () => ({ token: '', apiUrl: server.url, timeoutMs: 10_000, maxWaitSeconds: 5, retryAttempts: 1, retryDelaySeconds: 0.01, owner: 'acme', repo: 'shop', app: { appId: '4242', privateKey: testApp().privateKey, installationId: 777 } })
const identity = () => appIdentity(options())!

const answer = (purchase: Purchase) => {
  const bought = `ghs_test${++token}`
  purchase.res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ token: bought, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: { issues: 'write' } }))
  return bought
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 400 && !what(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  assert.ok(what(), 'the condition came true')
}

// How `work` settles within 2 s (far less than the client's own 10 s request timeout).
const settles = <T>(work: Promise<T>): Promise<{ value: T } | 'rejected' | 'still waiting'> =>
  Promise.race([work.then((value) => ({ value }), () => 'rejected' as const), new Promise<'still waiting'>((resolve) => setTimeout(resolve, 2000, 'still waiting'))])

test('the only caller\'s deadline passes: its wait ends at once, the purchase is abandoned, and the next caller buys anew', async () => {
  const app = identity()
  const deadline = new AbortController()
  const waiting = app.token(deadline.signal)
  await until(() => purchases.length === 1)
  deadline.abort()
  assert.is(await settles(waiting), 'rejected')
  await until(() => purchases[0]!.abandoned)
  const next = app.token()
  await until(() => purchases.length === 2)
  const bought = answer(purchases[1]!)
  assert.equal(await settles(next), { value: bought })
})

test('two callers wait for one purchase; the one with a deadline stops, the other still gets the token, and later ones reuse it', async () => {
  const app = identity()
  const deadline = new AbortController()
  const changes = app.token(deadline.signal)
  const tracker = app.token()
  await until(() => purchases.length === 1)
  deadline.abort()
  assert.is(await settles(changes), 'rejected')
  assert.not.ok(purchases[0]!.abandoned, 'the purchase goes on for the caller still waiting')
  const bought = answer(purchases[0]!)
  assert.equal(await settles(tracker), { value: bought })
  assert.equal(await settles(app.token(new AbortController().signal)), { value: bought })
  assert.is(purchases.length, 1, 'one purchase in all')
})

test('a request under a deadline (what changed) that needs the token: the client hands the deadline on, so the request ends and the purchase is abandoned', async () => {
  const github = createGitHub({ ...options(), identity: identity() }, memoryLog())
  const deadline = new AbortController()
  const read = github.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop', request: { signal: deadline.signal } })
  await until(() => purchases.length === 1)
  deadline.abort()
  assert.is(await settles(read), 'rejected')
  await until(() => purchases[0]!.abandoned)
})

test('a caller whose deadline has passed already starts no purchase', async () => {
  const app = identity()
  assert.is(await settles(app.token(AbortSignal.abort())), 'rejected')
  await new Promise((resolve) => setTimeout(resolve, 50))
  assert.is(purchases.length, 0)
})

test.run()
