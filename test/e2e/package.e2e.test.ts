// The package as a team gets it: `npm pack`, installed from the tarball into a fresh project (offline, from
// npm's cache), then used against the loopback GitHub: the deploy-failure-reporter executable and the
// plugin API from a zx script (the after-script sourced from node_modules is after-script.e2e's, on the
// same files). Runs on whichever `node` is first on PATH, like the rest of the suite. The package declares
// no dependency of any kind (the first test checks its package.json, the second that nothing else is
// installed), so an install with --omit=dev or --omit=optional is this same tree: one install serves.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, runCommand, today, type RunResult } from '../helpers/helpers.ts'
import { packedTarball } from '../helpers/pack.ts'
import { startLoopbackNpmRegistry } from '../helpers/loopback-npm-registry.ts'
import { useLoopback } from '../helpers/servers.ts'
import { assertFullDemo } from '../helpers/demo.ts'

const work = mkdtempSync(join(tmpdir(), 'package-e2e-'))
const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string }
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0' }
const title = () => `[DEPLOY FAIL] staging — abc1234 — ${today()}`

const ok = (r: RunResult, what: string) => assert.is(r.code, 0, `${what}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`)

// One install for the whole file, made on first use, of the tarball `npm pack` made once for the run
// (helpers/pack.ts).
let ready: Promise<{ tarball: string }> | undefined
const setup = () =>
  (ready ??= (async () => {
    const tarball = await packedTarball()
    assert.ok(tarball.endsWith(`${rootPkg.name}-${rootPkg.version}.tgz`), tarball)
    mkdirSync(project)
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }))
    const args = ['install', '--offline', '--prefer-offline', '--no-audit', '--no-fund', '--engine-strict', tarball]
    ok(await runCommand('npm', args, {}, { cwd: project, timeoutMs: 180_000 }), `npm ${args.join(' ')}`)
    return { tarball }
  })())

const project = join(work, 'app')
const bin = join(project, 'node_modules/.bin/deploy-failure-reporter')

const servers = useLoopback(test, { github: true })
test.after(() => rmSync(work, { recursive: true, force: true }))

test('npm pack ships the built JavaScript, its declarations, the after-script, the user docs, README, CHANGELOG.md and LICENSE; no sources, tests, bench or maintainers\' pages', async () => {
  const { tarball } = await setup()
  const listing = await runCommand('tar', ['-tzf', tarball])
  ok(listing, 'tar')
  const files = listing.stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''))
  for (const file of ['package.json', 'README.md', 'LICENSE', 'dist/cli.js', 'dist/index.js', 'dist/index.d.ts', 'scripts/after-script.sh']) {
    assert.ok(files.includes(file), `${file} is packed`)
  }
  assert.equal(files.filter((f) => /^(test|bench|lib|examples)\//.test(f) || /(?<!\.d)\.[cm]?ts$/.test(f)), [])
  // Everything outside dist/, by name: the user docs, and no maintainers' page.
  const userDocs = readdirSync(join(ROOT, 'docs')).map((page) => `docs/${page}`)
  assert.equal(files.filter((f) => !f.startsWith('dist/')).sort(), ['CHANGELOG.md', 'LICENSE', 'README.md', ...userDocs, 'package.json', 'scripts/after-script.sh'].sort())
  assert.equal(files.filter((f) => /development|releasing|maintainers/.test(f)), [])
  assert.equal(files.filter((f) => f.startsWith('dist/') && !/^dist\/(cli\.js|index\.js|chunks\/[\w-]+\.js|[\w/-]+\.d\.ts)$/.test(f)), [])
  const packed = JSON.parse(readFileSync(join(project, 'node_modules/deploy-failure-reporter/package.json'), 'utf8'))
  assert.is(packed.private, undefined)
  for (const kind of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies', 'bundledDependencies']) assert.is(packed[kind], undefined, kind)
})

test('installed offline with --engine-strict, and nothing else comes along', async () => {
  await setup()
  assert.equal(readdirSync(join(project, 'node_modules')).filter((f) => !f.startsWith('.')), ['deploy-failure-reporter'])
})

// The after-script sourced from node_modules (failed: report, success: resolve) runs in after-script.e2e,
// on this tarball's files unpacked as npm installs them (helpers/pack.ts unpackInto): the README's
// relative-path line, and the success case, whose `node dist/cli.js resolve` is the file the .bin link
// names. This file's install is what proves npm lays them out so.
test('node_modules/.bin/deploy-failure-reporter report and doctor against the loopback GitHub', async () => {
  await setup()
  const cwd = project
  const report = await runCommand(bin, ['report', 'Smoke', 'test', 'failed'], servers.gh.env(FIXED), { cwd })
  ok(report, 'report')
  assert.is(report.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\n`)
  const [issue] = servers.gh.issues
  assert.is(issue!.title, title())
  assert.match(issue!.body ?? '', /\n### Failure Reason\nSmoke test failed\n/)
  assert.match((servers.gh.chat[0]!.json as { text: string }).text, /\nReason: Smoke test failed\n/)

  const doctor = await runCommand(bin, ['doctor'], servers.gh.env(FIXED), { cwd })
  ok(doctor, 'doctor')
  assert.match(doctor.stdout, /^✓ configuration valid: acme\/shop at /)
  assert.not.match(doctor.stdout, /✗/)
})

// What the program prints for --help, report --help and an unknown command is main()'s, the same code
// bundled: test/unit/cli/main.test.ts runs each in process. Here the installed executable's own starts:
// the version the build put in, the exit code of a refused command (set by lib/cli/bin.ts, which only a
// process shows), and health, the one command no other test here loads.
test('the executable: --version, an unknown command exits 2, health', async () => {
  await setup()
  const cwd = project
  const version = await runCommand(bin, ['--version'], {}, { cwd })
  assert.is(version.stdout, `${rootPkg.version}\n`)
  const unknown = await runCommand(bin, ['deploy'], {}, { cwd })
  assert.is(unknown.code, 2)
  assert.match(unknown.stderr, /^\[ERROR\] Unknown command "deploy"; the commands are report, resolve, doctor, health, retry, stats, demo\n/)
  const health = await runCommand(bin, ['health', servers.gh.url, '--retries', '0'], {}, { cwd })
  ok(health, 'health')
  assert.is(health.stdout, `[INFO] API is healthy: GET ${servers.gh.url}/health returned 200\n`)
})

// The README's line as typed, the package from a loopback registry serving the packed tarball as the
// published version (helpers/loopback-npm-registry.ts). Cheaper than `npx file:<tarball>` too: npm extracts a
// tarball spec to read its manifest and reinstalls it on every run (~1 s of CPU more).
test('npx deploy-failure-reporter demo (the README\'s line), from an empty folder with no configuration: the issue the Action files, with What failed and What changed', async () => {
  const registry = await startLoopbackNpmRegistry()
  // npx keeps what it installs under the cache's _npx, by the spec it was given, which every build of this
  // version shares: a cache of this test's own, so that the package run is this checkout's.
  const cache = mkdtempSync(join(work, 'npm-cache-'))
  try {
    const cwd = mkdtempSync(join(work, 'empty-'))
    // npm's audit of what it installed is a POST the loopback does not serve, and npm's, not the package's:
    // off, as it may be in a user's own npm config (on where HOME holds none, as on CI's bare machine).
    const npm = { npm_config_registry: registry.url, npm_config_cache: cache, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' }
    const r = await runCommand('npx', ['--yes', 'deploy-failure-reporter', 'demo'], npm, { cwd, timeoutMs: 120_000 })
    ok(r, 'npx demo')
    assertFullDemo(r.stdout)
    assert.equal(readdirSync(cwd), [], 'nothing written to the folder')
    // The package came from the registry, and nothing else was asked for: it needs no dependency.
    assert.ok(registry.requests.includes(`GET ${registry.tarballPath}`), registry.requests.join('\n'))
    assert.equal(registry.refused, [])
  } finally {
    await registry.close()
  }
})

// A team's own zx script, as examples/deploy.mjs shows: zx's $ for the work, the API for the reporting.
const ZX_SCRIPT = `
import { reportDeployFailure, resolveDeployFailures, checkHealth, ConfigError, CreateFailed } from 'deploy-failure-reporter'
const stderr = (await $\`bash -c 'echo "step 3 failed: disk full" >&2; exit 1'\`.nothrow().quiet()).stderr.trim()
const created = await reportDeployFailure({ reason: stderr, environment: 'staging', quiet: true })
const again = await reportDeployFailure({ reason: stderr, environment: 'staging', quiet: true })
const health = await checkHealth(process.env.ISSUE_API_URL, { retries: 0, quiet: true })
let problems = null
try { await reportDeployFailure({ env: {}, quiet: true }) } catch (error) { problems = error instanceof ConfigError ? error.problems : String(error) }
let failed = null
try { await reportDeployFailure({ reason: 'refused', apiUrl: process.env.ISSUE_API_URL + '/nowhere', quiet: true }) } catch (error) { failed = error instanceof CreateFailed ? error.outcome : String(error) }
const resolved = await resolveDeployFailures({ environment: 'staging', commitSha: 'def5678', quiet: true })
echo(JSON.stringify({ created, again, health, problems, failed, resolved }))
// Then the README's example script, in the same zx process (one zx start less; the same $ and import).
await import('./example-deploy.mjs')
`

// Then examples/deploy.mjs, imported at the end of the same script: a failing deploy.sh is reported with
// the tail of its stderr, and the script exits 1 (its process.exitCode).
test('the plugin API from a zx script: the returned objects and the issue it filed; then examples/deploy.mjs reports a failing deploy.sh with the tail of its stderr and exits 1', async () => {
  await setup()
  const cwd = project
  writeFileSync(join(cwd, 'deploy.mjs'), ZX_SCRIPT)
  copyFileSync(join(ROOT, 'examples/deploy.mjs'), join(cwd, 'example-deploy.mjs'))
  writeFileSync(join(cwd, 'deploy.sh'), '#!/bin/sh\necho "uploading artefacts"\necho "rsync: write failed: No space left on device" >&2\nexit 3\n', { mode: 0o755 })
  const r = await runCommand(process.execPath, [join(ROOT, 'node_modules/zx/build/cli.js'), 'deploy.mjs'], servers.gh.env(FIXED), { cwd })
  assert.is(r.code, 1, `zx deploy.mjs\nstdout: ${r.stdout}\nstderr: ${r.stderr}`)
  // quiet: no lines from the API's calls. The only stderr is deploy.sh's own, which the example's $ passes on.
  assert.is(r.stderr, 'rsync: write failed: No space left on device\n', 'quiet: no lines')
  const [api, ...example] = r.stdout.split('\n')
  const [issue, reported] = servers.gh.issues
  assert.is(servers.gh.issues.length, 2)
  assert.is(issue!.title, title())
  assert.match(issue!.body ?? '', /\n### Failure Reason\nstep 3 failed: disk full\n/)
  const filed = { number: issue!.number, url: issue!.html_url, title: issue!.title }
  assert.equal(JSON.parse(api!), {
    created: { outcome: 'created', ...filed },
    again: { outcome: 'duplicate', ...filed },
    health: { healthy: true, status: 200 },
    problems: ['ISSUE_TOKEN is required', 'ISSUE_REPO is required (owner/repo)'],
    failed: 'failed',
    resolved: { outcome: 'resolved', closed: [issue!.number] },
  })
  assert.is(issue!.state, 'closed')
  // The failing report's API address has a path GitHub does not serve, on purpose.
  assert.equal(servers.gh.refused.splice(0).map((r) => r.split(/[?:]/)[0]), ['GET /nowhere/repos/acme/shop/issues', 'POST /nowhere/repos/acme/shop/issues'])
  // The example's: the first issue is closed by then, so it files a new one; its report is not quiet (the
  // [INFO] line), then the line the example echoes.
  assert.equal(example, [`[INFO] Created issue #${reported!.number}: ${reported!.html_url}`, `Reported as issue #${reported!.number} (created): ${reported!.html_url}`, ''])
  assert.match(reported!.body ?? '', /deploy\.sh exited with 3:/)
  assert.match(reported!.body ?? '', /rsync: write failed: No space left on device/)
})

test('importing the package runs nothing: no request, no output, no .env read', async () => {
  await setup()
  const cwd = project
  // A .env that would send the run to the loopback server, were it read.
  writeFileSync(join(cwd, '.env'), `ISSUE_TOKEN=${servers.gh.token}\nISSUE_REPO=acme/shop\nISSUE_API_URL=${servers.gh.url}\n`)
  try {
    const code = "const api = await import('deploy-failure-reporter'); console.log(Object.keys(api).sort().join(' ')); console.log(process.env.ISSUE_TOKEN ?? 'no token')"
    const r = await runCommand(process.execPath, ['--input-type=module', '-e', code], { ...servers.gh.env(FIXED), ISSUE_TOKEN: '' }, { cwd })
    ok(r, 'import')
    assert.is(r.stderr, '')
    assert.is(r.stdout.split('\n')[1], '', 'the .env file did not fill ISSUE_TOKEN')
    assert.match(r.stdout, /^ApiError AttemptsExhausted ConfigError CreateFailed ListFailed RateLimited ResolveFailed StatsReadFailed Unreachable backoff checkHealth deployStats reportDeployFailure resolveDeployFailures retry\n/)
    assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
  } finally {
    rmSync(join(cwd, '.env'))
  }
})

test('a TypeScript consumer type-checks against the declarations alone (strict, no @types/node, no skipLibCheck)', async () => {
  await setup()
  const cwd = project
  writeFileSync(join(cwd, 'consumer.ts'), `
import { reportDeployFailure, ConfigError, type ReportOptions, type ReportResult, type ResolveResult, resolveDeployFailures, backoff } from 'deploy-failure-reporter'
const options: ReportOptions = { reason: 'x', onDuplicate: 'comment', quiet: true, env: {} }
const result: ReportResult = await reportDeployFailure(options)
const outcome: 'created' | 'duplicate' | 'commented' | 'reopened' = result.outcome
const closed: number[] = (await resolveDeployFailures() satisfies ResolveResult).closed
const n: number = await backoff(async () => 1, 2, 0)
export const all = [outcome, closed, n, new ConfigError(['p']).problems]
`)
  writeFileSync(join(cwd, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['es2023'] },
    files: ['consumer.ts'],
  }))
  const tsc = await runCommand(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {}, { cwd })
  ok(tsc, 'tsc')
})

test.run()
