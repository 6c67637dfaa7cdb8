// scripts/resolve.mts where only processes show it: two resolvers at once, and a refused token grepped for on
// the process's own output streams. The run with no arguments asks git for the commit (hence here), and runs
// in process. What the command closes, comments, announces and prints, its retries, refusals and exit codes:
// test/integration/cli/resolve.test.ts, in process.
import { execFileSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, runScript } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { useLoopback } from '../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const GOOD = { CI_COMMIT_SHA: 'f1x0001', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/99', ...FAST }
const title = (env: string, sha: string, day: string) => `[DEPLOY FAIL] ${env} — ${sha} — ${day}`

const servers = useLoopback(test, { github: true })

const headOrUnknown = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return 'unknown'
  }
}
const lastLine = (stdout: string) => JSON.parse(stdout.trimEnd().split('\n').at(-1)!) as unknown

test('a refused token fails the run without ever printing the token', async () => {
  servers.gh.addIssue({ title: title('staging', 'abc1234', '2026-11-01') })
  const wrong = 'ghp_wrongTokenValue123456'
  const r = await runScript('resolve.mts', [], servers.gh.env({ ...GOOD, ISSUE_TOKEN: wrong }))
  assert.is(r.code, 1)
  assert.match(r.stderr, /401/)
  assert.not.ok((r.stdout + r.stderr).includes(wrong))
  assert.not.ok((r.stdout + r.stderr).includes(servers.gh.token))
})

test('no arguments needed: defaults to production and the git commit, as after-script.sh calls it', async () => {
  const a = servers.gh.addIssue({ title: title('production', 'abc1234', '2026-11-01') })
  const r = await runInProcess('resolve.mts', [], servers.gh.env(FAST))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Closed issue #${a.number}: ${a.html_url}\n`)
  assert.ok(servers.gh.comments[0]!.body!.includes(`**Commit:** \`${headOrUnknown()}\``), servers.gh.comments[0]!.body)
  assert.match(servers.gh.comments[0]!.body!, /\*\*Pipeline:\*\* `unknown`/)
})

test('two resolvers at once: each issue gets one recovery comment and is closed once; both exit 0 naming it', async () => {
  const issues = ['a1', 'b2', 'c3'].map((sha) => servers.gh.addIssue({ title: title('staging', sha, '2026-11-03') }))
  // Both see the same open issues: each list is answered only once both have asked.
  servers.gh.holdLists(2)
  const runs = await Promise.all([runScript('resolve.mts', ['--json'], servers.gh.env(GOOD)), runScript('resolve.mts', ['--json'], servers.gh.env(GOOD))])
  for (const r of runs) {
    assert.is(r.code, 0, r.stderr)
    assert.equal(lastLine(r.stdout), { outcome: 'resolved', closed: issues.map((i) => i.number), failed: [] })
    for (const issue of issues) assert.match(r.stdout, new RegExp(`^\\[INFO\\] (Closed issue|Issue) #${issue.number}\\b.*${issue.html_url}$`, 'm'))
  }
  for (const issue of issues) {
    assert.is(issue.state, 'closed', `#${issue.number}`)
    const notes = servers.gh.comments.filter((c) => c.issue_number === issue.number)
    assert.is(notes.length, 1, `#${issue.number} has one recovery comment: ${notes.map((n) => n.id)}`)
    assert.match(notes[0]!.body ?? '', /^<!-- deploy-failure-reporter:recovery -->/)
  }
  assert.equal(servers.gh.closes.map((c) => c.number).sort(), issues.map((i) => i.number), 'each closed once')
  // The run that closed an issue announces it; between them the chat names each issue once.
  const announced = servers.gh.chat.flatMap((q) => [...(q.json as { text: string }).text.matchAll(/#(\d+)/g)].map((m) => Number(m[1])))
  assert.equal(announced.sort(), issues.map((i) => i.number))
})

test.run()
