// REPORT_PROJECT: a new issue joins a GitHub Projects board through GraphQL on the same
// throttled client (loopback GraphQL endpoint), its Status set; a token without the project scope, an
// unknown board or Status option are one [WARN] each and the issue is still filed; the doctor checks access.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { githubProject } from '../../helpers/loopback-github-graphql.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const servers = useLoopback(test, { github: true })
const BOARD = { ownerType: 'organization' as const, owner: 'acme', number: 7, title: 'Deploy failures', statusOptions: ['Todo', 'In Progress', 'Done'] }
const env = (extra: Record<string, string> = {}) =>
  servers.gh.env({ ...FIXED_ENV, ...FAST, REPORT_PROJECT: 'https://github.com/orgs/acme/projects/7', ...extra })

test('a new issue is added to the board and its Status set, through the same client and token', async () => {
  const board = githubProject(servers.gh, BOARD)
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_PROJECT_STATUS: 'todo' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.equal(board.items, [{ id: 'PVTI_1', contentId: 'I_kwLoopback1', status: 'Todo' }])
  const graphql = servers.gh.calls('POST', /^\/graphql$/)
  assert.is(graphql.length, 3, 'read the board, add the item, set its Status')
  for (const q of graphql) {
    assert.is(q.headers.authorization, `Bearer ${servers.gh.token}`)
    assert.is(q.headers['x-github-api-version'], '2022-11-28')
  }
})

test('a duplicate is not added again: only a new issue joins the board', async () => {
  const board = githubProject(servers.gh, BOARD)
  assert.is((await runInProcess('report.mts', ['x'], env())).code, 0)
  const again = await runInProcess('report.mts', ['x'], env())
  assert.is(again.code, 0, again.stderr)
  assert.is(board.items.length, 1)
})

test('a classic token without the project scope: one [WARN] naming the scope, the issue filed, exit 0', async () => {
  const board = githubProject(servers.gh, BOARD)
  servers.gh.oauthScopes = 'repo'
  const r = await runInProcess('report.mts', ['x'], env())
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.openIssues().length, 1)
  assert.is(board.items.length, 0)
  const warnings = r.stderr.split('\n').filter(Boolean)
  assert.is(warnings.length, 1, r.stderr)
  assert.match(warnings[0]!, /^\[WARN\] Could not add #1 to the project https:\/\/github\.com\/orgs\/acme\/projects\/7 \(Your token has not been granted the required scopes.*\): give ISSUE_TOKEN the project scope \(classic token\) or Projects read and write \(fine-grained token or GitHub App\); the issue is filed$/)
})

test('an unknown board or Status option: one [WARN] each way, the issue filed', async () => {
  githubProject(servers.gh, BOARD)
  const wrong = await runInProcess('report.mts', ['x'], env({ REPORT_PROJECT: 'https://github.com/orgs/acme/projects/8' }))
  assert.is(wrong.code, 0, wrong.stderr)
  assert.match(wrong.stderr, /^\[WARN\] Could not add #1 to the project .*projects\/8 \(Could not resolve to a ProjectV2 with the number 8\.\): check REPORT_PROJECT, and that the token can see the board; the issue is filed\n$/)

  await servers.restart()
  const board = githubProject(servers.gh, BOARD)
  const status = await runInProcess('report.mts', ['x'], env({ REPORT_PROJECT_STATUS: 'Blocked' }))
  assert.is(status.code, 0, status.stderr)
  assert.is(status.stderr, '[WARN] Added #1 to Deploy failures, but its Status has no option "Blocked" (options: Todo, In Progress, Done); check REPORT_PROJECT_STATUS\n')
  assert.equal(board.items, [{ id: 'PVTI_1', contentId: 'I_kwLoopback1' }])
})

test('doctor: the board can take new issues; a token without the project scope fails the check', async () => {
  githubProject(servers.gh, BOARD)
  const ok = await runInProcess('doctor.mts', [], env({ REPORT_PROJECT_STATUS: 'Todo' }))
  assert.is(ok.code, 0, ok.stdout + ok.stderr)
  assert.match(ok.stdout, /^✓ project Deploy failures can take new issues \(Status Todo\)$/m)

  servers.gh.oauthScopes = 'repo, read:project'
  const scoped = await runInProcess('doctor.mts', [], env())
  assert.is(scoped.code, 1)
  assert.match(scoped.stdout, /^✗ project Deploy failures readable, but the token lacks the project scope needed to add items: give ISSUE_TOKEN the project scope/m)
  assert.ok(servers.gh.calls('POST', /^\/graphql$/).every((q) => !/mutation/.test((q.json as { query: string }).query)), 'the doctor only reads')
})

test.run()
