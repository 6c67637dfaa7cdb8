// scripts/resolve.mts run in process (test/helpers/in-process.ts) against the loopback GitHub: what it closes,
// comments, announces and prints, its retries, its refusals and its exit codes, all decided by the command.
// What only processes show stays in test/e2e/resolve.e2e.test.ts: two resolvers at once, and a refused
// token on the process's own output streams.
import { test } from 'uvu'
import { OCCURRENCE_MARKER } from '../../../lib/core/text/comment-text.ts'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

// Waits scaled down through configuration; the retry and write-pacing code paths still run.
const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const GOOD = { CI_COMMIT_SHA: 'f1x0001', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/99', ...FAST }
const title = (env: string, sha: string, day: string) => `[DEPLOY FAIL] ${env} — ${sha} — ${day}`

const servers = useLoopback(test, { github: true })

const writes = () => servers.gh.requests.filter((r) => r.method !== 'GET')
const lastLine = (stdout: string) => JSON.parse(stdout.trimEnd().split('\n').at(-1)!) as unknown

test('closes every open issue of this environment (any commit, any day) with a comment, then one chat notice', async () => {
  const a = servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-01') })
  const others = [
    servers.gh.addIssue({ title: title('staging-eu', 'abc1234', '2026-11-01') }),
    servers.gh.addIssue({ title: title('production', 'abc1234', '2026-11-01') }),
    servers.gh.addIssue({ title: title('stag', 'abc1234', '2026-11-01') }),
    servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-01'), pull_request: { url: 'x' } }),
    servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-01') }, ['ops']),
    servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-10-30'), state: 'closed', state_reason: 'not_planned' }),
    servers.gh.addIssue({ title: 'staging is slow' }),
  ]
  const b = servers.gh.addIssue({ title: title('staging', 'def5678', '2026-11-20') })

  const r = await runInProcess('resolve.mts', [], servers.gh.env(GOOD))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(r.stdout, `[INFO] Closed issue #${a.number}: ${a.html_url}\n[INFO] Closed issue #${b.number}: ${b.html_url}\n`)

  for (const issue of [a, b]) {
    assert.is(issue.state, 'closed')
    assert.is(issue.state_reason, 'completed')
  }
  for (const issue of others) assert.is(issue.updated_at, issue.created_at, `#${issue.number} untouched`)
  assert.is(others[5]!.state_reason, 'not_planned')

  // Per issue: the comment first, then the close; nothing else is written.
  assert.equal(
    writes().map((w) => `${w.method} ${w.path}`),
    [a, b].flatMap((i) => [`POST /repos/acme/shop/issues/${i.number}/comments`, `PATCH /repos/acme/shop/issues/${i.number}`]),
  )
  for (const patch of servers.gh.calls('PATCH')) assert.equal(patch.json, { state: 'closed', state_reason: 'completed' })
  // The list said neither had a comment, so none is read before commenting (a request less per issue); the
  // read after it stays: it takes this run's comment back when a concurrent resolver's came first.
  for (const i of [a, b]) {
    const path = `/repos/acme/shop/issues/${i.number}`
    const own = servers.gh.requests.filter((q) => q.path === path || q.path === `${path}/comments`)
    assert.equal(own.map((q) => `${q.method} ${q.path}`), [`POST ${path}/comments`, `GET ${path}/comments`, `PATCH ${path}`])
  }
  assert.is(servers.gh.comments.length, 2)
  for (const c of servers.gh.comments) {
    assert.match(c.body!, /^<!-- deploy-failure-reporter:recovery -->\n/)
    assert.match(c.body!, /A deploy to `staging` succeeded/)
    assert.match(c.body!, /\*\*Commit:\*\* `f1x0001`/)
    assert.match(c.body!, /\*\*Time:\*\* \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n/)
    assert.match(c.body!, /\*\*Pipeline:\*\* <https:\/\/ci\.example\/p\/99>/)
  }
  const list = servers.gh.calls('GET', /\/issues$/)[0]!
  assert.is(list.query.get('state'), 'open')
  assert.is(list.query.get('labels'), 'auto-deploy-failure')
  assert.is(list.query.get('per_page'), '100')
  for (const req of servers.gh.requests) assert.is(req.headers.authorization, `Bearer ${servers.gh.token}`)

  assert.is(servers.gh.chat.length, 1)
  assert.is(servers.gh.chat[0]!.headers.authorization, undefined)
  const text = (servers.gh.chat[0]!.json as { text: string }).text
  assert.equal(Object.keys(servers.gh.chat[0]!.json as object), ['text'])
  // The last line: how long the environment failed (as long as this test took) and in how many runs (one per issue).
  assert.match(text, /^\*\[DEPLOY RECOVERED\]\* staging\nCommit: `f1x0001`\nClosed: #\d+, #\d+\nPipeline: https:\/\/ci\.example\/p\/99\nRecovered after \d+ (s|min)( \d+ s)? and 2 failed runs$/)
  assert.match(text, `Closed: #${a.number}, #${b.number}\n`)
})

test('nothing open for this environment: no writes, no chat, exit 0, JSON "nothing"', async () => {
  servers.gh.addIssue({ title: title('staging-eu', 'abc1234', '2026-11-01') })
  servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-01'), state: 'closed' })
  const r = await runInProcess('resolve.mts', ['--json'], servers.gh.env(GOOD))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(r.stdout.split('\n')[0], '[INFO] No open auto-deploy-failure issue for staging; nothing to close')
  assert.equal(lastLine(r.stdout), { outcome: 'nothing', closed: [], failed: [] })
  assert.is(writes().length, 0)
  assert.is(servers.gh.chat.length, 0)
})

test('follows the Link header through every page and reads them all before closing anything', async () => {
  const ours: number[] = []
  for (let i = 0; i < 230; i++) {
    const env = i % 90 === 45 ? 'staging' : 'production'
    const issue = servers.gh.addIssue({ title: title(env, `c${i}`, '2026-11-02') })
    if (env === 'staging') ours.push(issue.number)
  }
  assert.is(ours.length, 3)
  const r = await runInProcess('resolve.mts', ['--json'], servers.gh.env(GOOD))
  assert.is(r.code, 0, r.stderr)
  assert.equal(lastLine(r.stdout), { outcome: 'resolved', closed: ours, failed: [] })
  const lists = servers.gh.calls('GET', /\/issues$/)
  assert.equal(lists.map((l) => l.query.get('page') ?? '1'), ['1', '2', '3'])
  const firstWrite = servers.gh.requests.findIndex((r) => r.method !== 'GET')
  assert.ok(firstWrite > servers.gh.requests.indexOf(lists[2]!), 'every page was read before the first write')
  assert.is(servers.gh.openIssues().length, 227)
})

test('--dry-run lists what it would close and the texts, and writes nothing', async () => {
  const a = servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-01') })
  const r = await runInProcess('resolve.mts', ['--dry-run', '--json'], servers.gh.env(GOOD))
  assert.is(r.code, 0, r.stderr)
  assert.ok(r.stdout.startsWith(`[INFO] Would close issue #${a.number}: ${a.html_url}\n`))
  assert.match(r.stdout, /A deploy to `staging` succeeded/)
  assert.match(r.stdout, /\*\[DEPLOY RECOVERED\]\* staging\nCommit: `f1x0001`\nClosed: #1\n/)
  assert.equal(lastLine(r.stdout), { outcome: 'resolved', closed: [a.number], failed: [] })
  assert.is(writes().length, 0)
  assert.is(servers.gh.chat.length, 0)
  assert.is(a.state, 'open')
})

test('--dry-run shows the Recovered after … line each comment and the chat notice would carry (issue 32)', async () => {
  // Filed 2 hours ago, with one recurrence since: 2 failed runs over about 2 hours.
  const filed = new Date(Date.now() - 2 * 3_600_000).toISOString()
  const a = servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-01'), created_at: filed, comments: 1 })
  servers.gh.comments.push({ id: 9001, body: `${OCCURRENCE_MARKER}\nFailed again`, issue_number: a.number, created_at: filed, html_url: `${a.html_url}#issuecomment-9001` })
  const r = await runInProcess('resolve.mts', ['--dry-run'], servers.gh.env(GOOD))
  assert.is(r.code, 0, r.stderr)
  const comment = r.stdout.split(`--- comment on #${a.number} before closing it\n`)[1]?.split('\n--- ')[0] ?? ''
  assert.match(comment, /A deploy to `staging` succeeded, so this issue is closed automatically\.\n\nRecovered after 2 h( \d+ s)? and 2 failed runs\n/)
  assert.match(r.stdout, /\*\[DEPLOY RECOVERED\]\* staging\n[\s\S]*\nRecovered after 2 h( \d+ s)? and 2 failed runs\n/)
  assert.is(writes().length, 0)
})

test('one close fails: it is named, the others are still closed, the chat lists only those, exit 1', async () => {
  const [a, b, c] = ['a1', 'b2', 'c3'].map((sha) => servers.gh.addIssue({ title: title('staging', sha, '2026-11-03') }))
  servers.gh.inject('PATCH', new RegExp(`/issues/${b!.number}$`), { status: 403, body: { message: 'Must have admin rights to Repository.' } })
  const r = await runInProcess('resolve.mts', ['--json'], servers.gh.env(GOOD))
  assert.is(r.code, 1)
  assert.is(r.stderr.split('\n').length, 2, 'one line')
  assert.match(r.stderr, new RegExp(`^\\[ERROR\\] Could not close issue #${b!.number}, it stays open \\(closing it after the comment: HTTP 403: Must have admin rights`))
  assert.equal(lastLine(r.stdout), { outcome: 'resolved', closed: [a!.number, c!.number], failed: [b!.number] })
  assert.equal([a, b, c].map((i) => i!.state), ['closed', 'open', 'closed'])
  assert.is(servers.gh.calls('PATCH').length, 3, 'a 403 is not retried')
  assert.match((servers.gh.chat[0]!.json as { text: string }).text, new RegExp(`\\nClosed: #${a!.number}, #${c!.number}\\n`))
})

test('a comment whose answer is lost after it was stored is not posted twice; a 502 on close is retried', async () => {
  const a = servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-04') })
  servers.gh.inject('POST', /\/comments$/, { commitThen: 502 })
  servers.gh.inject('PATCH', /\/issues\/\d+$/, { status: 502 })
  const r = await runInProcess('resolve.mts', [], servers.gh.env(GOOD))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.01s\.\.\. \(commenting on issue #1: HTTP 502/m)
  assert.match(r.stderr, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.01s\.\.\. \(closing issue #1: HTTP 502/m)
  assert.is(servers.gh.comments.length, 1)
  assert.is(servers.gh.calls('POST').length, 1)
  assert.is(servers.gh.calls('PATCH').length, 2)
  assert.is(a.state, 'closed')
})

test('the list cannot be read: [ERROR], exit 1, no writes, no chat', async () => {
  servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-01') })
  servers.gh.inject('GET', /\/issues$/, { status: 503 }, 10)
  const r = await runInProcess('resolve.mts', ['--json'], servers.gh.env(GOOD))
  assert.is(r.code, 1)
  assert.match(r.stderr, /^\[ERROR\] Could not list the open auto-deploy-failure issues, so none was closed \(HTTP 503/m)
  assert.equal(lastLine(r.stdout), { outcome: 'failed', closed: [], failed: [] })
  assert.is(servers.gh.calls('GET').length, 3, 'the read was retried')
  assert.is(writes().length + servers.gh.chat.length, 0)
})

test('--help, an unknown flag, a stray argument and a missing token', async () => {
  let r = await runInProcess('resolve.mts', ['--help'], {})
  assert.is(r.code, 0)
  assert.match(r.stdout, /^Usage: npx zx scripts\/resolve\.mts/)
  assert.match(r.stdout, /--dry-run/)
  assert.match(r.stdout, /Exit codes/)

  r = await runInProcess('resolve.mts', ['--bogus'], servers.gh.env(GOOD))
  assert.is(r.code, 2)
  assert.is(r.stderr, '[ERROR] Unknown option --bogus: the options are -h/--help, --dry-run, --json; see --help\n')

  r = await runInProcess('resolve.mts', ['staging'], servers.gh.env(GOOD))
  assert.is(r.code, 2)
  assert.match(r.stderr, /takes no arguments/)

  r = await runInProcess('resolve.mts', ['--json'], servers.gh.env({ ...GOOD, ISSUE_TOKEN: '' }))
  assert.is(r.code, 2)
  assert.is(r.stderr, '[ERROR] ISSUE_TOKEN is required\n')
  assert.equal(lastLine(r.stdout), { outcome: 'failed', closed: [], failed: [] })
  assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
})

test.run()
