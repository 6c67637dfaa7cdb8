// One rolling issue per environment (REPORT_GROUP=environment) and reopen on regression
// (REPORT_REOPEN_WINDOW), end to end: the real reporter and resolver against the loopback GitHub.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { useLoopback } from '../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const FAILED = { CI_COMMIT_SHA: 'bad0002', CI_COMMIT_MESSAGE: 'Break it again', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/2', ...FAST }
const GOOD = { CI_COMMIT_SHA: 'f1x0001', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/1', ...FAST }
const title = (env: string, sha: string, day: string) => `[DEPLOY FAIL] ${env} — ${sha} — ${day}`
const LIST = /^\/repos\/acme\/shop\/issues$/
const lastJson = (stdout: string) => JSON.parse(stdout.trimEnd().split('\n').at(-1)!) as { outcome: string; number: number | null }

const servers = useLoopback(test, { github: true })

test('environment: an open issue of another commit and day, past the first page, holds the report; the occurrence is commented', async () => {
  for (let i = 0; i < 120; i++) servers.gh.addIssue({ title: title(i % 2 ? 'production' : 'staging-eu', `c${i}`, '2026-10-01') })
  const rolling = servers.gh.addIssue({ title: title('staging', 'old0001', '2026-09-30') })
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...FAILED, REPORT_GROUP: 'environment', ON_DUPLICATE: 'comment' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const lines = r.stdout.split('\n')
  assert.is(lines[0], '[INFO] Duplicate issue found, skipping creation')
  assert.match(lines[1]!, new RegExp(`^\\[INFO\\] Commented on issue #${rolling.number} \\(occurrence 2\\): `))
  // The title of the issue that holds the report, not the one this run would have filed.
  assert.equal(lastJson(r.stdout), { outcome: 'commented', number: rolling.number, url: rolling.html_url, title: rolling.title })
  assert.is(servers.gh.calls('POST', LIST).length, 0, 'nothing created')
  assert.ok(servers.gh.calls('GET', LIST).length >= 2, 'read past the first page')
  const [comment] = servers.gh.comments
  assert.ok(comment!.body!.includes('**Commit:** `bad0002`') && comment!.body!.includes('**Pipeline:** <https://ci.example/p/2>'))
})

test('environment: staging never matches staging-eu; without an issue for the environment one is created', async () => {
  servers.gh.addIssue({ title: title('staging-eu', 'abc', '2026-10-01') })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAILED, REPORT_GROUP: 'environment' }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #2: /)
})

test('environment: concurrent runs for different commits converge on one open issue', async () => {
  servers.gh.holdLists(4)
  const runs = await Promise.all(
    ['c1', 'c2', 'c3', 'c4'].map((sha) => runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAILED, CI_COMMIT_SHA: sha, REPORT_GROUP: 'environment' }), { timeoutMs: 120_000 })),
  )
  for (const r of runs) assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.calls('POST', LIST).length, 4, 'every run created')
  assert.is(servers.gh.openIssues().length, 1, `open: ${servers.gh.openIssues().map((i) => i.number)}`)
  assert.is(servers.gh.openIssues()[0]!.number, 1)
})

test('environment: a create whose answer is lost is not repeated', async () => {
  servers.gh.addIssue({ title: title('production', 'x', '2026-10-01') })
  servers.gh.inject('POST', LIST, { commitThen: 502 })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAILED, REPORT_GROUP: 'environment' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.openIssues().filter((i) => i.title.includes('staging')).length, 1)
  assert.is(servers.gh.calls('POST', LIST).length, 1)
})

/** Files a failure, then lets the real resolver close it after a good deploy; returns the issue. */
async function failThenRecover() {
  const filed = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAILED, CI_COMMIT_SHA: 'bad0001' }))
  assert.is(filed.code, 0, filed.stderr)
  const resolved = await runInProcess('resolve.mts', [], servers.gh.env(GOOD))
  assert.is(resolved.code, 0, resolved.stderr)
  const issue = servers.gh.issues[0]!
  assert.is(issue.state, 'closed')
  return issue
}

test('reopen: a failure soon after the resolver closed the issue reopens it, with a "failed again" comment', async () => {
  const issue = await failThenRecover()
  const dir = mkdtempSync(join(tmpdir(), 'reopen-'))
  try {
    const output = join(dir, 'out')
    const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...FAILED, REPORT_REOPEN_WINDOW: '1', GITHUB_OUTPUT: output }))
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '')
    assert.is(r.stdout.split('\n')[0], `[INFO] Reopened issue #${issue.number}: ${issue.html_url}`)
    assert.equal(lastJson(r.stdout), { outcome: 'reopened', number: issue.number, url: issue.html_url, title: issue.title })
    assert.match(readFileSync(output, 'utf8'), /^outcome=reopened\nissue-number=1\n/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  assert.is(issue.state, 'open')
  assert.is(servers.gh.issues.length, 1, 'nothing created')
  const last = servers.gh.comments.at(-1)!.body!
  assert.match(last, /\n### Failed again 0 minutes after recovery: occurrence 2\n/)
  assert.ok(last.includes('**Commit:** `bad0002`') && last.includes('**Reason:** `Deploy job failed`'))
})

test('reopen: not for an issue closed by a person, as not planned, or before the window', async () => {
  const long = new Date(Date.now() - 3 * 3_600_000).toISOString()
  const closedBy = (fields: object) => servers.gh.addIssue({ title: title('staging', 'old', '2026-11-01'), state: 'closed', closed_at: new Date().toISOString(), state_reason: 'completed', ...fields })
  const cases = [
    () => closedBy({}),
    async () => {
      const issue = await failThenRecover()
      issue.state_reason = 'not_planned'
    },
    async () => {
      const issue = await failThenRecover()
      issue.closed_at = long
    },
  ]
  for (const [i, arrange] of cases.entries()) {
    await servers.restart()
    await arrange()
    const before = servers.gh.issues.length
    const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAILED, REPORT_REOPEN_WINDOW: '2' }))
    assert.is(r.code, 0, r.stderr)
    assert.match(r.stdout, /^\[INFO\] Created issue #\d+: /, `case ${i}: ${r.stdout}`)
    assert.is(servers.gh.issues.length, before + 1)
    assert.is(servers.gh.issues[0]!.state, 'closed', `case ${i}`)
  }
})

// Concurrent runs right after a recovery (both groupings) are reopen-race.e2e's, on GitHub and GitLab, with
// every assertion this file made of them: they ran here too, six more processes proving nothing new.

test('labels and assignees: REPORT_LABELS follow the spec\'s two, REPORT_ASSIGNEES are assigned', async () => {
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...FAILED, REPORT_LABELS: 'env:staging, severity:high', REPORT_ASSIGNEES: 'octocat' }))
  assert.is(r.code, 0, r.stderr)
  const sent = servers.gh.calls('POST', LIST)[0]!.json as { labels: string[]; assignees: string[] }
  assert.equal(sent.labels, ['auto-deploy-failure', 'ops', 'env:staging', 'severity:high'])
  assert.equal(sent.assignees, ['octocat'])
  assert.equal(servers.gh.issues[0]!.assignees, [{ login: 'octocat' }])
})

test.run()
