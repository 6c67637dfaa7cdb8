// REPORT_CHANGES=auto against the loopback GitLab, the `report` command run in process: the newest successful deployment of the
// environment (GitLab orders by finished_at only with status=success), compare, the merge requests of
// the newest commits; each case in one line; a refusal is one [WARN] and the issue is filed without it.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { c, linearHistory, serveGitLabChanges, type SeedDeployment, type SeedRepo } from '../../helpers/loopback-changes.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { gitlab: true })

const HISTORY = linearHistory(6)
const HEAD = c(5)
const ENV = { ...FIXED_ENV, ...FAST_ENV, CI_COMMIT_SHA: HEAD, DEPLOY_ENV: 'production', REPORT_CHANGES: 'auto' }
const deployedAt = (sha: string, hoursAgo: number, statuses: SeedDeployment['statuses']): SeedDeployment => ({ sha, environment: 'production', createdAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(), statuses })
const REPO: SeedRepo = {
  commits: HISTORY,
  pulls: [{ number: 9, title: '/close ~bug !3 @all Speed up the cache', author: 'dev1', commits: [c(4)] }],
  deployments: [deployedAt(c(1), 30, ['success']), deployedAt(c(3), 3.5, ['success']), deployedAt(HEAD, 0.1, ['failure'])],
}

const sentBody = () => (servers.gl.calls('POST', /\/issues$/)[0]!.json as { description: string }).description
const section = (body: string) => {
  const start = body.indexOf('### What changed')
  return start < 0 ? '' : body.slice(start, body.indexOf('\n### ', start + 1))
}

test('the newest successful deployment is the base; compare; merge requests; GitLab references and quick actions defused', async () => {
  serveGitLabChanges(servers.gl, REPO)
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env({ ...ENV, REPORT_MENTION: 'authors' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const shown = section(sentBody())
  assert.match(shown, /\*\*1 pull request and 2 commits\*\* since the last good deploy \(`10003ee`, 3 h ago\): \[compare\]\(http:\/\/127\.0\.0\.1:\d+\/acme\/platform\/shop\/-\/compare\/10003/)
  assert.ok(shown.includes('([!9](http://') && shown.includes('by dev1'), shown)
  assert.not.match(shown, /^\/close/m)
  assert.not.match(shown, /~bug|!3|(^|[^\w])@all/)
  assert.match(shown, /\*\*Authors:\*\* @dev1, /)
  const deployments = servers.gl.calls('GET', /\/deployments$/)
  assert.equal(Object.fromEntries(deployments[0]!.query), { environment: 'production', status: 'success', order_by: 'finished_at', sort: 'desc', per_page: '1' })
  assert.is(servers.gl.calls('GET', /\/merge_requests$/).length, 2)
  const json = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { changes: { base: string; status: string; pulls: { number: number }[] } }
  assert.equal([json.changes.base, json.changes.status, json.changes.pulls.map((p) => p.number)], [c(3), 'ahead', [9]])
})

test('the plain cases on GitLab: behind, diverged, gone, none', async () => {
  const cases: [string, SeedRepo, string, RegExp][] = [
    ['behind', { ...REPO, deployments: [deployedAt(HEAD, 2, ['success'])] }, c(2), /older than the last good deploy \(`10005ee`, 2 h ago\): a rollback by 3 commits/],
    ['diverged', { commits: [...HISTORY, { sha: 'f'.repeat(40), parents: [c(2)], message: 'Rewritten', author: 'Eve' }], deployments: [deployedAt(HEAD, 2, ['success'])] }, 'f'.repeat(40), /The history diverged from the last good deploy \(`10005ee`, 2 h ago\)/],
    ['gone', { commits: HISTORY, deployments: [deployedAt('d'.repeat(40), 2, ['success'])] }, HEAD, /commit \(`ddddddd`, 2 h ago\) is no longer in the repository/],
    ['none', { commits: HISTORY, deployments: [deployedAt(c(1), 2, ['failure'])] }, HEAD, /No earlier good deploy of `production` was found/],
  ]
  for (const [name, repo, head, expected] of cases) {
    await servers.restart()
    serveGitLabChanges(servers.gl, repo)
    const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env({ ...ENV, CI_COMMIT_SHA: head }))
    assert.is(r.code, 0, `${name}: ${r.stderr}`)
    assert.is(r.stderr, '', name)
    assert.match(section(sentBody()), expected, name)
  }
})

test('403 on each GitLab endpoint: one [WARN] naming read_api, and the issue is filed without the section', async () => {
  for (const path of [/\/deployments$/, /\/repository\/compare$/, /\/merge_requests$/]) {
    await servers.restart()
    serveGitLabChanges(servers.gl, REPO)
    servers.gl.inject('GET', path, { status: 403, body: { message: '403 Forbidden' } })
    const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env(ENV))
    assert.is(r.code, 0, r.stderr)
    const warnings = r.stderr.split('\n').filter((line) => line.startsWith('[WARN]'))
    assert.is(warnings.length, 1, `${path}: ${r.stderr}`)
    assert.ok(warnings[0]!.includes('HTTP 403') && warnings[0]!.includes('read_api'), warnings[0])
    assert.is(section(sentBody()), '', String(path))
  }
})

test.run()
