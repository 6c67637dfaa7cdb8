// scripts/report.mts run in process (test/helpers/in-process.ts) against the loopback GitHub: duplicates and
// how titles compare, a failing list, the defaults, the chat webhook, .env, a wrong token, a missing
// setting and an unknown flag; each is what the command decides and prints. The exit codes and exact bytes
// of the spec's lines on a process's own streams (created, the create refused, both settings missing) and
// the commit read from git: test/e2e/report.e2e.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import { today } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = FAST_ENV
const FIXED = FIXED_ENV
const TITLE = fixedTitle

const servers = useLoopback(test, { github: true })

test('an open labelled issue whose title contains the new title is a duplicate: nothing created, chat still sent', async () => {
  servers.gh.addIssue({ title: `Re: ${TITLE()} (flaky)` })
  const r = await runInProcess('report.mts', ['boom'], servers.gh.env({ ...FIXED, ...FAST }))
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
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...FIXED, ...FAST }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #5: /)
  assert.is(servers.gh.openIssues(TITLE()).length, 2, 'the unlabelled one and ours')
})

test('a failing list call counts as an empty list', async () => {
  servers.gh.addIssue({ title: TITLE() })
  servers.gh.inject('GET', /\/issues$/, { status: 500 }, 10)
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...FIXED, ...FAST }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /\[INFO\] Created issue #2: /)
})

test('a wrong token is refused by the API and the run fails', async () => {
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...FIXED, ...FAST, ISSUE_TOKEN: 'wrong-token-value' }))
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
    const r = await runInProcess('report.mts', [], servers.gh.env({ ...FIXED, ...env }))
    assert.is(r.code, 2)
    assert.is(r.stderr, `[ERROR] ${message}\n`)
    assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
  })
}

test('defaults: production, Unknown failure, BUILD_URL then unknown for the pipeline', async () => {
  const env = servers.gh.env({ CI_COMMIT_SHA: 'def5678', CI_COMMIT_MESSAGE: 'm', BUILD_URL: 'https://jenkins.example/job/9', ...FAST })
  let r = await runInProcess('report.mts', [], env)
  assert.is(r.code, 0, r.stderr)
  const first = servers.gh.calls('POST')[0]!.json as { title: string; body: string }
  assert.is(first.title, `[DEPLOY FAIL] production — def5678 — ${today()}`)
  assert.match(first.body, /\n### Failure Reason\nUnknown failure\n/)
  assert.match(first.body, /\*\*Pipeline:\*\* https:\/\/jenkins\.example\/job\/9\n/)
  assert.match((servers.gh.chat[0]!.json as { text: string }).text, /Reason: Unknown failure\nPipeline: https:\/\/jenkins\.example\/job\/9$/)

  r = await runInProcess('report.mts', ['x'], { ...env, BUILD_URL: '', CI_PIPELINE_URL: 'https://gitlab.example/p/1', CI_COMMIT_SHA: 'aaa0001' })
  assert.match((servers.gh.calls('POST')[1]!.json as { body: string }).body, /\*\*Pipeline:\*\* https:\/\/gitlab\.example\/p\/1\n/)

  r = await runInProcess('report.mts', ['x'], { ...env, BUILD_URL: '', CI_COMMIT_SHA: 'aaa0002' })
  assert.match((servers.gh.calls('POST')[2]!.json as { body: string }).body, /\*\*Pipeline:\*\* unknown\n/)
})

test('no CHAT_WEBHOOK: no chat post; a failing webhook is silent and does not change the exit code', async () => {
  let r = await runInProcess('report.mts', [], servers.gh.env({ ...FIXED, ...FAST, CHAT_WEBHOOK: '' }))
  assert.is(r.code, 0)
  assert.is(servers.gh.chat.length, 0)
  r = await runInProcess('report.mts', [], servers.gh.env({ ...FIXED, ...FAST, CHAT_WEBHOOK: 'http://127.0.0.1:9/hook' }))
  assert.is(r.code, 0)
  assert.is(r.stderr, '')
  assert.is(r.stdout, `[INFO] Duplicate issue found, skipping creation\n[INFO] Open issue #1 holds this report: ${servers.gh.url}/acme/shop/issues/1\n`)
})

test('.env in the working folder is read, and never overrides variables already set', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'report-env-'))
  try {
    writeFileSync(join(dir, '.env'), `ISSUE_TOKEN=${servers.gh.token}\nISSUE_REPO=acme/shop\nDEPLOY_ENV=from-dotenv\nCI_COMMIT_SHA=fromfile\n`)
    const r = await runInProcess('report.mts', [], {
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

test('an unknown flag is a usage error: exit 2, named on stderr, no request', async () => {
  const r = await runInProcess('report.mts', ['--bogus'], servers.gh.env(FIXED))
  assert.is(r.code, 2)
  assert.match(r.stderr, /^\[ERROR\] Unknown option --bogus: the options are -h\/--help, .*--json.*; see --help\n$/)
  assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
})

test.run()
