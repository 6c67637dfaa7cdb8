import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryLog } from '../../../lib/core/log.ts'
import type { Issue } from '../../../lib/core/tracker.ts'
import { createGitHub } from '../../../lib/github/client.ts'
import { createGitHubTracker } from '../../../lib/github/tracker.ts'
import { serveGitHubDeployments } from '../../helpers/loopback-deployments.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })
const options = { timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 3, retryDelaySeconds: 0.01, writeIntervalSeconds: 0.01 }
const tracker = () => createGitHubTracker(createGitHub({ token: servers.gh.token, apiUrl: servers.gh.url, ...options }, memoryLog()), { owner: 'acme', repo: 'shop' })

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

test('countDeploys: the environment\'s deployments in the period, reading no further back than it', async () => {
  const day = (d: number) => new Date(Date.UTC(2026, 9, d, 12)).toISOString()
  serveGitHubDeployments(servers.gh, [
    ...Array.from({ length: 250 }, (_, i) => ({ environment: 'prod', createdAt: day(1 + (i % 28)) })),
    ...Array.from({ length: 300 }, () => ({ environment: 'prod', createdAt: '2026-01-01T00:00:00Z' })),
    { environment: 'stage', createdAt: day(5) },
  ])
  const count = await tracker().countDeploys!({ environment: 'prod', since: new Date('2026-10-01T00:00:00Z'), until: new Date('2026-10-15T00:00:00Z') })
  // Days 1 to 14 of each 28: 9 rounds of 28 (8 full and one of 26) give 8·14 + 14 = 126.
  assert.equal(count, { count: 126, includesFailed: true })
  // 250 in the period's month, then older ones: the third page reaches back before it, and reading stops.
  assert.equal(servers.gh.calls('GET', /\/deployments$/).map((r) => r.query.get('page') ?? '1'), ['1', '2', '3'])
})

test.run()
