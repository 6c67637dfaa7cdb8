// REPORT_CHANGES=auto against the loopback GitLab, the `report` command run in process: the newest successful deployment of the
// environment (GitLab orders by finished_at only with status=success), compare, the merge requests of
// the newest commits; each case in one line; a refusal is one [WARN] and the issue is filed without it.
// Each run also asks the checkout (one `git cat-file`, a process: hence test/e2e) whether it holds the
// commits; it holds none of these made-up ids, so GitLab compares them.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../helpers/fixtures.ts'
import { today } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { c, linearHistory, serveGitLabChanges, type SeedDeployment, type SeedRepo } from '../helpers/loopback-changes.ts'
import { useLoopback } from '../helpers/servers.ts'

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

const compares = () => servers.gl.calls('GET', /\/repository\/compare$/)
const jsonOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as { outcome: string; changes: { base: string; status: string; commits: number; pulls: { number: number }[] } | null }
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
  assert.equal(Object.fromEntries(deployments[0]!.query), { environment: 'production', status: 'success', order_by: 'finished_at', sort: 'desc', per_page: '5' })
  const listed = servers.gl.calls('GET', /\/merge_requests$/)
  assert.is(listed.length, 1)
  assert.equal(Object.fromEntries(listed[0]!.query), { state: 'merged', order_by: 'updated_at', sort: 'desc', per_page: '100' })
  const json = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { changes: { base: string; status: string; pulls: { number: number }[] } }
  assert.equal([json.changes.base, json.changes.status, json.changes.pulls.map((p) => p.number)], [c(3), 'ahead', [9]])
})

// A pipeline whose deploy job succeeded and whose later job (a smoke test) failed: its own deployment is the
// newest successful one, of this very commit. It was taken for the last good deploy, and the section said
// "No code change … the failure is not in the code".
test('in GitLab CI, this pipeline\'s own successful deployment is not the last good deploy', async () => {
  const run = () => ({ GITLAB_CI: 'true', CI_PIPELINE_ID: '1003', CI_API_V4_URL: servers.gl.apiUrl, CI_PROJECT_ID: String(servers.gl.projectId) })
  const seed = () => serveGitLabChanges(servers.gl, { ...REPO, deployments: [deployedAt(c(1), 30, ['success']), { ...deployedAt(c(3), 3.5, ['success']), pipelineId: 1001 }, { ...deployedAt(HEAD, 0.1, ['success']), pipelineId: 1003 }] })
  seed()
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env({ ...ENV, ...run() }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.match(section(sentBody()), /\*\*1 pull request and 2 commits\*\* since the last good deploy \(`10003ee`, 3 h ago\)/)
  assert.equal([jsonOf(r.stdout).changes!.base, jsonOf(r.stdout).changes!.status], [c(3), 'ahead'])
  // From another pipeline (a fresh record: a duplicate reads no changes), the newest successful deployment is the base.
  await servers.restart()
  seed()
  const elsewhere = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env({ ...ENV, ...run(), CI_PIPELINE_ID: '2000' }))
  assert.is(elsewhere.code, 0, elsewhere.stderr)
  assert.equal([jsonOf(elsewhere.stdout).changes!.base, jsonOf(elsewhere.stdout).changes!.status], [HEAD, 'identical'])
})

test('in GitLab CI, the five newest successful deployments all this pipeline\'s own: the section says only those were read when there were more, and plainly "none" when that was all', async () => {
  // Read after each restart: the server's address changes.
  const run = () => ({ GITLAB_CI: 'true', CI_PIPELINE_ID: '1003', CI_API_V4_URL: servers.gl.apiUrl, CI_PROJECT_ID: String(servers.gl.projectId) })
  // A pipeline that deployed the environment again and again (one deploy job per region, say), all of it
  // newer than the good deploy of another pipeline, which lies past the first page of five (RECENT_DEPLOYMENTS).
  const own = Array.from({ length: 5 }, (_, i) => ({ ...deployedAt(HEAD, 0.1 + i / 100, ['success']), pipelineId: 1003 }))
  for (const [name, deployments, expected] of [
    ['more', [...own, { ...deployedAt(c(3), 3.5, ['success']), pipelineId: 1001 }], "No earlier good deploy of `production` was found among its 5 newest successful deployments, all this pipeline's own (older ones were not read), so there is nothing to compare this commit with."],
    ['all', own, 'No earlier good deploy of `production` was found, so there is nothing to compare this commit with.'],
  ] as const) {
    await servers.restart()
    serveGitLabChanges(servers.gl, { ...REPO, deployments })
    const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env({ ...ENV, ...run() }))
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '', name)
    assert.is(section(sentBody()), `### What changed\n${expected}\n`, name)
    assert.equal(servers.gl.calls('GET', /\/deployments$/).map((call) => call.query.get('per_page')), ['5'], name)
    assert.is(jsonOf(r.stdout).changes!.status, 'none', name)
  }
})

test('a user name and password in ISSUE_API_URL: the compare link is built without them, and the password is never published or printed', async () => {
  serveGitLabChanges(servers.gl, REPO)
  const password = 'Us3rinfoPassw0rdSecret'
  const api = servers.gl.env({}).ISSUE_API_URL!.replace('http://', `http://ops:${password}@`)
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env({ ...ENV, ISSUE_API_URL: api }))
  assert.is(r.code, 0, r.stderr)
  const link = /\(http:\/\/127\.0\.0\.1:\d+\/acme\/platform\/shop\/-\/compare\/10003e+\.\.\.10005e+\)/
  assert.match(section(sentBody()), link)
  const { changes } = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { changes: { compareUrl: string } }
  assert.match(`(${changes.compareUrl})`, link)
  const published = JSON.stringify(servers.gl.requests.map((q) => q.json ?? null))
  assert.equal({ stdout: r.stdout.includes(password), stderr: r.stderr.includes(password), published: published.includes(password) }, { stdout: false, stderr: false, published: false })
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
    // No earlier good deploy: nothing to compare with, so no comparison is asked for.
    if (name === 'none') assert.is(compares().length, 0, name)
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

test('identical on GitLab: the last good deploy is this commit: no compare request, one plain line', async () => {
  serveGitLabChanges(servers.gl, { ...REPO, deployments: [deployedAt(HEAD, 2, ['success'])] })
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env(ENV))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.match(section(sentBody()), /^### What changed\nNo code change since the last good deploy \(`10005ee`, 2 h ago\): the failure is not in the code\.\n/)
  assert.is(compares().length, 0)
  // The merged merge requests were asked for as the search began, before it was known that none would be needed.
  assert.ok(servers.gl.calls('GET', /\/merge_requests$/).length <= 1)
  const { changes } = jsonOf(r.stdout)
  assert.equal([changes!.status, changes!.base, changes!.commits], ['identical', HEAD, 0])
})

// GitLab's references beyond GitHub's (!MR, &epic, $snippet, ~label, %milestone), its mentions (@all,
// @group) and quick actions, and raw HTML, in a merge request title, a commit subject and an author name.
const HOSTILE_TITLE = '</details><img src=x onerror=alert(1)> /close @all ~"P1 bug" %v1.0 &7 $3 !3'
const HOSTILE_SUBJECT = '/label ~deploy-ok <script>alert(1)</script> @security-team #12'

test('hostile merge request titles, commit subjects and author names on GitLab: no HTML, no mention, no reference, no quick action', async () => {
  const commits = HISTORY.map((commit, i) => (i === 5 ? { ...commit, message: `${HOSTILE_SUBJECT}\n\n/close\n@all`, author: '@admin /assign me' } : commit))
  serveGitLabChanges(servers.gl, { ...REPO, commits, pulls: [{ number: 9, title: HOSTILE_TITLE, author: 'dev1', commits: [c(4)] }] })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env(ENV))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const body = sentBody()
  const shown = section(body)
  assert.match(shown, /\*\*1 pull request and 2 commits\*\* since the last good deploy/)
  // Listed all the same: the merge request, then the commit that came in none.
  const lines = shown.split('\n').filter((line) => line.startsWith('- '))
  assert.is(lines.length, 2, shown)
  assert.ok(lines[0]!.includes('([!9](http://') && lines[0]!.includes('close') && lines[0]!.endsWith(' by dev1'), lines[0])
  assert.ok(lines[1]!.includes('(`10005ee`)') && lines[1]!.includes('label'), lines[1])
  assert.not.match(shown, /(^|[^\\])<(\/?details|img|script)/i)
  assert.not.match(body, /^\//m)
  assert.not.match(shown, /(^|[^\p{L}\p{N}_])@(all|security-team|admin)/u)
  assert.not.match(shown, /~"P1|~deploy-ok|%v1|&7|\$3|!3|#12/)
})

test('the budget running out on GitLab, at each step: one [WARN] naming REPORT_CHANGES_TIMEOUT, and the issue is filed without the section', async () => {
  const steps: [RegExp, string][] = [
    [/\/deployments$/, 'read GitLab deployments'],
    [/\/repository\/compare$/, 'compare 10003ee...10005ee (GitLab compare)'],
    [/\/merge_requests$/, 'read the pull requests of the commits (GitLab)'],
  ]
  for (const [path, step] of steps) {
    await servers.restart()
    serveGitLabChanges(servers.gl, REPO)
    servers.gl.inject('GET', path, { hang: true })
    const started = Date.now()
    const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env({ ...ENV, REPORT_CHANGES_TIMEOUT: '1' }))
    assert.is(r.code, 0, r.stderr)
    // A request's own timeout (REPORT_TIMEOUT) is 30 s: the shared budget ended the wait.
    assert.ok(Date.now() - started < 15_000, `${step}: took ${Date.now() - started} ms`)
    assert.is(r.stderr, `[WARN] Could not ${step} to say what changed: it took longer than REPORT_CHANGES_TIMEOUT (1 s); raise REPORT_CHANGES_TIMEOUT, or set REPORT_CHANGES=off. The issue is filed without its What changed section\n`)
    assert.is(servers.gl.calls('POST', /\/issues$/).length, 1, step)
    assert.is(section(sentBody()), '', step)
  }
})

test('ON_DUPLICATE=comment on GitLab: the occurrence note says what changed since the previous occurrence\'s commit; nothing when it is this one', async () => {
  serveGitLabChanges(servers.gl, REPO)
  const title = `[DEPLOY FAIL] production — ${HEAD} — ${today()}`
  const holder = servers.gl.addIssue({ title, description: `## Deploy Failure Report\n\n**Commit:** \`${c(3).slice(0, 7)}\`\n` })
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env({ ...ENV, ON_DUPLICATE: 'comment' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(jsonOf(r.stdout).outcome, 'commented')
  const note = servers.gl.notes.find((n) => n.noteable_iid === holder.iid)!.body
  assert.match(note, /### What changed\n\*\*1 pull request and 2 commits\*\* since the previous occurrence \(`10003ee`\): \[compare\]\(http:\/\/127\.0\.0\.1:\d+\/acme\/platform\/shop\/-\/compare\/10003ee\.\.\.10005/)
  assert.ok(note.includes('([!9](http://'), note)
  assert.ok(compares().some((call) => call.query.get('from') === '10003ee' && call.query.get('to') === HEAD), compares().map((call) => String(call.query)).join(', '))

  // The previous occurrence was this very commit: no section, no comparison.
  await servers.restart()
  serveGitLabChanges(servers.gl, REPO)
  const same = servers.gl.addIssue({ title, description: `## Deploy Failure Report\n\n**Commit:** \`${HEAD.slice(0, 7)}\`\n` })
  const again = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env({ ...ENV, ON_DUPLICATE: 'comment' }))
  assert.is(again.code, 0, again.stderr)
  assert.is(jsonOf(again.stdout).outcome, 'commented')
  assert.not.match(servers.gl.notes.find((n) => n.noteable_iid === same.iid)!.body, /What changed/)
  // The read of the last good deploy runs beside the duplicate check and may have compared already; nothing compares from this commit.
  assert.is(compares().filter((call) => call.query.get('from')!.startsWith('10005ee')).length, 0)
})

test('a reopen on GitLab (REPORT_REOPEN_WINDOW): the "failed again" note says what changed since the last good deploy (docs/changes.md)', async () => {
  serveGitLabChanges(servers.gl, REPO)
  const filed = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env({ ...ENV, REPORT_CHANGES: 'off', CI_COMMIT_SHA: c(2) }))
  assert.is(filed.code, 0, filed.stderr)
  const resolved = await runInProcess('resolve.mts', [], servers.gl.env({ ...ENV, REPORT_CHANGES: 'off', CI_COMMIT_SHA: c(3) }))
  assert.is(resolved.code, 0, resolved.stderr)
  const issue = servers.gl.issues[0]!
  assert.is(issue.state, 'closed')
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gl.env({ ...ENV, REPORT_REOPEN_WINDOW: '1' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const json = jsonOf(r.stdout)
  assert.equal([json.outcome, json.changes!.base, json.changes!.status], ['reopened', c(3), 'ahead'])
  assert.is(issue.state, 'opened')
  assert.is(servers.gl.issues.length, 1, 'nothing created')
  const note = servers.gl.notes.at(-1)!.body
  assert.match(note, /\n### Failed again \d+ minutes? after recovery: occurrence 2\n/)
  assert.match(note, /\n### What changed\n\*\*1 pull request and 2 commits\*\* since the last good deploy \(`10003ee`, 3 h ago\): \[compare\]\(http:\/\/127\.0\.0\.1:\d+\/acme\/platform\/shop\/-\/compare\/10003ee/)
})

test('260 commits on GitLab: counted, the newest 20 listed, "and 240 more"; merge requests from one listing, matched to old commits too', async () => {
  const pulls = [
    { number: 12, title: 'Newest change', author: 'dev2', commits: [c(261)] },
    { number: 5, title: 'An early change', author: 'dev0', commits: [c(3)] },
  ]
  serveGitLabChanges(servers.gl, { commits: linearHistory(262), pulls, deployments: [deployedAt(c(1), 5, ['success'])] })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env({ ...ENV, CI_COMMIT_SHA: c(261) }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const shown = section(sentBody())
  assert.match(shown, /\*\*2 pull requests and 260 commits\*\* since the last good deploy \(`10001ee`, 5 h ago\)/)
  const lines = shown.split('\n').filter((line) => line.startsWith('- '))
  assert.is(lines.length, 21, shown)
  assert.ok(lines[0]!.startsWith('- Newest change ([!12](http://') && lines[1]!.startsWith('- An early change ([!5](http://') && lines[2]!.startsWith('- Change 260 (`10104ee`)'), shown)
  assert.match(lines[20]!, /^- … and 240 more: \[see the comparison\]\(http:\/\/127\.0\.0\.1:\d+\/acme\/platform\/shop\/-\/compare\/10001ee/)
  assert.is(servers.gl.calls('GET', /\/merge_requests$/).length, 1)
  assert.is(servers.gl.calls('GET', /\/commits\/[^/]+\/merge_requests$/).length, 0)
})

test('mentions and assignment on GitLab: plain names by default; REPORT_MENTION=authors @mentions people, never bots; REPORT_ASSIGN=authors assigns them after REPORT_ASSIGNEES, an unknown one is one [WARN]', async () => {
  const repo: SeedRepo = {
    commits: linearHistory(7),
    pulls: [
      { number: 9, title: 'Speed up the cache', author: 'alice', commits: [c(4)] },
      { number: 10, title: 'Update dependency zx', author: 'renovate-bot', commits: [c(5)] },
      { number: 11, title: 'Tune the pool', author: 'ghost', commits: [c(6)] },
    ],
    deployments: [deployedAt(c(3), 3.5, ['success'])],
  }
  const authorsLine = () => sentBody().split('\n').find((line) => line.startsWith('**Authors:**')) ?? ''
  serveGitLabChanges(servers.gl, repo)
  const plain = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env({ ...ENV, CI_COMMIT_SHA: c(6) }))
  assert.is(plain.code, 0, plain.stderr)
  assert.is(plain.stderr, '')
  assert.not.match(section(sentBody()), /@/)
  assert.ok(['alice', 'renovate-bot', 'ghost'].every((name) => authorsLine().includes(name)), authorsLine())
  assert.equal(servers.gl.issues[0]!.assignees, [])

  await servers.restart()
  serveGitLabChanges(servers.gl, repo)
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env({ ...ENV, CI_COMMIT_SHA: c(6), REPORT_MENTION: 'authors', REPORT_ASSIGN: 'authors', REPORT_ASSIGNEES: 'reporter-bot' }))
  assert.is(r.code, 0, r.stderr)
  const line = authorsLine()
  assert.ok(line.includes('@alice') && line.includes('@ghost') && line.includes('renovate-bot') && !line.includes('@renovate'), line)
  // reporter-bot (id 7) from REPORT_ASSIGNEES, then alice (id 8); GitLab has no user ghost; the bot is never assigned.
  assert.equal((servers.gl.calls('POST', /\/issues$/)[0]!.json as { assignee_ids: number[] }).assignee_ids, [7, 8])
  assert.equal(servers.gl.issues[0]!.assignees.map((a) => a.username), ['reporter-bot', 'alice'])
  assert.is(r.stderr, '[WARN] No GitLab user named ghost; the issue is filed without that assignee\n')
  assert.equal(servers.gl.calls('GET', /^\/users$/).map((call) => call.query.get('username')).sort(), ['alice', 'ghost', 'reporter-bot'])
})

test.run()
