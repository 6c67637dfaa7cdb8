import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryLog } from '../../../lib/core/log.ts'
import type { Issue } from '../../../lib/core/tracker.ts'
import { createGitHub } from '../../../lib/github/client.ts'
import { createGitHubTracker } from '../../../lib/github/tracker.ts'
import { MAX_PAGES } from '../../../lib/http/paginate.ts'
import { serveGitHubDeployments } from '../../helpers/loopback-deployments.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })
const options = { timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 3, retryDelaySeconds: 0.01, writeIntervalSeconds: 0.01 }
const tracker = (log = memoryLog()) => createGitHubTracker(createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, ...options }, log), { owner: 'acme', repo: 'shop' })

test('history: open and closed labelled issues updated since, 100 a page, with comment counts; no pull requests', async () => {
  for (let i = 0; i < 150; i++) {
    servers.gh.addIssue({ title: `t${i}`, created_at: '2026-10-01T00:00:00Z', updated_at: i < 10 ? '2026-09-01T00:00:00Z' : '2026-10-02T00:00:00Z', comments: i % 3, ...(i % 2 ? { state: 'closed', closed_at: '2026-10-02T00:00:00Z', state_reason: 'not_planned' } : {}), ...(i === 20 ? { pull_request: { url: 'x' } } : {}) })
  }
  servers.gh.addIssue({ title: 'unlabelled', updated_at: '2026-10-02T00:00:00Z' }, ['ops'])
  const pages: Issue[][] = []
  for await (const page of tracker().history!({ label: 'auto-deploy-failure', since: new Date('2026-10-01T00:00:00Z') })) pages.push([...page])
  // 140 updated since, one of them a pull request.
  assert.equal(pages.map((p) => p.length), [99, 40])
  const eleventh = pages[0]![0]!
  assert.is(eleventh.title, 't10')
  assert.is(eleventh.commentCount, 1)
  assert.is(pages[0]![1]!.closedAs, 'not_planned')
  assert.equal(servers.gh.calls('GET').map((r) => r.query.get('page') ?? '1'), ['1', '2'])
  assert.equal(Object.fromEntries(servers.gh.calls('GET')[0]!.query), { state: 'all', labels: 'auto-deploy-failure', per_page: '100', sort: 'created', direction: 'asc', since: '2026-10-01T00:00:00.000Z' })
})

const day = (d: number) => new Date(Date.UTC(2026, 9, d, 12)).toISOString()
const OCT_1_TO_14 = { since: new Date('2026-10-01T00:00:00Z'), until: new Date('2026-10-15T00:00:00Z') }

test('countDeploys: the environment\'s deployments in the period with their statuses, 100 a GraphQL request, reading no further back than it', async () => {
  const { queries } = serveGitHubDeployments(servers.gh, [
    // Every 7th failed (FAILURE), every 11th an ERROR, every 13th still running: not a finished attempt.
    ...Array.from({ length: 250 }, (_, i) => ({ environment: 'prod', createdAt: day(1 + (i % 28)), state: i % 13 === 0 ? 'IN_PROGRESS' : i % 11 === 0 ? 'ERROR' : i % 7 === 0 ? 'FAILURE' : i % 2 ? 'SUCCESS' : 'INACTIVE' })),
    ...Array.from({ length: 300 }, () => ({ environment: 'prod', createdAt: '2026-01-01T00:00:00Z', status: 'failed' as const })),
    { environment: 'stage', createdAt: day(5), status: 'failed' as const },
  ])
  const count = await tracker().countDeploys!({ environment: 'prod', ...OCT_1_TO_14 })
  // Worked out independently of lib/: the seeded ones of days 1 to 14, by their state.
  const inPeriod = Array.from({ length: 250 }, (_, i) => i).filter((i) => i % 28 < 14)
  const finished = inPeriod.filter((i) => i % 13 !== 0)
  const failed = finished.filter((i) => i % 11 === 0 || i % 7 === 0)
  assert.equal(count, { count: finished.length, failed: failed.length, includesFailed: true })
  // 250 in the period's month, then older ones: the third page reaches back before it, and reading stops.
  assert.is(queries.length, 3)
  assert.equal(servers.gh.calls('POST', /^\/graphql$/).map((r) => (r.json as { variables: { after: string | null } }).variables.after === null), [true, false, false])
  assert.is(servers.gh.calls('GET', /\/deployments$/).length, 0)
})

// The deployments' GraphQL listing goes through the same guard as every listing (lib/http/paginate.ts).
// Before it did, a server repeating its cursor was asked for that page for ever, each answer counted again.
const afters = () => servers.gh.calls('POST', /^\/graphql$/).map((r) => (r.json as { variables: { after: string | null } }).variables.after)

test('countDeploys: a GraphQL endCursor naming the page just read ends the count with one [WARN], each page counted once', async () => {
  serveGitHubDeployments(servers.gh, Array.from({ length: 250 }, (_, i) => ({ environment: 'prod', createdAt: day(1 + (i % 14)), state: i % 5 === 0 ? 'FAILURE' : 'SUCCESS' })))
  servers.gh.inject('POST', /^\/graphql$/, { cyclicCursor: true }, 300)
  const log = memoryLog()
  const count = await tracker(log).countDeploys!({ environment: 'prod', ...OCT_1_TO_14 })
  // Page 1, then page 2 naming its own cursor again: 200 deployments read once, then the listing stops.
  assert.equal(afters().length, 2)
  assert.is(afters()[0], null)
  assert.is(count.count, 200)
  assert.is(count.includesFailed, true)
  assert.equal(log.lines.filter((l) => l.startsWith('[WARN]')), ['[WARN] Listing the deployments of prod: the server named a page already read as the next one; the listing stops with the 2 pages read'])
})

test('countDeploys: a GraphQL listing that never ends stops at the page cap with one [WARN]', async () => {
  let asked = 0
  servers.gh.extraRoutes.push((r) => {
    if (r.method !== 'POST' || r.path !== '/graphql') return undefined
    asked++
    // A new cursor every time, "more" for 50 pages past the cap (so that a listing without one ends too),
    // every deployment inside the period.
    const nodes = [{ createdAt: day(5), latestStatus: { state: 'SUCCESS' } }]
    return { status: 200, body: { data: { repository: { deployments: { nodes, pageInfo: { hasNextPage: asked < MAX_PAGES + 50, endCursor: `c${asked}` } } } } } }
  })
  const log = memoryLog()
  const count = await tracker(log).countDeploys!({ environment: 'prod', ...OCT_1_TO_14 })
  assert.is(asked, MAX_PAGES)
  assert.is(count.count, MAX_PAGES)
  assert.equal(log.lines.filter((l) => l.startsWith('[WARN]')), [`[WARN] Listing the deployments of prod: more than ${MAX_PAGES} pages; the listing stops with the first ${MAX_PAGES}`])
})

test('countDeploys where GraphQL refuses: the deployments over REST, their statuses unread and why', async () => {
  serveGitHubDeployments(servers.gh, Array.from({ length: 30 }, (_, i) => ({ environment: 'prod', createdAt: day(1 + i % 10), status: 'failed' as const })))
  servers.gh.inject('POST', /^\/graphql$/, { status: 200, body: { errors: [{ type: 'INSUFFICIENT_SCOPES', message: 'Your token has not been granted the required scopes' }] } })
  const count = await tracker().countDeploys!({ environment: 'prod', ...OCT_1_TO_14 })
  assert.equal(count, { count: 30, includesFailed: true, statusesUnread: 'GraphQL: INSUFFICIENT_SCOPES: Your token has not been granted the required scopes' })
})

test('the loopback GraphQL refuses what GitHub\'s schema refuses', async () => {
  serveGitHubDeployments(servers.gh, [])
  const ask = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${servers.gh.url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${servers.gh.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })
    return (await res.json()) as { data?: unknown; errors?: { message: string }[] }
  }
  // latestStatus is an object: it needs a selection; DeploymentOrder has no UPDATED_AT; `environment` is not an argument.
  for (const query of [
    'query { repository(owner: "acme", name: "shop") { deployments(first: 1) { nodes { latestStatus } } } }',
    'query { repository(owner: "acme", name: "shop") { deployments(first: 1, orderBy: {field: UPDATED_AT, direction: DESC}) { nodes { createdAt } } } }',
    'query { repository(owner: "acme", name: "shop") { deployments(first: 1, environment: "prod") { nodes { createdAt } } } }',
  ]) {
    const answer = await ask(query)
    assert.ok(answer.errors?.length, query)
    assert.is(answer.data, undefined, query)
  }
  // A variable of the wrong type is refused too.
  const typed = await ask('query($n: Int) { repository(owner: "acme", name: "shop") { deployments(first: $n) { nodes { createdAt } } } }', { n: 'many' })
  assert.ok(typed.errors?.length)
  const good = await ask('query { repository(owner: "acme", name: "shop") { deployments(first: 1) { nodes { createdAt latestStatus { state } } } } }')
  assert.is(good.errors, undefined)
  // Each refusal is kept, with GitHub's reason, so that closing the server fails a test that sent one;
  // these were sent on purpose.
  const refused = servers.gh.refused.splice(0)
  assert.is(refused.length, 4)
  assert.match(refused[0]!, /^POST \/graphql: Field "latestStatus" of type "DeploymentStatus" must have a selection of subfields/)
  assert.match(refused[3]!, /Int cannot represent non-integer value: "many"/)
})

test.run()
