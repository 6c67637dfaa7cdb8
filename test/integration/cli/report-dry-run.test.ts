// scripts/report.mts --dry-run, and the CI autodetection it makes visible, run in process.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import { today } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FIXED = { ...FIXED_ENV, ...FAST_ENV }
const TITLE = fixedTitle

const servers = useLoopback(test, { github: true })

test('prints the title, body and chat text a real run would send; only reads, never writes or posts', async () => {
  const r = await runInProcess('report.mts', ['--dry-run', 'Deploy job failed'], servers.gh.env(FIXED))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const out = r.stdout
  assert.ok(out.startsWith('[INFO] Dry run: nothing will be created, commented or posted\n[INFO] No open duplicate: a real run would create the issue below\n'), out)
  assert.ok(out.includes(`\n--- title\n${TITLE()}\n--- body\n## Deploy Failure Report\n`), out)
  assert.match(out, /\n\*\*Environment:\*\* `staging`\n\*\*Commit:\*\* `abc1234`\n/)
  assert.match(out, /\n### Failure Reason\nDeploy job failed\n/)
  assert.ok(
    out.endsWith('\n--- chat message (to CHAT_WEBHOOK)\n*[DEPLOY FAILURE]* staging\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7\n'),
    out,
  )
  assert.equal(servers.gh.requests.map((q) => `${q.method} ${q.path}`), ['GET /repos/acme/shop/issues'])
  assert.is(servers.gh.chat.length, 0)
  assert.is(servers.gh.issues.length, 0)
})

test('an open duplicate is named with what a real run would do', async () => {
  const existing = servers.gh.addIssue({ title: TITLE() })
  const r = await runInProcess('report.mts', ['--dry-run'], servers.gh.env(FIXED))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, new RegExp(`^\\[INFO\\] Duplicate issue found: #${existing.number} \\S+/issues/${existing.number}; a real run would skip creation$`, 'm'))
  assert.is(servers.gh.calls('POST').length + servers.gh.chat.length, 0)
})

test('REPORT_REOPEN_WINDOW: names the issue a real run would reopen and prints the comment it would add; writes nothing', async () => {
  const filed = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...FIXED, CI_COMMIT_SHA: 'bad0001' }))
  assert.is(filed.code, 0, filed.stderr)
  const resolved = await runInProcess('resolve.mts', [], servers.gh.env({ ...FIXED, CI_COMMIT_SHA: 'f1x0001' }))
  assert.is(resolved.code, 0, resolved.stderr)
  const [issue] = servers.gh.issues
  assert.is(issue!.state, 'closed')
  const writes = servers.gh.requests.filter((q) => q.method !== 'GET').length
  const chats = servers.gh.chat.length
  const r = await runInProcess('report.mts', ['--dry-run', '--log', '-', 'Deploy job failed again'], servers.gh.env({ ...FIXED, REPORT_REOPEN_WINDOW: '1' }), { input: 'npm ERR! code 1\n' })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.ok(
    r.stdout.startsWith(
      '[INFO] Dry run: nothing will be created, commented or posted\n' +
        `[INFO] Issue closed by a recovery within REPORT_REOPEN_WINDOW: #1 ${issue!.html_url}; a real run would reopen it and add the comment below instead of creating an issue\n`,
    ),
    r.stdout,
  )
  assert.match(r.stdout, /\n--- comment on #1 \(reopened\)\n<!-- deploy-failure-reporter:occurrence -->\n<!-- deploy-failure-reporter:regression -->\n### Failed again \d+ minutes? after recovery: occurrence 2\n\n/)
  assert.match(r.stdout, /\n\*\*Reason:\*\* `Deploy job failed again`\n\n### Log excerpt\n[^]*\nnpm ERR! code 1\n```\n\n<\/details>\n--- chat message \(to CHAT_WEBHOOK\)\n/)
  assert.is(servers.gh.requests.filter((q) => q.method !== 'GET').length, writes, 'no write')
  assert.is(servers.gh.chat.length, chats)
  assert.is(issue!.state, 'closed')
})

test('without a token the duplicate check is skipped, said so, and no request is made', async () => {
  const r = await runInProcess('report.mts', ['--dry-run'], servers.gh.env({ ...FIXED, ISSUE_TOKEN: '', CHAT_WEBHOOK: '' }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] No ISSUE_TOKEN: the duplicate check was skipped$/m)
  assert.match(r.stdout, /\n--- chat message \(not sent: CHAT_WEBHOOK is not set\)\n/)
  assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
})

test('a dry run still validates the configuration (exit 2) and writes no GitHub Actions output', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dry-run-'))
  try {
    const output = join(dir, 'output')
    let r = await runInProcess('report.mts', ['--dry-run'], servers.gh.env({ ...FIXED, ISSUE_REPO: '', GITHUB_OUTPUT: output }))
    assert.is(r.code, 2)
    assert.is(r.stderr, '[ERROR] ISSUE_REPO is required (owner/repo)\n')
    r = await runInProcess('report.mts', ['--dry-run'], servers.gh.env({ ...FIXED, GITHUB_OUTPUT: output }))
    assert.is(r.code, 0, r.stderr)
    assert.not.ok(existsSync(output))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('--dry-run with --json is a usage error', async () => {
  const r = await runInProcess('report.mts', ['--dry-run', '--json'], servers.gh.env(FIXED))
  assert.is(r.code, 2)
  assert.is(r.stderr, '[ERROR] --dry-run and --json cannot be combined: a dry run has no outcome; see --help\n')
  assert.is(r.stdout, '')
  assert.is(servers.gh.requests.length, 0)
})

test('GitHub Actions run address and commit are detected when the spec variables are unset', async () => {
  const sha = '0123456789abcdef0123456789abcdef01234567'
  const env = servers.gh.env({
    CI_COMMIT_MESSAGE: 'm',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: '1658821493',
    GITHUB_SHA: sha,
  })
  let r = await runInProcess('report.mts', ['--dry-run'], env)
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, new RegExp(`\\n--- title\\n\\[DEPLOY FAIL\\] production — ${sha.slice(0, 7)} — ${today()}\\n`))
  assert.match(r.stdout, /\n\*\*Pipeline:\*\* https:\/\/github\.com\/acme\/shop\/actions\/runs\/1658821493\n/)
  r = await runInProcess('report.mts', ['--dry-run'], { ...env, CI_PIPELINE_URL: 'https://gitlab.example/p/1', CI_COMMIT_SHA: 'spec123' })
  assert.match(r.stdout, /\n\*\*Pipeline:\*\* https:\/\/gitlab\.example\/p\/1\n/)
  assert.match(r.stdout, /\n\*\*Commit:\*\* `spec123`\n/)
})

test('Buildkite: build address, commit and message', async () => {
  const r = await runInProcess('report.mts', ['--dry-run'], servers.gh.env({
    BUILDKITE_BUILD_URL: 'https://buildkite.com/acme/shop/builds/88',
    BUILDKITE_COMMIT: 'feedbeef01',
    BUILDKITE_MESSAGE: 'Release 2.0',
  }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /\n\*\*Commit:\*\* `feedbee`\n/)
  assert.match(r.stdout, /\n\*\*Pipeline:\*\* https:\/\/buildkite\.com\/acme\/shop\/builds\/88\n/)
  assert.match(r.stdout, /\n### Commit Message\n```\nRelease 2\.0\n```\n/)
})

test.run()
