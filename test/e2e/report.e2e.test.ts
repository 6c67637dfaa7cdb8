// scripts/report.mts as a process, for the spec's own lines: the exit code and the exact bytes on the
// process's own streams of a created issue (0), a refused create (1) and a configuration missing (2), each
// through the compiled script's entry, which every outcome of its kind shares. The commit and message read
// from git run in process (git is a process: hence here). What the command decides, files and prints
// otherwise (duplicates, the list's failure, defaults, the chat webhook, .env, a wrong token, an unknown
// flag): test/integration/cli/report.test.ts, in process.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV, fixedTitle } from '../helpers/fixtures.ts'
import { runScript, today } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { useLoopback } from '../helpers/servers.ts'

const FAST = FAST_ENV
const FIXED = FIXED_ENV
const TITLE = fixedTitle

const servers = useLoopback(test, { github: true })

test('creates one issue with the spec title, body, labels, headers and chat text', async () => {
  const r = await runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FIXED, ...FAST }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\n`)

  const [list, create, recheck, ...rest] = servers.gh.requests
  assert.is(rest.length, 0, 'one list, one create and the re-check for concurrent runs only')
  assert.is(recheck!.method, 'GET')
  assert.is(recheck!.path, list!.path)
  assert.is(list!.method, 'GET')
  assert.is(list!.path, '/repos/acme/shop/issues')
  assert.is(list!.query.get('state'), 'open')
  assert.is(list!.query.get('labels'), 'auto-deploy-failure')
  assert.is(list!.query.get('per_page'), '100')
  assert.is(create!.method, 'POST')
  assert.is(create!.path, '/repos/acme/shop/issues')
  for (const req of [list!, create!]) {
    assert.is(req.headers.authorization, `Bearer ${servers.gh.token}`)
    assert.is(req.headers.accept, 'application/vnd.github.v3+json')
    assert.is(req.headers['content-type'], 'application/json')
  }
  const sent = create!.json as { title: string; body: string; labels: string[]; assignees: string[] }
  assert.equal(Object.keys(sent).sort(), ['assignees', 'body', 'labels', 'title'])
  assert.is(sent.title, TITLE())
  assert.equal(sent.labels, ['auto-deploy-failure', 'ops'])
  assert.equal(sent.assignees, [])
  assert.match(sent.body, /^## Deploy Failure Report\n/)
  assert.match(sent.body, /\n\*\*Environment:\*\* `staging`\n\*\*Commit:\*\* `abc1234`\n/)
  assert.match(sent.body, new RegExp(`\\n\\*\\*Time:\\*\\* ${today()} \\d\\d:\\d\\d:\\d\\d\\n`))
  assert.match(sent.body, /\n\*\*Pipeline:\*\* https:\/\/ci\.example\/p\/7\n/)
  assert.match(sent.body, /\n### Commit Message\n```\nBump the widget\n```\n/)
  assert.match(sent.body, /\n### Failure Reason\nDeploy job failed\n/)
  assert.match(
    sent.body,
    /\n### Required Actions\n- \[ \] Check pipeline logs\n- \[ \] Verify deployment artifacts\n- \[ \] Confirm service health\n- \[ \] Update issue when resolved\n/,
  )
  assert.match(sent.body, /\n---\n\*[^*\n]*generated automatically[^*\n]*\*\n?$/)

  assert.is(servers.gh.chat.length, 1)
  assert.is(servers.gh.chat[0]!.headers['content-type'], 'application/json')
  assert.is(servers.gh.chat[0]!.headers.authorization, undefined)
  assert.equal(servers.gh.chat[0]!.json, {
    text: '*[DEPLOY FAILURE]* staging\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7',
  })
})

test('a create answered with an HTTP error prints the spec line on stderr and exits 1; chat still goes out', async () => {
  servers.gh.inject('POST', /\/issues$/, { status: 422, body: { message: 'Validation Failed' } })
  const r = await runScript('report.mts', [], servers.gh.env({ ...FIXED, ...FAST }))
  assert.is(r.code, 1)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
  assert.is(r.stdout, '')
  assert.is(servers.gh.calls('POST').length, 1, '4xx is not retried')
  assert.is(servers.gh.chat.length, 1)
})

test('both missing: both messages, one per line', async () => {
  const r = await runScript('report.mts', [], { CHAT_WEBHOOK: servers.gh.chatUrl })
  assert.is(r.code, 2)
  assert.is(r.stderr, '[ERROR] ISSUE_TOKEN is required\n[ERROR] ISSUE_REPO is required (owner/repo)\n')
  assert.is(servers.gh.chat.length, 0)
})

test('commit and message fall back to git, then to unknown', async () => {
  const repoDir = mkdtempSync(join(tmpdir(), 'report-git-'))
  try {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'maintenance.auto=false', '-c', 'gc.auto=0', ...args], { cwd: repoDir, encoding: 'utf8' }).trim()
    git('init', '-q')
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'Ship it\n\nwith details')
    const sha = git('rev-parse', '--short', 'HEAD')
    // GIT_DIR points git at the temporary repository while the script runs from the project root.
    let r = await runInProcess('report.mts', [], servers.gh.env({ ...FAST, GIT_DIR: join(repoDir, '.git') }))
    assert.is(r.code, 0, r.stderr)
    let sent = servers.gh.calls('POST')[0]!.json as { title: string; body: string }
    assert.is(sent.title, `[DEPLOY FAIL] production — ${sha} — ${today()}`)
    assert.match(sent.body, /\n```\nShip it\n\nwith details\n```\n/)

    r = await runInProcess('report.mts', [], servers.gh.env({ ...FAST, GIT_DIR: join(repoDir, 'missing') }))
    assert.is(r.code, 0, r.stderr)
    sent = servers.gh.calls('POST')[1]!.json as { title: string; body: string }
    assert.is(sent.title, `[DEPLOY FAIL] production — unknown — ${today()}`)
    assert.match(sent.body, /\n```\nunknown\n```\n/)
  } finally {
    rmSync(repoDir, { recursive: true, force: true })
  }
})

// --help (usage, environment, exit codes, no configuration, no network): help.e2e.test.ts, which runs every
// script's help as typed and as compiled.

test.run()
