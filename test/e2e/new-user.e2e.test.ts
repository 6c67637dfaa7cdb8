// Bugs found by trying the tools as a new user would: each test here failed before its fix.
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, runCommand, runScript, today } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { useLoopback } from '../helpers/servers.ts'

const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', REPORT_RETRY_DELAY: '0.01' }

const servers = useLoopback(test, { github: true, tmpdir: 'new-user-' })

test('the test helpers never let a tool read a .env: a planted one with a token and repository is ignored', async () => {
  // What a developer's .env holds, as .env.example invites; here it points at the loopback server.
  writeFileSync(join(servers.dir, '.env'), `ISSUE_TOKEN=${servers.gh.token}\nISSUE_REPO=acme/shop\nISSUE_API_URL=${servers.gh.url}\nCHAT_WEBHOOK=${servers.gh.chatUrl}\n`)
  const r = await runScript('report.mts', ['Deploy job failed'], FIXED, { cwd: servers.dir })
  assert.is(r.code, 2, r.stderr)
  assert.is(r.stderr, '[ERROR] ISSUE_TOKEN is required\n[ERROR] ISSUE_REPO is required (owner/repo)\n')
  assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
})

// The README's line as typed, npx zx scripts/report.mts: npm's node-options (the project's .npmrc) loading
// the TypeScript hook, the typed start of report.mts (and of lib/cli/main.ts's package.json import) that
// help.e2e counts on. The other tests run the command scripts compiled (helpers.ts runScript) or in process.
// Typed from a folder under the project, which holds the root's case: npm walks up from lib/ to the folder
// with package.json, the root, and reads the same .npmrc there (https://docs.npmjs.com/cli/v10/configuring-npm/folders#more-information),
// and the script's relative path must not be taken for an argument. From the root itself, zx's CLI with the
// project's hook starts it in security.e2e (`zx --verbose scripts/report.mts`, the token never printed). One run serves every command script:
// each is the same runScriptEntry line (pinned in help.e2e), and scriptArgs reads this exact argv for any of
// them (test/unit/cli/args.test.ts, "cd lib && zx ../scripts/…"). So `cd lib && npx zx ../scripts/doctor.mts`,
// whose doctor once rejected its own path, is that unit test and this run (~2.5 s of CPU a start on Node 20).
test('the README\'s line, from lib/: npx zx ../scripts/report.mts "Deploy job failed" files the issue and posts the notice; the script path is not taken for the reason', async () => {
  const r = await runCommand('npx', ['zx', '../scripts/report.mts', 'Deploy job failed'], servers.gh.env(FIXED), { cwd: join(ROOT, 'lib') })
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.issues.length, 1)
  assert.is(servers.gh.issues[0]!.title, `[DEPLOY FAIL] production — abc1234 — ${today()}`)
  assert.match(servers.gh.issues[0]!.body ?? '', /\n### Failure Reason\nDeploy job failed\n/)
  assert.not.match(servers.gh.issues[0]!.body ?? '', /report\.mts/)
  assert.is(servers.gh.chat.length, 1)
})

// That --help says so is read in help.e2e.test.ts, which runs report's help anyway. What the command makes of
// its words, so in this process (helpers/in-process.ts): the README's line above is the process.
test('an unquoted reason keeps every word', async () => {
  const r = await runInProcess('report.mts', ['Deploy', 'job', 'failed'], servers.gh.env(FIXED))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.issues[0]!.title, `[DEPLOY FAIL] production — abc1234 — ${today()}`)
  assert.match(servers.gh.issues[0]!.body ?? '', /\n### Failure Reason\nDeploy job failed\n/)
  assert.match((servers.gh.chat[0]!.json as { text: string }).text, /\nReason: Deploy job failed\n/)
})

// Where tsx cannot be found (a copy of the hook outside the project), Node must not strip types itself.
const withoutStripping = (process.features as { typescript?: unknown }).typescript ? ['--no-experimental-strip-types'] : []

test('without a TypeScript loader, a script stops with one clear [ERROR] line and exit 2', async () => {
  copyFileSync(join(ROOT, 'scripts/ts-hook.mjs'), join(servers.dir, 'ts-hook.mjs'))
  const zx = join(ROOT, 'node_modules/zx/build/cli.js')
  const r = await runCommand(process.execPath, [...withoutStripping, '--import', join(servers.dir, 'ts-hook.mjs'), zx, join(ROOT, 'scripts/report.mts'), '--help'], {})
  assert.is(r.code, 2)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /^\[ERROR\] Node v[\d.]+ cannot run TypeScript without a loader, and tsx \(a dev dependency\) is not installed: run npm ci \(without --omit=dev\)/)
  assert.is(r.stderr.split('\n').filter(Boolean).length, 1)
})

test('without a loader, plain JavaScript (a dependency\'s install script) still runs', async () => {
  copyFileSync(join(ROOT, 'scripts/ts-hook.mjs'), join(servers.dir, 'ts-hook.mjs'))
  const r = await runCommand(process.execPath, [...withoutStripping, '--import', join(servers.dir, 'ts-hook.mjs'), '-e', 'console.log("install script ran")'], {})
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, 'install script ran\n')
})

test('without a loader, a TypeScript file imported later fails naming the fix, not ERR_UNKNOWN_FILE_EXTENSION', async () => {
  copyFileSync(join(ROOT, 'scripts/ts-hook.mjs'), join(servers.dir, 'ts-hook.mjs'))
  writeFileSync(join(servers.dir, 'main.mjs'), `import ${JSON.stringify(join(ROOT, 'lib/core/text/text.ts'))}\n`)
  const r = await runCommand(process.execPath, [...withoutStripping, '--import', join(servers.dir, 'ts-hook.mjs'), join(servers.dir, 'main.mjs')], {})
  assert.is(r.code, 1)
  assert.match(r.stderr, /cannot run TypeScript without a loader/)
  assert.not.match(r.stderr, /ERR_UNKNOWN_FILE_EXTENSION/)
})

test.run()
