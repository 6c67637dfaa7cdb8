// REPORT_CHANGES=auto against the loopback GitHub: the `report` command, run in process (test/helpers/in-process.ts), finds the last
// good deploy (deployments and their status history, else the workflow's successful runs, else
// REPORT_LAST_GOOD_SHA), compares (paged), reads the recently merged pull requests in one request, and writes the
// What changed section, the chat line and the `changes` JSON; every failure is one [WARN] and the issue
// is still filed without the section. Each run also asks the checkout (one `git cat-file`, a process: hence
// test/e2e) whether it holds the commits; it holds none of these made-up ids, so GitHub compares them.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../helpers/fixtures.ts'
import { today } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { c, deploymentId, linearHistory, serveGitHubChanges, type SeedDeployment, type SeedRepo } from '../helpers/loopback-changes.ts'
import { useLoopback } from '../helpers/servers.ts'

const servers = useLoopback(test, { github: true, tmpdir: 'changes-github-' })

const HISTORY = linearHistory(8)
const HEAD = c(7)
const ENV = { ...FIXED_ENV, ...FAST_ENV, CI_COMMIT_SHA: HEAD, DEPLOY_ENV: 'production', REPORT_CHANGES: 'auto' }
const HOSTILE = '</details><img src=x> @everyone /close ## fix'

const sentBody = () => (servers.gh.calls('POST', /\/issues$/)[0]!.json as { body: string }).body
const sentIssue = () => servers.gh.calls('POST', /\/issues$/)[0]!.json as { body: string; assignees: string[] }
const chatText = () => (servers.gh.chat[0]!.json as { text: string }).text
const section = (body: string) => {
  const start = body.indexOf('### What changed')
  return start < 0 ? '' : body.slice(start, body.indexOf('\n### ', start + 1))
}
const jsonOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as { outcome: string; changes?: unknown }
const compares = () => servers.gh.calls('GET', /\/compare\//)

// Deployed at c(4) two hours ago (superseded since, so its latest status is `inactive`), then this run's own at HEAD.
const deployedAt = (sha: string, hoursAgo: number, statuses: SeedDeployment['statuses']): SeedDeployment => ({
  sha,
  environment: 'production',
  createdAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
  statuses,
})
const REPO: SeedRepo = {
  commits: HISTORY,
  pulls: [
    { number: 41, title: HOSTILE, author: 'dev1', commits: [c(5)] },
    { number: 42, title: 'Bump lodash', author: 'dependabot[bot]', commits: [c(6)] },
  ],
  deployments: [deployedAt(c(2), 30, ['inactive', 'success']), deployedAt(c(4), 2.2, ['inactive', 'success', 'in_progress']), deployedAt(HEAD, 0.01, ['in_progress'])],
}

test('deployments: the newest with a success in its status history is the base; compare, one request for the pull requests; the section, the chat line and the JSON', async () => {
  serveGitHubChanges(servers.gh, REPO)
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env(ENV))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const body = sentBody()
  const shown = section(body)
  assert.ok(body.indexOf('### Failure Reason') < body.indexOf('### What changed'), body)
  assert.match(shown, /\*\*2 pull requests and 3 commits\*\* since the last good deploy \(`10004ee`, 2 h ago\): \[compare\]\(http:\/\/127\.0\.0\.1:\d+\/acme\/shop\/compare\/10004/)
  assert.ok(shown.includes('([#41](') && shown.includes('by dev1'), shown)
  assert.ok(shown.includes('Bump lodash ([#42]('), shown)
  // The commit that came in no pull request, with its short sha and author.
  assert.ok(shown.includes('- Change 7 (`10007ee`) by dev1'), shown)
  // Hostile: no raw HTML, no live mention, no quick action at a line start, no heading.
  assert.not.match(shown, /(^|[^\\])<(details|img)/)
  assert.not.match(shown, /(^|[^\w])@everyone/)
  assert.not.match(shown, /\n## fix/)
  // Plain names by default: nobody is pinged.
  assert.not.match(shown, /@dev/)
  const listed = servers.gh.calls('GET', /\/pulls$/)
  assert.is(listed.length, 1)
  assert.equal(Object.fromEntries(listed[0]!.query), { state: 'closed', sort: 'updated', direction: 'desc', per_page: '100' })
  assert.is(servers.gh.calls('POST', /graphql/).length, 0)
  assert.is(compares().length, 1)
  assert.match(chatText(), /\nChanged: 2 PRs, 3 commits since 10004ee \(2 h ago\)\n/)
  const json = jsonOf(r.stdout)
  assert.equal((json.changes as { base: string; status: string; commits: number }).base, c(4))
  assert.equal((json.changes as { status: string }).status, 'ahead')
  assert.equal((json.changes as { commits: number }).commits, 3)
  assert.equal(new Set((json.changes as { pulls: { number: number }[] }).pulls.map((p) => p.number)), new Set([41, 42]))
})

test('no deployments: the newest successful run of this workflow on this branch is the base', async () => {
  serveGitHubChanges(servers.gh, { commits: HISTORY, deployments: [], workflow: { runId: 900, workflowId: 77, branch: 'main', successes: [{ headSha: c(6), updatedAt: new Date(Date.now() - 3 * 3_600_000).toISOString() }] } })
  const actions = { GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '900', GITHUB_API_URL: servers.gh.url }
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...actions, GITHUB_SERVER_URL: 'https://ghe.example/' }))
  assert.is(r.code, 0, r.stderr)
  assert.match(section(sentBody()), /\*\*1 commit\*\* since the last good deploy \(`10006ee`, 3 h ago\)/)
  // The compare link is on the run's own server (GITHUB_SERVER_URL), not on the API's address, which has
  // no pages; outside a run (the test above) it is made from the API's address.
  assert.match(section(sentBody()), /: \[compare\]\(https:\/\/ghe\.example\/acme\/shop\/compare\/10006ee[0-9a-f]*\.\.\./)
  const runs = servers.gh.calls('GET', /\/actions\/workflows\/77\/runs$/)
  assert.is(runs.length, 1)
  assert.equal(Object.fromEntries(runs[0]!.query), { branch: 'main', status: 'success', per_page: '1', exclude_pull_requests: 'true' })
})

test('GitHub Actions: this run\'s own deployment is no last good deploy; an earlier good deploy of the same commit still is (docs/changes.md)', async () => {
  // This run (900) started 10 minutes ago; its deploy job (`environment: production`) deployed HEAD 3 minutes
  // ago with a `success` status, then its smoke test failed and runs the reporter.
  const run = { runId: 900, workflowId: 77, branch: 'main', successes: [], startedAt: new Date(Date.now() - 10 * 60_000).toISOString() }
  const own = deployedAt(HEAD, 0.05, ['success', 'in_progress'])
  const actions = () => ({ GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '900', GITHUB_API_URL: servers.gh.url })
  const report = (extra: Record<string, string>) => runInProcess('report.mts', ['--json', 'Smoke test failed'], servers.gh.env({ ...ENV, ...extra }))
  const runReads = () => servers.gh.calls('GET', /\/actions\/runs\/900$/).length
  const changesOf = (stdout: string) => jsonOf(stdout).changes as { base: string; status: string; commits: number }

  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(2), 30, ['inactive', 'success']), deployedAt(c(4), 2.2, ['inactive', 'success']), own], workflow: run })
  const r = await report(actions())
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.match(section(sentBody()), /\*\*2 pull requests and 3 commits\*\* since the last good deploy \(`10004ee`, 2 h ago\)/)
  const found = changesOf(r.stdout)
  assert.equal([found.base, found.status, found.commits], [c(4), 'ahead', 3])
  // The run's record says when it started: read once, and only because a deployment of this commit succeeded.
  assert.is(runReads(), 1)

  // A redeploy: HEAD went out fine in an earlier run, and again in this one, whose smoke test failed. The
  // earlier deploy was before this run started: nothing changed since the last good deploy, as before.
  await servers.restart()
  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(4), 5, ['inactive', 'success']), deployedAt(HEAD, 1.5, ['inactive', 'success']), own], workflow: run })
  const again = await report(actions())
  assert.is(again.code, 0, again.stderr)
  assert.is(again.stderr, '')
  assert.match(section(sentBody()), /No code change since the last good deploy \(`10007ee`, 1 h ago\): the failure is not in the code\./)
  assert.is(changesOf(again.stdout).status, 'identical')

  // Another commit deployed by another run while this one ran (6 minutes ago) is what this run's deploy replaced:
  // only this commit's deployments are this run's.
  await servers.restart()
  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(4), 2.2, ['inactive', 'success']), deployedAt(c(5), 0.1, ['inactive', 'success']), own], workflow: run })
  const meanwhile = await report(actions())
  assert.is(meanwhile.code, 0, meanwhile.stderr)
  assert.equal([changesOf(meanwhile.stdout).base, changesOf(meanwhile.stdout).status], [c(5), 'ahead'])

  // The usual failure: this run's deploy job itself failed. No deployment of this commit succeeded, so the
  // run's record is not read: no request more than before.
  await servers.restart()
  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(4), 2.2, ['success']), deployedAt(HEAD, 0.05, ['failure', 'in_progress'])], workflow: run })
  const plain = await report(actions())
  assert.is(plain.code, 0, plain.stderr)
  assert.is(changesOf(plain.stdout).base, c(4))
  assert.is(runReads(), 0)

  // Outside GitHub Actions (no GITHUB_RUN_ID) no run is known: the newest good deployment is taken, as before.
  await servers.restart()
  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(4), 2.2, ['inactive', 'success']), own], workflow: run })
  const outside = await report({})
  assert.is(outside.code, 0, outside.stderr)
  assert.equal([changesOf(outside.stdout).base, changesOf(outside.stdout).status], [HEAD, 'identical'])
  assert.is(runReads(), 0)

  // The run cannot be read (no `actions: read`): one [WARN] naming it, and no section rather than a wrong one.
  await servers.restart()
  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(4), 2.2, ['inactive', 'success']), own], workflow: run })
  servers.gh.inject('GET', /\/actions\/runs\/900$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const refused = await report(actions())
  assert.is(refused.code, 0, refused.stderr)
  assert.match(refused.stderr, /^\[WARN\] Could not read GitHub deployments to say what changed: GitHub refused to let the token read run 900 of acme\/shop \(HTTP 403\); give the workflow `permissions: actions: read`\. The issue is filed without its What changed section\n$/)
  assert.is(section(sentBody()), '')
})

test('"Re-run failed jobs": the deploy job kept from attempt 1 is this run\'s own; re-running an old run to roll back still finds what it replaces (docs/changes.md)', async () => {
  // Attempt 1 of run 900 started 40 minutes ago; its deploy job deployed HEAD 35 minutes ago, then its smoke
  // test failed. "Re-run failed jobs" keeps the deploy job: attempt 2 started 5 minutes ago and failed again.
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
  const run = { runId: 900, workflowId: 77, branch: 'main', successes: [], startedAt: minutesAgo(5), earlierStarts: [minutesAgo(40)] }
  const env = (head = HEAD) => servers.gh.env({ ...ENV, CI_COMMIT_SHA: head, GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '900', GITHUB_RUN_ATTEMPT: '2', GITHUB_API_URL: servers.gh.url })
  const report = (head?: string) => runInProcess('report.mts', ['--json', 'Smoke test failed'], env(head))
  const changesOf = (stdout: string) => jsonOf(stdout).changes as { base: string; status: string; commits: number }
  const reads = () => [servers.gh.calls('GET', /\/actions\/runs\/900$/).length, servers.gh.calls('GET', /\/actions\/runs\/900\/attempts\/1$/).length]

  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(2), 30, ['inactive', 'success']), deployedAt(c(4), 2.2, ['inactive', 'success']), deployedAt(HEAD, 35 / 60, ['success', 'in_progress'])], workflow: run })
  const r = await report()
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.match(section(sentBody()), /\*\*2 pull requests and 3 commits\*\* since the last good deploy \(`10004ee`, 2 h ago\)/)
  assert.equal([changesOf(r.stdout).base, changesOf(r.stdout).status], [c(4), 'ahead'])
  // The run, then its first attempt: one request more, and only on a re-run.
  assert.equal(reads(), [1, 1])

  // Attempt 2 of a run two days old, re-run to roll back to c(4): it deploys c(4) again and its smoke test
  // fails. c(5) and c(6) went out since attempt 1: c(6) is the last good deploy, and this is a rollback.
  await servers.restart()
  const old = { ...run, earlierStarts: [minutesAgo(48 * 60)] }
  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(4), 47.9, ['inactive', 'success']), deployedAt(c(5), 30, ['inactive', 'success']), deployedAt(c(6), 20, ['inactive', 'success']), deployedAt(c(4), 0.05, ['success', 'in_progress'])], workflow: old })
  const back = await report(c(4))
  assert.is(back.code, 0, back.stderr)
  assert.equal([changesOf(back.stdout).base, changesOf(back.stdout).status], [c(6), 'behind'])

  // The first attempt cannot be read: one [WARN] naming it, and no section rather than a wrong one.
  await servers.restart()
  serveGitHubChanges(servers.gh, { ...REPO, deployments: [deployedAt(c(4), 2.2, ['inactive', 'success']), deployedAt(HEAD, 35 / 60, ['success'])], workflow: run })
  servers.gh.inject('GET', /\/actions\/runs\/900\/attempts\/1$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const refused = await report()
  assert.is(refused.code, 0, refused.stderr)
  assert.match(refused.stderr, /^\[WARN\] Could not read GitHub deployments to say what changed: GitHub refused to let the token read attempt 1 of run 900 of acme\/shop \(HTTP 403\); give the workflow `permissions: actions: read`\. The issue is filed without its What changed section\n$/)
  assert.is(section(sentBody()), '')
})

test('a smoke test started by deployment_status: the deployment its event names is this run\'s own, skipped with no request (docs/changes.md)', async () => {
  // Another workflow deployed HEAD 6 minutes ago; its `success` status started this run (2 minutes ago),
  // whose smoke test failed. The deployment was made before this run started: the time does not tell.
  const deployed = deployedAt(HEAD, 0.1, ['success', 'in_progress'])
  const repo = { ...REPO, deployments: [deployedAt(c(2), 30, ['inactive', 'success']), deployedAt(c(4), 2.2, ['inactive', 'success']), deployed] }
  const run = { runId: 901, workflowId: 78, branch: 'main', successes: [], startedAt: new Date(Date.now() - 2 * 60_000).toISOString() }
  const path = join(servers.dir, 'event.json')
  writeFileSync(path, JSON.stringify({ action: 'created', deployment_status: { state: 'success', environment: 'production' }, deployment: { id: deploymentId(repo, deployed), sha: HEAD, environment: 'production' } }))
  // GITHUB_API_URL is read when called: a restart moves the loopback server.
  const actions = () => ({ GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '901', GITHUB_API_URL: servers.gh.url, GITHUB_EVENT_NAME: 'deployment_status', GITHUB_EVENT_PATH: path })
  const report = (extra: Record<string, string>) => runInProcess('report.mts', ['--json', 'Smoke test failed'], servers.gh.env({ ...ENV, ...actions(), ...extra }))
  const changesOf = (stdout: string) => jsonOf(stdout).changes as { base: string; status: string }

  serveGitHubChanges(servers.gh, { ...repo, workflow: run })
  const r = await report({})
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.match(section(sentBody()), /\*\*2 pull requests and 3 commits\*\* since the last good deploy \(`10004ee`, 2 h ago\)/)
  assert.equal([changesOf(r.stdout).base, changesOf(r.stdout).status], [c(4), 'ahead'])
  // Skipped by its id: the run's record is not read.
  assert.is(servers.gh.calls('GET', /\/actions\/runs\//).length, 0)

  // Another event (a push) names no deployment under test: the file is not read for it, and HEAD's
  // deployment, made before this run started, is an earlier good deploy, as before.
  await servers.restart()
  serveGitHubChanges(servers.gh, { ...repo, workflow: run })
  const pushed = await report({ GITHUB_EVENT_NAME: 'push' })
  assert.is(pushed.code, 0, pushed.stderr)
  assert.equal([changesOf(pushed.stdout).base, changesOf(pushed.stdout).status], [HEAD, 'identical'])
  assert.is(servers.gh.calls('GET', /\/actions\/runs\/901$/).length, 1, 'in the run: its start is what tells')
})

test('REPORT_LAST_GOOD_SHA wins: no deployment is read', async () => {
  serveGitHubChanges(servers.gh, REPO)
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, REPORT_LAST_GOOD_SHA: c(6).slice(0, 10) }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.calls('GET', /\/deployments/).length, 0)
  assert.match(section(sentBody()), /\*\*1 commit\*\* since the last good deploy \(`10006ee`\)/)
})

test('the plain cases: identical (no compare sent), behind (a rollback), diverged, gone (404), none', async () => {
  const cases: [string, SeedRepo, string, RegExp][] = [
    ['identical', { ...REPO, deployments: [deployedAt(HEAD, 1.5, ['success'])] }, HEAD, /No code change since the last good deploy \(`10007ee`, 1 h ago\): the failure is not in the code\./],
    ['behind', { ...REPO, deployments: [deployedAt(c(7), 1.5, ['success'])] }, c(5), /This deploy is older than the last good deploy \(`10007ee`, 1 h ago\): a rollback by 2 commits\./],
    ['diverged', { commits: [...HISTORY, { sha: 'f'.repeat(40), parents: [c(3)], message: 'Rewritten', author: 'Eve' }], deployments: [deployedAt(HEAD, 1.5, ['success'])] }, 'f'.repeat(40), /The history diverged from the last good deploy \(`10007ee`, 1 h ago\).*`fffffff`.*1 commit here/],
    ['gone', { commits: HISTORY, deployments: [deployedAt('d'.repeat(40), 1.5, ['success'])] }, HEAD, /The last good deploy's commit \(`ddddddd`, 1 h ago\) is no longer in the repository/],
    ['none', { commits: HISTORY, deployments: [deployedAt(c(3), 1.5, ['failure'])] }, HEAD, /No earlier good deploy of `production` was found/],
  ]
  for (const [name, repo, head, expected] of cases) {
    await servers.restart()
    serveGitHubChanges(servers.gh, repo)
    const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, CI_COMMIT_SHA: head }))
    assert.is(r.code, 0, `${name}: ${r.stderr}`)
    assert.is(r.stderr, '', name)
    assert.match(section(sentBody()), expected, name)
    assert.is((jsonOf(r.stdout).changes as { status: string }).status, name, name)
    if (name === 'identical') assert.is(compares().length, 0, name)
    // The newest deployment of another commit is compared while its statuses are read (a guess that saves a
    // round trip); when it proves not good, that comparison is dropped, and no other is sent.
    if (name === 'none') assert.ok(compares().every((call) => call.path.endsWith(`/compare/${c(3)}...${HEAD}`)) && compares().length <= 1, name)
  }
})

test('no good deploy among the deployments read: the section says only the ten newest were read when there were more, and plainly "none" when that was all', async () => {
  // Every one failed; 11 of them: one more than a listing's page of ten (MAX_DEPLOYMENTS).
  const failed = Array.from({ length: 11 }, (_, i) => deployedAt(c(i % 7), 1 + i, ['failure']))
  for (const [count, expected] of [
    [11, 'No earlier good deploy of `production` was found among its 10 newest deployments (older ones were not read), so there is nothing to compare this commit with.'],
    [10, 'No earlier good deploy of `production` was found, so there is nothing to compare this commit with.'],
  ] as const) {
    await servers.restart()
    serveGitHubChanges(servers.gh, { commits: HISTORY, deployments: failed.slice(0, count) })
    const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env(ENV))
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '', String(count))
    assert.is(section(sentBody()), `### What changed\n${expected}\n`, String(count))
    assert.equal(servers.gh.calls('GET', /\/deployments$/).map((call) => call.query.get('per_page')), ['10'])
    assert.is(servers.gh.calls('GET', /\/deployments\/\d+\/statuses$/).length, 10, String(count))
    assert.is((jsonOf(r.stdout).changes as { status: string }).status, 'none')
  }
})

test('a merge commit\'s pull request claims its branch\'s commits; a closed unmerged one claims nothing; a wrong guess of the base is dropped', async () => {
  // c(0)…c(4) on main; a branch (b1, b2) merged by m; then a direct push. Deployed: c(2) good, c(4) failed.
  const [b1, b2, m, top] = ['b1', 'b2', 'ee', 'f0'].map((x) => x.repeat(20))
  const commits = [
    ...linearHistory(5),
    { sha: b1!, parents: [c(4)], message: 'Add the feature', author: 'Dev 2', login: 'dev2' },
    { sha: b2!, parents: [b1!], message: 'Test the feature', author: 'Dev 2', login: 'dev2' },
    { sha: m!, parents: [c(4), b2!], message: 'Merge pull request #50 from dev2/feature\n\nThe feature', author: 'Dev 2', login: 'dev2' },
    { sha: top!, parents: [m!], message: 'Hotfix the config', author: 'Dev 0', login: 'dev0' },
  ]
  serveGitHubChanges(servers.gh, {
    commits,
    pulls: [
      { number: 50, title: 'The feature', author: 'dev2', commits: [b1!, b2!, m!], merge: m! },
      { number: 51, title: 'Abandoned idea', author: 'dev0', commits: [b1!], unmerged: true },
    ],
    deployments: [deployedAt(c(2), 5.2, ['inactive', 'success']), deployedAt(c(4), 1, ['failure']), deployedAt(top!, 0.01, ['in_progress'])],
  })
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, CI_COMMIT_SHA: top! }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const shown = section(sentBody())
  assert.match(shown, /\*\*1 pull request and 6 commits\*\* since the last good deploy \(`10002ee`, 5 h ago\)/)
  assert.ok(shown.includes('The feature ([#50]('), shown)
  // The branch's own commits are the pull request's; the direct pushes are listed on their own.
  assert.not.match(shown, /Add the feature|Test the feature|Abandoned|#51/)
  for (const line of ['- Hotfix the config (`f0f0f0f`) by dev0', '- Change 4 (`10004ee`)', '- Change 3 (`10003ee`)']) assert.ok(shown.includes(line), `${line}\n${shown}`)
  const json = jsonOf(r.stdout).changes as { base: string; pulls: { number: number }[] }
  assert.is(json.base, c(2))
  assert.equal(json.pulls.map((p) => p.number), [50])
  // The guess (c(4), the newest deployment of another commit) may have been compared before its statuses said
  // it failed; the comparison the section is made of is the good deploy's.
  assert.ok(compares().some((call) => call.path.endsWith(`/compare/${c(2)}...${top}`)), JSON.stringify(compares().map((x) => x.path)))
  assert.ok(compares().every((call) => call.path.endsWith(`/compare/${c(2)}...${top}`) || call.path.endsWith(`/compare/${c(4)}...${top}`)))
})

test('pagination: 260 commits are counted, the newest listed from the last two pages, 20 lines and "and N more"', async () => {
  const commits = linearHistory(262)
  serveGitHubChanges(servers.gh, { commits, deployments: [deployedAt(c(1), 5, ['success'])] })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, CI_COMMIT_SHA: c(261) }))
  assert.is(r.code, 0, r.stderr)
  const shown = section(sentBody())
  assert.match(shown, /\*\*260 commits\*\*/)
  assert.ok(shown.includes('- Change 261 ('), shown)
  assert.match(shown, /- … and 240 more: \[see the comparison\]\(http/)
  // The first page, then the last two together (the last alone holds two commits).
  assert.is(compares()[0]!.query.get('page'), '1')
  assert.equal(compares().map((call) => call.query.get('page')).sort(), ['1', '2', '3'])
  assert.ok(compares().every((call) => call.query.get('per_page') === '100'))
})

test('secrets in titles, subjects and names are masked before the section cuts them to 200 characters (docs/security.md)', async () => {
  // Each secret straddles the cut: cut first and masked at the door, its start no longer matched and was published.
  const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`
  const pad = (text: string) => `${'x'.repeat(160)} ${text}`
  serveGitHubChanges(servers.gh, {
    commits: [...HISTORY.slice(0, 7), { ...HISTORY[7]!, message: pad(token), author: pad(token), login: undefined }],
    pulls: [{ number: 41, title: pad(token), author: 'dev1', commits: [c(5)] }],
    deployments: [deployedAt(c(4), 2, ['success'])],
  })
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env(ENV))
  assert.is(r.code, 0, r.stderr)
  const shown = section(sentBody())
  assert.ok(shown.includes('#41'), shown)
  for (let i = 0; i + 8 <= token.length; i++) assert.not.ok(shown.includes(token.slice(i, i + 8)), `${token.slice(i, i + 8)} in\n${shown}`)
})

test('pagination: 101 commits list the newest 100, not only the one on the last page', async () => {
  serveGitHubChanges(servers.gh, { commits: linearHistory(103), pulls: [{ number: 7, title: 'An early pull request', author: 'dev1', commits: [c(3)] }], deployments: [deployedAt(c(1), 5, ['success'])] })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, CI_COMMIT_SHA: c(102) }))
  assert.is(r.code, 0, r.stderr)
  const shown = section(sentBody())
  assert.match(shown, /\*\*1 pull request and 101 commits\*\*/)
  assert.ok(shown.includes('An early pull request ([#7]('), shown)
  assert.ok(shown.includes('- Change 102 (') && shown.includes('- Change 84 ('), shown)
  assert.match(shown, /- … and 81 more: /)
})

test('mentions and assignment: plain by default; REPORT_MENTION=authors @mentions people, never bots; REPORT_ASSIGN=authors assigns after REPORT_ASSIGNEES, never bots', async () => {
  serveGitHubChanges(servers.gh, REPO)
  servers.gh.assignable.add('dev1')
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, REPORT_MENTION: 'authors', REPORT_ASSIGN: 'authors', REPORT_ASSIGNEES: 'octocat' }))
  assert.is(r.code, 0, r.stderr)
  const issue = sentIssue()
  const authors = issue.body.split('\n').find((line) => line.startsWith('**Authors:**'))!
  assert.ok(authors.includes('@dev1') && authors.includes('dependabot[bot]') && !authors.includes('@dependabot'), authors)
  assert.equal(issue.assignees, ['octocat', 'dev1'])
  assert.equal(servers.gh.issues[0]!.assignees, [{ login: 'octocat' }, { login: 'dev1' }])
  assert.is(r.stderr, '')
  // An author the repository cannot assign is one [WARN], and the issue is still filed.
  await servers.restart()
  serveGitHubChanges(servers.gh, REPO)
  const refused = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, REPORT_ASSIGN: 'authors' }))
  assert.is(refused.code, 0, refused.stderr)
  assert.equal(sentIssue().assignees, ['dev1'])
  assert.match(refused.stderr, /^\[WARN\] GitHub did not assign dev1 to issue #1: only people with access to acme\/shop can be assigned; the issue is filed without them\n$/)
  // The chat line names no one.
  assert.not.match(chatText(), /dev1|dependabot/)
})

test('403 on each endpoint: one [WARN] naming the permission, and the issue is filed without the section', async () => {
  const endpoints: [RegExp, string, Record<string, string>][] = [
    [/\/deployments$/, 'deployments: read', {}],
    [/\/deployments\/\d+\/statuses$/, 'deployments: read', {}],
    [/\/compare\//, 'contents: read', {}],
    [/\/pulls$/, 'pull-requests: read', {}],
    [/\/actions\/runs\/\d+$/, 'actions: read', { GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '900' }],
  ]
  for (const [path, permission, extra] of endpoints) {
    await servers.restart()
    serveGitHubChanges(servers.gh, path.source.includes('actions') ? { commits: HISTORY, deployments: [], workflow: { runId: 900, workflowId: 77, branch: 'main', successes: [] } } : REPO)
    servers.gh.inject('GET', path, { status: 403, body: { message: 'Resource not accessible by integration' } })
    const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...extra, GITHUB_API_URL: servers.gh.url }))
    assert.is(r.code, 0, r.stderr)
    const warnings = r.stderr.split('\n').filter((line) => line.startsWith('[WARN]'))
    assert.is(warnings.length, 1, `${path}: ${r.stderr}`)
    assert.ok(warnings[0]!.includes('HTTP 403') && warnings[0]!.includes(permission) && warnings[0]!.includes('filed without its What changed section'), warnings[0])
    assert.is(section(sentBody()), '', String(path))
  }
})

test('the budget running out: one [WARN] naming REPORT_CHANGES_TIMEOUT, and the issue is filed without the section', async () => {
  serveGitHubChanges(servers.gh, REPO)
  servers.gh.inject('GET', /\/compare\//, { hang: true })
  const started = Date.now()
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, REPORT_CHANGES_TIMEOUT: '2' }))
  assert.is(r.code, 0, r.stderr)
  // The request's own timeout (REPORT_TIMEOUT) is 30 s: the shared budget ended the wait.
  assert.ok(Date.now() - started < 20_000)
  assert.is(compares().length, 1)
  assert.match(r.stderr, /^\[WARN\] Could not compare 10004ee\.\.\.10007ee \(GitHub compare\) to say what changed: it took longer than REPORT_CHANGES_TIMEOUT \(2 s\); raise REPORT_CHANGES_TIMEOUT, or set REPORT_CHANGES=off\. The issue is filed without its What changed section\n$/)
  assert.is(servers.gh.calls('POST', /\/issues$/).length, 1)
  assert.is(section(sentBody()), '')
})

test('the duplicate path waits for nothing: a stuck read is cancelled without a word', async () => {
  serveGitHubChanges(servers.gh, REPO)
  servers.gh.inject('GET', /\/deployments$/, { hang: true })
  servers.gh.addIssue({ title: `[DEPLOY FAIL] production — ${HEAD} — ${today()}` })
  const started = Date.now()
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, REPORT_CHANGES_TIMEOUT: '20' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(jsonOf(r.stdout).outcome, 'duplicate')
  assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms`)
  assert.is(r.stderr, '')
})

test('off (the command line\'s default): no request beyond the spec\'s, and the body has no section', async () => {
  serveGitHubChanges(servers.gh, REPO)
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, REPORT_CHANGES: '' }))
  assert.is(r.code, 0, r.stderr)
  assert.equal(servers.gh.calls().filter((call) => /deployments|compare|actions|graphql|pulls/.test(call.path)), [])
  assert.is(section(sentBody()), '')
})


test('ON_DUPLICATE=comment: the occurrence comment says what changed since the previous occurrence\'s commit', async () => {
  serveGitHubChanges(servers.gh, REPO)
  const holder = servers.gh.addIssue({ title: `[DEPLOY FAIL] production — ${HEAD} — ${today()}`, body: `## Deploy Failure Report\n\n**Commit:** \`${c(5).slice(0, 7)}\`\n` })
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, ON_DUPLICATE: 'comment' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(jsonOf(r.stdout).outcome, 'commented')
  const comment = servers.gh.comments.find((x) => x.issue_number === holder.number)!
  assert.match(comment.body ?? '', /### What changed\n\*\*1 pull request and 2 commits\*\* since the previous occurrence \(`10005ee`\): \[compare\]/)
  // Compared from the previous occurrence's commit (the read of the last good deploy ran beside the duplicate check, and went unused).
  assert.ok(compares().some((call) => call.path.endsWith(`/compare/10005ee...${HEAD}`)), compares().map((x) => x.path).join(', '))
})

test('ON_DUPLICATE=comment: a **Commit:** line inside the quoted commit message or log does not choose the previous commit', async () => {
  serveGitHubChanges(servers.gh, REPO)
  // The spec's body: the report's own Commit line, then the commit message (pushed by anyone) in a code block.
  const body = `## Deploy Failure Report\n\n**Commit:** \`${c(5).slice(0, 7)}\`\n\n### Commit Message\n\`\`\`\n**Commit:** \`${c(1).slice(0, 7)}\`\n\`\`\`\n`
  const holder = servers.gh.addIssue({ title: `[DEPLOY FAIL] production — ${HEAD} — ${today()}`, body })
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, ON_DUPLICATE: 'comment' }))
  assert.is(r.code, 0, r.stderr)
  const comment = servers.gh.comments.find((x) => x.issue_number === holder.number)!
  assert.match(comment.body ?? '', /since the previous occurrence \(`10005ee`\)/)
  assert.is(compares().filter((call) => call.path.includes(`/compare/${c(1).slice(0, 7)}`)).length, 0)
})

test('ON_DUPLICATE=comment: the previous occurrence was this very commit: no section, no comparison from it', async () => {
  serveGitHubChanges(servers.gh, REPO)
  const holder = servers.gh.addIssue({ title: `[DEPLOY FAIL] production — ${HEAD} — ${today()}`, body: `## Deploy Failure Report\n\n**Commit:** \`${HEAD.slice(0, 7)}\`\n` })
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, ON_DUPLICATE: 'comment' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(jsonOf(r.stdout).outcome, 'commented')
  const comment = servers.gh.comments.find((x) => x.issue_number === holder.number)!
  assert.ok(comment.body!.includes(`**Commit:** \`${HEAD}\``) || comment.body!.includes('**Commit:** `10007ee'), comment.body)
  assert.not.match(comment.body!, /What changed/)
  // The read of the last good deploy runs beside the duplicate check and may have compared already; nothing compares from this commit.
  assert.is(compares().filter((call) => call.path.includes('/compare/10007ee')).length, 0)
})

test('a reopen (REPORT_REOPEN_WINDOW): the "failed again" comment and the chat line say what changed since the last good deploy (docs/changes.md)', async () => {
  serveGitHubChanges(servers.gh, REPO)
  const filed = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, REPORT_CHANGES: 'off', CI_COMMIT_SHA: c(5) }))
  assert.is(filed.code, 0, filed.stderr)
  const resolved = await runInProcess('resolve.mts', [], servers.gh.env({ ...ENV, REPORT_CHANGES: 'off', CI_COMMIT_SHA: c(6) }))
  assert.is(resolved.code, 0, resolved.stderr)
  const issue = servers.gh.issues[0]!
  assert.is(issue.state, 'closed')
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, REPORT_REOPEN_WINDOW: '1' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const json = jsonOf(r.stdout) as { outcome: string; changes: { base: string; status: string; commits: number } }
  assert.equal([json.outcome, json.changes.base, json.changes.status, json.changes.commits], ['reopened', c(4), 'ahead', 3])
  assert.is(issue.state, 'open')
  assert.is(servers.gh.issues.length, 1, 'nothing created')
  const last = servers.gh.comments.at(-1)!.body!
  assert.match(last, /\n### Failed again \d+ minutes? after recovery: occurrence 2\n/)
  assert.match(last, /\n### What changed\n\*\*2 pull requests and 3 commits\*\* since the last good deploy \(`10004ee`, 2 h ago\): \[compare\]\(http:\/\/127\.0\.0\.1:\d+\/acme\/shop\/compare\/10004ee/)
  assert.match((servers.gh.chat.at(-1)!.json as { text: string }).text, /\nChanged: 2 PRs, 3 commits since 10004ee \(2 h ago\)\n/)
})

test('doctor names the source and whether the token may read it; a refusal fails the check with the permission', async () => {
  serveGitHubChanges(servers.gh, REPO)
  const ok = await runInProcess('doctor.mts', [], servers.gh.env({ ...ENV }))
  assert.is(ok.code, 0, ok.stdout + ok.stderr)
  assert.match(ok.stdout, /what changed: from GitHub deployments of acme\/shop; the token may read GitHub deployments \(its last good deploy is 10004ee\); it also needs deployments: read, contents: read, pull-requests: read/)
  await servers.restart()
  serveGitHubChanges(servers.gh, REPO)
  servers.gh.inject('GET', /\/deployments$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const refused = await runInProcess('doctor.mts', [], servers.gh.env({ ...ENV }))
  assert.is.not(refused.code, 0)
  assert.match(refused.stdout + refused.stderr, /what changed: cannot read GitHub deployments: GitHub refused to let the token read the deployments of acme\/shop \(HTTP 403\); give the workflow `permissions: deployments: read`/)
  // None good among the ten read, and more unread: doctor says so, as the section does.
  await servers.restart()
  serveGitHubChanges(servers.gh, { commits: HISTORY, deployments: Array.from({ length: 11 }, (_, i) => deployedAt(c(i % 7), 1 + i, ['failure'])) })
  const among = await runInProcess('doctor.mts', [], servers.gh.env({ ...ENV }))
  assert.match(among.stdout, /what changed: from GitHub deployments of acme\/shop; the token may read GitHub deployments \(it records no good deploy among its 10 newest deployments\);/)
})

test.run()
