// GitLab specifics end to end, through the real `npx zx scripts/…` against the loopback GitLab: the
// configuration (GitLab CI's own variables, malformed paths refused before any request) and the doctor.
// What GitHub and GitLab share is in test/integration/cli/trackers.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { FIXED_ENV } from '../helpers/fixtures.ts'
import { useLoopback } from '../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }

const servers = useLoopback(test, { gitlab: true })

test('a malformed project path is refused with exit 2 before any request, naming the form', async () => {
  const r = await runInProcess('report.mts', ['x'], servers.gl.env({ ...FAST, ISSUE_REPO: 'acme/shop.git' }))
  assert.is(r.code, 2)
  assert.match(r.stderr, /ISSUE_REPO must be a GitLab project path such as group\/subgroup\/project .* or a numeric project id, got "acme\/shop\.git"/)
  assert.is(servers.gl.requests.length, 0)
  assert.is(servers.gl.chat.length, 0)
})

test('an unknown ISSUE_TRACKER is refused with exit 2 before any request', async () => {
  const r = await runInProcess('report.mts', ['x'], servers.gl.env({ ...FAST, ISSUE_TRACKER: 'jira' }))
  assert.is(r.code, 2)
  assert.match(r.stderr, /ISSUE_TRACKER must be github or gitlab, got "jira"/)
  assert.is(servers.gl.requests.length, 0)
})

test('GitLab CI\'s own variables are enough: CI_API_V4_URL and CI_PROJECT_PATH; the spec line has the iid and web_url', async () => {
  const env = { ...FIXED_ENV, ...FAST, ISSUE_TRACKER: 'gitlab', ISSUE_TOKEN: servers.gl.token, CI_API_V4_URL: servers.gl.apiUrl, CI_PROJECT_PATH: servers.gl.path }
  const r = await runInProcess('report.mts', ['Deploy job failed'], env)
  assert.is(r.code, 0, r.stderr)
  const [issue] = servers.gl.issues
  assert.is(r.stdout, `[INFO] Created issue #${issue!.iid}: ${issue!.web_url}\n`)
  assert.match(issue!.web_url, /\/acme\/platform\/shop\/-\/issues\/1$/)
  assert.ok(servers.gl.requests.every((q) => q.path.startsWith('/projects/acme%2Fplatform%2Fshop/')), servers.gl.requests.map((q) => q.path).join(' '))
  assert.ok(servers.gl.requests.every((q) => q.headers.authorization === `Bearer ${servers.gl.token}`))
  assert.equal(servers.gl.calls('POST')[0]!.json, { title: issue!.title, description: issue!.description, labels: 'auto-deploy-failure,ops' })
})

test('a numeric project id works as well as the path', async () => {
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gl.env({ ...FIXED_ENV, ...FAST, ISSUE_REPO: String(servers.gl.projectId) }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gl.issues[0]!.web_url}\n`)
  assert.ok(servers.gl.requests.every((q) => q.path.startsWith(`/projects/${servers.gl.projectId}/`)))
})

test('titles stay within GitLab\'s 255 characters, and the same long title still deduplicates', async () => {
  const env = servers.gl.env({ ...FIXED_ENV, ...FAST, DEPLOY_ENV: 'e'.repeat(400) })
  const first = await runInProcess('report.mts', ['Deploy job failed'], env)
  assert.is(first.code, 0, first.stderr)
  assert.ok(servers.gl.issues[0]!.title.length <= 255, String(servers.gl.issues[0]!.title.length))
  const second = await runInProcess('report.mts', ['Deploy job failed'], env)
  assert.is(second.code, 0, second.stderr)
  assert.match(second.stdout, /^\[INFO\] Duplicate issue found, skipping creation$/m)
  assert.is(servers.gl.issues.length, 1)
})

test('--dry-run without a token still renders for GitLab: quick actions defused, title within 255', async () => {
  const env = servers.gl.env({ ...FIXED_ENV, ...FAST, ISSUE_TOKEN: '', DEPLOY_ENV: 'e'.repeat(400) })
  const r = await runInProcess('report.mts', ['--dry-run', 'oops\n/close'], env)
  assert.is(r.code, 0, r.stderr)
  const title = r.stdout.split('\n')[r.stdout.split('\n').indexOf('--- title') + 1]!
  assert.ok(title.length <= 255 && title.length > 250, String(title.length))
  // The chat text is Slack's, where a leading / means nothing; the body is GitLab's.
  const body = r.stdout.slice(r.stdout.indexOf('--- body'), r.stdout.indexOf('--- chat'))
  assert.match(body, /^\u200B\/close$/m)
  assert.not.match(body, /^\/close$/m)
  assert.is(servers.gl.requests.length, 0)
})

test('doctor: token and scopes, quota, project, latest commit, labels; reads only, token never printed', async () => {
  const r = await runInProcess('doctor.mts', [], servers.gl.env(FAST))
  assert.is(r.code, 0, r.stderr)
  const out = r.stdout.split('\n').filter(Boolean)
  assert.is(out[0], `✓ configuration valid: acme/platform/shop at ${servers.gl.apiUrl}, environment production, pipeline unknown`)
  assert.is(out[1], '✓ token accepted (user reporter-bot, scopes: api)')
  assert.match(out[2]!, /^✓ rate limit: 1999 of 2000 requests left, resets at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  assert.is(out[3], '✓ project readable: acme/platform/shop, 42 stars')
  assert.is(out[4], '✓ latest commit readable: "Fix the deploy" by Ada Lovelace')
  assert.is(out[5], '✓ label auto-deploy-failure exists')
  assert.is(out[6], '✓ label ops exists')
  assert.match(out[7]!, /^✓ chat webhook configured/)
  assert.is(out[8], '[INFO] All 8 checks passed')
  assert.ok(servers.gl.requests.every((q) => q.method === 'GET'))
  assert.not.ok((r.stdout + r.stderr).includes(servers.gl.token))
})

test('doctor: a token without the api scope fails, saying it cannot write issues', async () => {
  servers.gl.tokenInfo = { scopes: ['read_api', 'read_user'], name: 'ro', active: true }
  const r = await runInProcess('doctor.mts', [], servers.gl.env(FAST))
  assert.is(r.code, 1)
  assert.match(r.stdout, /^✗ token lacks the api scope \(user reporter-bot, scopes: read_api, read_user\): it cannot write issues$/m)
})

test('two resolvers at once on GitLab: each issue keeps one recovery note and is closed; the later note is taken back', async () => {
  const title = (sha: string) => `[DEPLOY FAIL] staging — ${sha} — 2026-11-03`
  const issues = ['a1', 'b2'].map((sha) => servers.gl.addIssue({ title: title(sha) }))
  // Both see the same open issues (no notes yet): each list is answered only once both have asked.
  servers.gl.holdLists(2)
  const good = { ...FAST, CI_COMMIT_SHA: 'f1x0001', DEPLOY_ENV: 'staging' }
  const runs = await Promise.all([runScript('resolve.mts', [], servers.gl.env(good)), runScript('resolve.mts', [], servers.gl.env(good))])
  for (const r of runs) assert.is(r.code, 0, r.stderr)
  for (const issue of issues) {
    assert.is(issue.state, 'closed', `#${issue.iid}`)
    const notes = servers.gl.notes.filter((n) => n.noteable_iid === issue.iid && !n.system)
    assert.is(notes.length, 1, `#${issue.iid} keeps one recovery note: ${notes.map((n) => n.id)}`)
    assert.match(notes[0]!.body, /^<!-- deploy-failure-reporter:recovery -->/)
  }
  // Two notes were posted per issue and one of each pair deleted: the take-back, not a read before posting.
  assert.is(servers.gl.calls('POST', /\/notes$/).length, 4)
  assert.is(servers.gl.calls('DELETE', /\/notes\/\d+$/).length, 2)
})

test.run()
