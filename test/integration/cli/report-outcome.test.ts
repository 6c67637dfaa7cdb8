// --json and the GitHub Actions outputs of scripts/report.mts, run in process.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { today } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/7', REPORT_RETRY_DELAY: '0.01' }
const TITLE = () => `[DEPLOY FAIL] staging — abc1234 — ${today()}`

const servers = useLoopback(test, { github: true, tmpdir: 'report-outcome-' })

const lines = (text: string) => text.split('\n').filter(Boolean)
const lastJson = (stdout: string) => JSON.parse(lines(stdout).at(-1)!) as Record<string, unknown>

test('--json created: the spec line, then one JSON object with exactly outcome, number, url, title', async () => {
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env(FIXED))
  assert.is(r.code, 0, r.stderr)
  const [info, json, ...rest] = lines(r.stdout)
  assert.is(rest.length, 0)
  assert.is(info, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1`)
  assert.equal(JSON.parse(json!), { outcome: 'created', number: 1, url: `${servers.gh.url}/acme/shop/issues/1`, title: TITLE() })
  assert.equal(Object.keys(JSON.parse(json!)), ['outcome', 'number', 'url', 'title'])
})

test('--json duplicate: the existing issue\'s number and url', async () => {
  const existing = servers.gh.addIssue({ title: TITLE() })
  const r = await runInProcess('report.mts', ['--json'], servers.gh.env(FIXED))
  assert.is(r.code, 0, r.stderr)
  assert.equal(lastJson(r.stdout), { outcome: 'duplicate', number: existing.number, url: existing.html_url, title: TITLE() })
})

test('--json failed: outcome failed with nulls, still exit 1 and the spec error line', async () => {
  servers.gh.inject('POST', /\/issues$/, { status: 422, body: { message: 'Validation Failed' } })
  const r = await runInProcess('report.mts', ['--json'], servers.gh.env(FIXED))
  assert.is(r.code, 1)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
  assert.equal(lastJson(r.stdout), { outcome: 'failed', number: null, url: null, title: TITLE() })
})

test('--json on bad configuration or a bad flag: still the JSON line (title null), exit 2', async () => {
  let r = await runInProcess('report.mts', ['--json'], servers.gh.env({ ...FIXED, ISSUE_TOKEN: '' }))
  assert.is(r.code, 2)
  assert.is(r.stderr, '[ERROR] ISSUE_TOKEN is required\n')
  assert.is(r.stdout, '{"outcome":"failed","number":null,"url":null,"title":null}\n')
  r = await runInProcess('report.mts', ['--json', '--bogus'], servers.gh.env(FIXED))
  assert.is(r.code, 2)
  assert.equal(lastJson(r.stdout), { outcome: 'failed', number: null, url: null, title: null })
  assert.is(servers.gh.requests.length, 0)
})

test('GITHUB_OUTPUT and GITHUB_STEP_SUMMARY are appended to when set (existing content kept)', async () => {
  const output = join(servers.dir, 'output')
  const summary = join(servers.dir, 'summary')
  writeFileSync(output, 'earlier=kept\n')
  writeFileSync(summary, '# Earlier step\n\n')
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...FIXED, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary }))
  assert.is(r.code, 0, r.stderr)
  const url = `${servers.gh.url}/acme/shop/issues/1`
  assert.is(readFileSync(output, 'utf8'), `earlier=kept\noutcome=created\nissue-number=1\nissue-url=${url}\n`)
  const md = readFileSync(summary, 'utf8')
  assert.ok(md.startsWith('# Earlier step\n\n### Deploy failure reported: issue #1 created\n'), md)
  assert.ok(md.includes(`\n- **Outcome:** created\n`), md)
  assert.ok(md.includes(`\n- **Issue:** [#1](${url}) ${TITLE()}\n`), md)
  assert.ok(md.includes('\n- **Environment:** `staging`\n- **Commit:** `abc1234`\n- **Reason:** Deploy job failed\n'), md)
})

test('a failed run records outcome=failed with empty number and url', async () => {
  const output = join(servers.dir, 'output')
  const summary = join(servers.dir, 'summary')
  servers.gh.inject('POST', /\/issues$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...FIXED, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary }))
  assert.is(r.code, 1)
  assert.is(readFileSync(output, 'utf8'), 'outcome=failed\nissue-number=\nissue-url=\n')
  assert.match(readFileSync(summary, 'utf8'), /^### Deploy failure could not be filed\n\n- \*\*Outcome:\*\* failed\n/)
})

test('an unwritable GITHUB_OUTPUT is a warning and does not change the exit code', async () => {
  const r = await runInProcess('report.mts', ['--json'], servers.gh.env({ ...FIXED, GITHUB_OUTPUT: join(servers.dir, 'missing', 'output') }))
  assert.is(r.code, 0)
  assert.match(r.stderr, /^\[WARN\] Could not write the GitHub Actions outputs \(.*ENOENT.*\)\n$/)
  assert.is(lastJson(r.stdout).outcome, 'created')
  assert.not.ok(existsSync(join(servers.dir, 'missing')))
})

test.run()
