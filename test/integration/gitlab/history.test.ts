import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryLog } from '../../../lib/core/log.ts'
import type { Issue } from '../../../lib/core/tracker.ts'
import { createGitLabTracker } from '../../../lib/gitlab/tracker.ts'
import { serveGitLabDeployments } from '../../helpers/loopback-deployments.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { gitlab: true })
const tracker = () =>
  createGitLabTracker({ project: servers.gl.path, token: servers.gl.token, apiUrl: servers.gl.apiUrl, timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 3, retryDelaySeconds: 0.01, writeIntervalSeconds: 0 }, memoryLog())

test('history: opened and closed labelled issues updated since, 100 a page, with people\'s note counts', async () => {
  for (let i = 0; i < 130; i++) servers.gl.addIssue({ title: `t${i}`, updated_at: i < 5 ? '2026-09-01T00:00:00Z' : '2026-10-02T00:00:00Z', user_notes_count: i % 4, ...(i % 2 ? { state: 'closed', closed_at: '2026-10-02T00:00:00Z' } : {}) })
  const pages: Issue[][] = []
  for await (const page of tracker().history!({ label: 'auto-deploy-failure', since: new Date('2026-10-01T00:00:00Z') })) pages.push([...page])
  assert.equal(pages.map((p) => p.length), [100, 25])
  assert.equal([pages[0]![0]!.title, pages[0]![0]!.commentCount, pages[0]![0]!.state], ['t5', 1, 'closed'])
  const first = servers.gl.calls('GET')[0]!
  assert.equal(Object.fromEntries(first.query), { labels: 'auto-deploy-failure', per_page: '100', order_by: 'created_at', sort: 'asc', updated_after: '2026-10-01T00:00:00.000Z' })
})

test('listComments carries each note\'s time; GitLab\'s system notes stay out', async () => {
  const issue = servers.gl.addIssue({ title: 't' })
  servers.gl.addNote(issue.iid, 'mine').created_at = '2026-10-02T03:04:05Z'
  servers.gl.addNote(issue.iid, 'closed', true)
  const comments = await tracker().listComments(issue.iid)
  assert.equal(comments.map((c) => [c.body, c.createdAt]), [['mine', new Date('2026-10-02T03:04:05Z')]])
})

test('countDeploys: the finished deployments of the environment in the period, and the failed among them by their status (issue 32)', async () => {
  serveGitLabDeployments(servers.gl, [
    { environment: 'prod', createdAt: '2026-10-03T00:00:00Z' },
    { environment: 'prod', createdAt: '2026-10-04T00:00:00Z', status: 'failed' },
    { environment: 'prod', createdAt: '2026-10-05T00:00:00Z', status: 'failed' },
    // Not finished attempts: neither counted.
    { environment: 'prod', createdAt: '2026-10-06T00:00:00Z', status: 'running' },
    { environment: 'prod', createdAt: '2026-10-07T00:00:00Z', status: 'canceled' },
    { environment: 'prod', createdAt: '2026-10-20T00:00:00Z' },
    { environment: 'prod', createdAt: '2026-09-20T00:00:00Z' },
    { environment: 'stage', createdAt: '2026-10-05T00:00:00Z' },
  ])
  const count = await tracker().countDeploys!({ environment: 'prod', since: new Date('2026-10-01T00:00:00Z'), until: new Date('2026-10-15T00:00:00Z') })
  assert.equal(count, { count: 3, failed: 2, includesFailed: true })
  assert.equal(Object.fromEntries(servers.gl.calls('GET', /\/deployments$/)[0]!.query), { environment: 'prod', order_by: 'created_at', sort: 'desc', per_page: '100' })
})

test.run()
