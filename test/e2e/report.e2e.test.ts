import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV, fixedTitle } from '../helpers/fixtures.ts'
import { runScript, today } from '../helpers/helpers.ts'
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

test('an open labelled issue whose title contains the new title is a duplicate: nothing created, chat still sent', async () => {
  servers.gh.addIssue({ title: `Re: ${TITLE()} (flaky)` })
  const r = await runScript('report.mts', ['boom'], servers.gh.env({ ...FIXED, ...FAST }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Duplicate issue found, skipping creation\n[INFO] Open issue #1 holds this report: ${servers.gh.url}/acme/shop/issues/1\n`)
  assert.is(servers.gh.calls('POST').length, 0)
  assert.is(servers.gh.calls().length, 1)
  assert.is(servers.gh.chat.length, 1)
})

test('titles are compared literally, not as patterns, and pull requests never count', async () => {
  servers.gh.addIssue({ title: TITLE().replace('[DEPLOY FAIL]', 'DEPLOY FAIL') })
  servers.gh.addIssue({ title: TITLE().replace(/ — /g, ' . ') })
  servers.gh.addIssue({ title: TITLE(), pull_request: { url: 'x' } })
  servers.gh.addIssue({ title: TITLE() }, ['ops'])
  const r = await runScript('report.mts', [], servers.gh.env({ ...FIXED, ...FAST }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #5: /)
  assert.is(servers.gh.openIssues(TITLE()).length, 2, 'the unlabelled one and ours')
})

test('a failing list call counts as an empty list', async () => {
  servers.gh.addIssue({ title: TITLE() })
  servers.gh.inject('GET', /\/issues$/, { status: 500 }, 10)
  const r = await runScript('report.mts', [], servers.gh.env({ ...FIXED, ...FAST }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /\[INFO\] Created issue #2: /)
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

test('a wrong token is refused by the API and the run fails', async () => {
  const r = await runScript('report.mts', [], servers.gh.env({ ...FIXED, ...FAST, ISSUE_TOKEN: 'wrong-token-value' }))
  assert.is(r.code, 1)
  assert.match(r.stderr, /\[ERROR\] Failed to create issue/)
  assert.match(r.stderr, /401/)
  assert.is(servers.gh.openIssues().length, 0)
})

for (const [name, env, message] of [
  ['ISSUE_TOKEN', { ISSUE_TOKEN: '' }, 'ISSUE_TOKEN is required'],
  ['ISSUE_REPO', { ISSUE_REPO: '' }, 'ISSUE_REPO is required (owner/repo)'],
] as const) {
  test(`a missing ${name} aborts with "${message}", exit 2, before any request`, async () => {
    const r = await runScript('report.mts', [], servers.gh.env({ ...FIXED, ...env }))
    assert.is(r.code, 2)
    assert.is(r.stderr, `[ERROR] ${message}\n`)
    assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
  })
}

test('both missing: both messages, one per line', async () => {
  const r = await runScript('report.mts', [], { CHAT_WEBHOOK: servers.gh.chatUrl })
  assert.is(r.code, 2)
  assert.is(r.stderr, '[ERROR] ISSUE_TOKEN is required\n[ERROR] ISSUE_REPO is required (owner/repo)\n')
  assert.is(servers.gh.chat.length, 0)
})

test('defaults: production, Unknown failure, BUILD_URL then unknown for the pipeline', async () => {
  const env = servers.gh.env({ CI_COMMIT_SHA: 'def5678', CI_COMMIT_MESSAGE: 'm', BUILD_URL: 'https://jenkins.example/job/9', ...FAST })
  let r = await runScript('report.mts', [], env)
  assert.is(r.code, 0, r.stderr)
  const first = servers.gh.calls('POST')[0]!.json as { title: string; body: string }
  assert.is(first.title, `[DEPLOY FAIL] production — def5678 — ${today()}`)
  assert.match(first.body, /\n### Failure Reason\nUnknown failure\n/)
  assert.match(first.body, /\*\*Pipeline:\*\* https:\/\/jenkins\.example\/job\/9\n/)
  assert.match((servers.gh.chat[0]!.json as { text: string }).text, /Reason: Unknown failure\nPipeline: https:\/\/jenkins\.example\/job\/9$/)

  r = await runScript('report.mts', ['x'], { ...env, BUILD_URL: '', CI_PIPELINE_URL: 'https://gitlab.example/p/1', CI_COMMIT_SHA: 'aaa0001' })
  assert.match((servers.gh.calls('POST')[1]!.json as { body: string }).body, /\*\*Pipeline:\*\* https:\/\/gitlab\.example\/p\/1\n/)

  r = await runScript('report.mts', ['x'], { ...env, BUILD_URL: '', CI_COMMIT_SHA: 'aaa0002' })
  assert.match((servers.gh.calls('POST')[2]!.json as { body: string }).body, /\*\*Pipeline:\*\* unknown\n/)
})

test('commit and message fall back to git, then to unknown', async () => {
  const repoDir = mkdtempSync(join(tmpdir(), 'report-git-'))
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoDir, encoding: 'utf8' }).trim()
    git('init', '-q')
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'Ship it\n\nwith details')
    const sha = git('rev-parse', '--short', 'HEAD')
    // GIT_DIR points git at the temporary repository while the script runs from the project root.
    let r = await runScript('report.mts', [], servers.gh.env({ ...FAST, GIT_DIR: join(repoDir, '.git') }))
    assert.is(r.code, 0, r.stderr)
    let sent = servers.gh.calls('POST')[0]!.json as { title: string; body: string }
    assert.is(sent.title, `[DEPLOY FAIL] production — ${sha} — ${today()}`)
    assert.match(sent.body, /\n```\nShip it\n\nwith details\n```\n/)

    r = await runScript('report.mts', [], servers.gh.env({ ...FAST, GIT_DIR: join(repoDir, 'missing') }))
    assert.is(r.code, 0, r.stderr)
    sent = servers.gh.calls('POST')[1]!.json as { title: string; body: string }
    assert.is(sent.title, `[DEPLOY FAIL] production — unknown — ${today()}`)
    assert.match(sent.body, /\n```\nunknown\n```\n/)
  } finally {
    rmSync(repoDir, { recursive: true, force: true })
  }
})

test('no CHAT_WEBHOOK: no chat post; a failing webhook is silent and does not change the exit code', async () => {
  let r = await runScript('report.mts', [], servers.gh.env({ ...FIXED, ...FAST, CHAT_WEBHOOK: '' }))
  assert.is(r.code, 0)
  assert.is(servers.gh.chat.length, 0)
  r = await runScript('report.mts', [], servers.gh.env({ ...FIXED, ...FAST, CHAT_WEBHOOK: 'http://127.0.0.1:9/hook' }))
  assert.is(r.code, 0)
  assert.is(r.stderr, '')
  assert.is(r.stdout, `[INFO] Duplicate issue found, skipping creation\n[INFO] Open issue #1 holds this report: ${servers.gh.url}/acme/shop/issues/1\n`)
})

test('.env in the working folder is read, and never overrides variables already set', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'report-env-'))
  try {
    writeFileSync(join(dir, '.env'), `ISSUE_TOKEN=${servers.gh.token}\nISSUE_REPO=acme/shop\nDEPLOY_ENV=from-dotenv\nCI_COMMIT_SHA=fromfile\n`)
    const r = await runScript('report.mts', [], {
      REPORT_DOTENV: '',
      ISSUE_API_URL: servers.gh.url,
      DEPLOY_ENV: 'from-env',
      CI_COMMIT_MESSAGE: 'm',
      ...FAST,
    }, { cwd: dir })
    assert.is(r.code, 0, r.stderr)
    assert.is((servers.gh.calls('POST')[0]!.json as { title: string }).title, `[DEPLOY FAIL] from-env — fromfile — ${today()}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// --help (usage, environment, exit codes, no configuration, no network): help.e2e.test.ts, which runs every
// script's help as typed and as compiled.

test('an unknown flag is a usage error: exit 2, named on stderr, no request', async () => {
  const r = await runScript('report.mts', ['--bogus'], servers.gh.env(FIXED))
  assert.is(r.code, 2)
  assert.match(r.stderr, /^\[ERROR\] Unknown option --bogus: the options are -h\/--help, .*--json.*; see --help\n$/)
  assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
})

test.run()
