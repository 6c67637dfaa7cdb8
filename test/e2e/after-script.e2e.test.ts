// scripts/after-script.sh, sourced by real shells the way a CI after_script does, against the loopback GitHub.
import { execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, runCommand, today } from '../helpers/helpers.ts'
import { unpackInto } from '../helpers/pack.ts'
import { useLoopback } from '../helpers/servers.ts'

const AFTER = join(ROOT, 'scripts/after-script.sh')
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', REPORT_RETRY_DELAY: '0.01' }

const servers = useLoopback(test, { github: true, tmpdir: 'after-script-' })

// Two reporters the after-script can start. From this checkout, the typed scripts under zx (and tsx on
// Node 20: ~2 s of CPU a start there): the README's vendored after_script, which the first case runs on
// this Node, as gitlab-vendored.e2e's pipeline does on Node 24. From the package as npm installs it
// (node_modules/deploy-failure-reporter, unpacked from the packed tarball), the built dist/cli.js, ~0.4 s.
// The shell code is the same for both up to the one line that starts the reporter, so the cases about the
// calling shell (its options and traps left as they were, the exit status, a relative path, plain sh) and
// the success case run the installed one. The checkout's lines, with their arguments and labels, are the
// stub cases' below; that resolve.mts runs typed as report.mts does follows from new-user.e2e's typed
// report.mts (the command scripts are the same runScriptEntry line, which help.e2e pins).
const work = mkdtempSync(join(tmpdir(), 'after-script-installed-'))
test.after(() => rmSync(work, { recursive: true, force: true }))
const INSTALLED = join(work, 'node_modules/deploy-failure-reporter')
let unpacked: Promise<void> | undefined
const installedAfter = async () => {
  await (unpacked ??= unpackInto(INSTALLED))
  return join(INSTALLED, 'scripts/after-script.sh')
}

// Everything of the calling shell that sourcing could change: options, shopt, traps, functions,
// variables (bash's own ever-changing ones aside) and the working directory.
const SNAPSHOT = String.raw`
snap() {
  set -o; shopt; trap -p; declare -F; pwd
  declare -p | grep -Ev '^declare -[-a-zA-Z]* (_|BASH_[A-Z_]*|BASHPID|PIPESTATUS|FUNCNAME|LINENO|RANDOM|SRANDOM|SECONDS|EPOCHREALTIME|EPOCHSECONDS|COLUMNS|LINES|snap_before|status)='
}`

/** A bash that sets `mode`, sources the after_script (by `path`), and says what it left behind. */
const sourcing = (mode: string, path = AFTER) => `${SNAPSHOT}
${mode}
snap_before=$(snap)
source "${path}"
status=$?
echo "status=$status"
if [ "$snap_before" = "$(snap)" ]; then echo caller-unchanged; else diff <(echo "$snap_before") <(snap) || :; fi
echo reached-end`

test('CI_JOB_STATUS=failed files the failure with the reason "Deploy job failed", from any folder', async () => {
  const r = await runCommand('bash', ['-c', sourcing('set -euo pipefail')], servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'failed' }), { cwd: servers.dir })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\nstatus=0\ncaller-unchanged\nreached-end\n`)
  const [issue] = servers.gh.issues
  assert.is(issue!.title, `[DEPLOY FAIL] production — abc1234 — ${today()}`)
  assert.match(issue!.body ?? '', /\n### Failure Reason\nDeploy job failed\n/)
  assert.match((servers.gh.chat[0]!.json as { text: string }).text, /\nReason: Deploy job failed\n/)
})

// The two ends of a caller's shell: nothing set, and every option a failing command trips (errexit with
// errtrace and an ERR trap, nounset, pipefail). `set -e` and `set -euo pipefail` lie between them. The
// installed reporter (above).
for (const mode of ['set +e', "set -eEuo pipefail; trap 'echo ERR-TRAP-FIRED' ERR"]) {
  test(`a failing reporter never fails the after_script nor changes the caller (${mode})`, async () => {
    servers.gh.inject('POST', /\/issues$/, { status: 422, body: { message: 'Validation Failed' } })
    const r = await runCommand('bash', ['-c', sourcing(mode, await installedAfter())], servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'failed' }), { cwd: servers.dir })
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout, 'status=0\ncaller-unchanged\nreached-end\n')
    assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
    assert.match(r.stderr, /^\[WARN\] deploy-failure-reporter: deploy-failure-reporter report exited with 1; the after_script carries on$/m)
    assert.is(servers.gh.calls('POST').length, 1)
  })
}

for (const status of ['canceled', 'running', '']) {
  test(`CI_JOB_STATUS=${JSON.stringify(status)} does nothing at all`, async () => {
    const r = await runCommand('bash', ['-c', sourcing('set -euo pipefail')], servers.gh.env({ ...FIXED, CI_JOB_STATUS: status }), { cwd: servers.dir })
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout, 'status=0\ncaller-unchanged\nreached-end\n')
    assert.is(r.stderr, '')
    assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
  })
}

test('CI_JOB_STATUS=success closes this environment\'s open failure issues with resolve, caller unchanged', async () => {
  const mine = servers.gh.addIssue({ title: `[DEPLOY FAIL] production — 0ld0000 — ${today()}` })
  const other = servers.gh.addIssue({ title: `[DEPLOY FAIL] production-eu — 0ld0000 — ${today()}` })
  const r = await runCommand('bash', ['-c', sourcing('set -euo pipefail', await installedAfter())], servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'success', REPORT_WRITE_INTERVAL: '0' }), { cwd: servers.dir })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Closed issue #${mine.number}: ${mine.html_url}\nstatus=0\ncaller-unchanged\nreached-end\n`)
  assert.is(mine.state, 'closed')
  assert.is(mine.state_reason, 'completed')
  assert.is(other.state, 'open')
  assert.is(servers.gh.calls('POST', /\/issues$/).length, 0, 'a good deploy files nothing')
})

test('CI_JOB_STATUS unset under set -u does nothing and does not trip nounset', async () => {
  const env = servers.gh.env(FIXED)
  const r = await runCommand('bash', ['-c', sourcing('set -u; unset CI_JOB_STATUS')], env, { cwd: servers.dir })
  assert.is(r.stdout, 'status=0\ncaller-unchanged\nreached-end\n')
  assert.is(servers.gh.requests.length, 0)
})

// The README's line for the package installed with npm, from the project's folder (here the folder that
// holds node_modules): package.e2e's npm install gives the same files (this copy is its tarball unpacked),
// so its own after-script run was this one and is not repeated there.
test('sourced by a relative path, the README\'s node_modules/deploy-failure-reporter/scripts/after-script.sh; the reporter runs in the caller\'s folder (its .env counts)', async () => {
  const after = await installedAfter()
  assert.is(relative(work, after), 'node_modules/deploy-failure-reporter/scripts/after-script.sh')
  writeFileSync(join(work, '.env'), 'DEPLOY_ENV=from-callers-dotenv\n')
  try {
    const r = await runCommand('bash', ['-c', sourcing('set -e', relative(work, after))], servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'failed', REPORT_DOTENV: '' }), { cwd: work })
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\nstatus=0\ncaller-unchanged\nreached-end\n`)
    assert.is(servers.gh.issues[0]!.title, `[DEPLOY FAIL] from-callers-dotenv — abc1234 — ${today()}`)
    assert.match(servers.gh.issues[0]!.body ?? '', /\n### Failure Reason\nDeploy job failed\n/)
  } finally {
    rmSync(join(work, '.env'))
  }
})

// Plain sh has no BASH_SOURCE: the reporter's folder is the working one, here the installed package's.
test('plain sh can dot it in from the reporter\'s own folder', async () => {
  const script = '. scripts/after-script.sh; echo "status=$?"'
  const r = await runCommand('sh', ['-c', script], servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'failed' }), { cwd: join(await installedAfter(), '../..') })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\nstatus=0\n`)
})

test('run with bash --help: usage, options, environment and exit status; nothing else', async () => {
  const r = await runCommand('bash', [AFTER, '--help'], servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'failed' }), { cwd: servers.dir })
  assert.is(r.code, 0)
  assert.match(r.stdout, /^Usage: source scripts\/after-script\.sh/)
  assert.match(r.stdout, /CI_JOB_STATUS=failed +files the failure/)
  assert.match(r.stdout, /Options: -h, --help/)
  assert.match(r.stdout, /Environment: CI_JOB_STATUS/)
  assert.match(r.stdout, /Exit status: always 0/)
  assert.is(servers.gh.requests.length, 0)
})

// When the reporter cannot start at all, one [ERROR] line says the failure was lost and what to run.
const LOST = '[ERROR] deploy-failure-reporter: the deploy failure was NOT reported: '
const sourceFrom = (path: string) => `source "${path}"; echo "status=$?"`

test('no node on PATH: one [ERROR] line saying the failure was not reported, status 0', async () => {
  // A PATH holding only what the script needs besides node. HOME: bash started over a socket (as Node's
  // pipes are) reads ~/.bashrc, whose tools would fail on this PATH.
  const bin = join(servers.dir, 'bin')
  mkdirSync(bin)
  const where = (name: string) => execFileSync('bash', ['-c', `realpath "$(command -v ${name})"`], { encoding: 'utf8' }).trim()
  symlinkSync(where('dirname'), join(bin, 'dirname'))
  const r = await runCommand(where('bash'), ['-c', sourceFrom(AFTER)], { ...servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'failed' }), PATH: bin, HOME: servers.dir }, { cwd: servers.dir })
  assert.is(r.code, 0)
  assert.is(r.stdout, 'status=0\n')
  assert.is(r.stderr, `${LOST}node is not on PATH; install Node.js 20.18 or later in this job's image\n`)
  assert.is(servers.gh.requests.length, 0)
})

test('a vendored checkout whose npm ci was not run: the [ERROR] line names the npm ci to run', async () => {
  const vendor = join(servers.dir, 'vendor/deploy-failure-reporter')
  cpSync(join(ROOT, 'scripts'), join(vendor, 'scripts'), { recursive: true })
  const r = await runCommand('bash', ['-c', sourceFrom(join(vendor, 'scripts/after-script.sh'))], servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'failed' }), { cwd: servers.dir })
  assert.is(r.stdout, 'status=0\n')
  assert.is(r.stderr, `${LOST}its dependencies are not installed in ${vendor}; run: npm ci --prefix ${vendor}\n`)
})

test('a vendored checkout without its dev dependencies on a Node that needs a loader: the [ERROR] line says so', async () => {
  const vendor = join(servers.dir, 'vendor/deploy-failure-reporter')
  cpSync(join(ROOT, 'scripts'), join(vendor, 'scripts'), { recursive: true })
  mkdirSync(join(vendor, 'node_modules'))
  symlinkSync(join(ROOT, 'node_modules/zx'), join(vendor, 'node_modules/zx'))
  // Node >= 22.18 would strip the types itself; told not to, it is in Node 20's position.
  const nodeOptions: Record<string, string> = (process.features as { typescript?: unknown }).typescript ? { NODE_OPTIONS: '--no-experimental-strip-types' } : {}
  const r = await runCommand('bash', ['-c', sourceFrom(join(vendor, 'scripts/after-script.sh'))], { ...servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'success' }), ...nodeOptions }, { cwd: servers.dir })
  assert.is(r.stdout, 'status=0\n')
  assert.match(r.stderr, /^\[ERROR\] deploy-failure-reporter: this environment's failure issues were NOT resolved: Node v[\d.]+ needs tsx to run the TypeScript sources, and it is not installed in /)
  assert.is(r.stderr.split('\n').filter(Boolean).length, 1)
  assert.is(servers.gh.requests.length, 0)
})

// The checkout's lines, with stand-ins for zx's CLI (it prints what it was given and fails) and for tsx
// (a register() that does nothing, so that Node 20 starts no loader): the typed script each status runs,
// its arguments, and the label of the [WARN] line when it exits non-zero.
for (const [status, script, args] of [['failed', 'report', ['Deploy job failed']], ['success', 'resolve', []]] as const) {
  test(`a checkout's reporter exiting 3 (${status}): zx runs scripts/${script}.mts${args.map((a) => ` "${a}"`).join('')}; the [WARN] line names it, status 0`, async () => {
    const vendor = join(servers.dir, 'vendor/deploy-failure-reporter')
    cpSync(join(ROOT, 'scripts'), join(vendor, 'scripts'), { recursive: true })
    const stub = (path: string, text: string) => {
      mkdirSync(join(vendor, 'node_modules', path, '..'), { recursive: true })
      writeFileSync(join(vendor, 'node_modules', path), text)
    }
    stub('zx/build/cli.js', 'console.log(JSON.stringify(process.argv.slice(2))); process.exit(3)\n')
    stub('tsx/package.json', '{ "name": "tsx", "type": "module", "exports": { "./esm/api": "./api.js" } }\n')
    stub('tsx/api.js', 'export function register() {}\n')
    const r = await runCommand('bash', ['-c', sourcing('set -euo pipefail', join(vendor, 'scripts/after-script.sh'))], servers.gh.env({ ...FIXED, CI_JOB_STATUS: status }), { cwd: servers.dir })
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout, `${JSON.stringify([join(vendor, `scripts/${script}.mts`), ...args])}\nstatus=0\ncaller-unchanged\nreached-end\n`)
    assert.is(r.stderr, `[WARN] deploy-failure-reporter: scripts/${script}.mts exited with 3; the after_script carries on\n`)
    assert.is(servers.gh.requests.length, 0)
  })
}

test('neither a checkout nor a built package next to it: the [ERROR] line says where it looked', async () => {
  const lone = join(servers.dir, 'lone/scripts')
  mkdirSync(lone, { recursive: true })
  copyFileSync(AFTER, join(lone, 'after-script.sh'))
  const r = await runCommand('bash', ['-c', sourceFrom(join(lone, 'after-script.sh'))], servers.gh.env({ ...FIXED, CI_JOB_STATUS: 'failed' }), { cwd: servers.dir })
  assert.is(r.stdout, 'status=0\n')
  assert.match(r.stderr, new RegExp(`^\\[ERROR\\] deploy-failure-reporter: the deploy failure was NOT reported: cannot find the reporter in ${join(servers.dir, 'lone').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; `))
})

test.run()
