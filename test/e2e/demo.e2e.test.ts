// `npm run demo` (scripts/demo.mts) from a checkout, with no token and no configuration: the Action's run
// (a failed deploy job with its log, the duplicate, the recovery) and `--plain`, the original minimal run.
// The packed package's `npx … demo` from an empty folder is in package.e2e.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { assertFullDemo, DEMO_ISSUE as ISSUE } from '../helpers/demo.ts'
import { runScript, today } from '../helpers/helpers.ts'

test('npm run demo: the Action files the failure with What failed and What changed, finds it again, and resolve closes it; no token, no configuration', async () => {
  const r = await runScript('demo.mts', [], {})
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assertFullDemo(r.stdout)
})

test('npm run demo -- --plain: the minimal run outside any CI, created then duplicate, with no What failed', async () => {
  const r = await runScript('demo.mts', ['--plain'], {})
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, ISSUE)
  assert.match(r.stdout, '\n[INFO] Duplicate issue found, skipping creation\n')
  assert.match(r.stdout, `\n# [DEPLOY FAIL] staging — a1b2c3d — ${today()}\n`)
  assert.match(r.stdout, '\n### Failure Reason\nDeploy job failed\n')
  assert.not.match(r.stdout, 'What failed')
  assert.not.match(r.stdout, 'What changed')
  assert.not.match(r.stdout, 'Changed:')
  assert.not.match(r.stdout, 'Closed issue')
})

test('the demo reads nothing of the caller: a real-looking token, repository and proxy in the environment change nothing', async () => {
  const r = await runScript('demo.mts', ['--plain'], { ISSUE_TOKEN: 'ghp_real', ISSUE_REPO: 'someone/else', ISSUE_API_URL: 'http://127.0.0.1:1', HTTPS_PROXY: 'http://127.0.0.1:1', HTTP_PROXY: 'http://127.0.0.1:1', REPORT_DOTENV: '' })
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.match(r.stdout, ISSUE)
})

test('demo: a stray argument is a usage error (exit 2)', async () => {
  const r = await runScript('demo.mts', ['now'], {})
  assert.is(r.code, 2)
  assert.match(r.stderr, /takes no arguments, got \["now"\]/)
})

test.run()
