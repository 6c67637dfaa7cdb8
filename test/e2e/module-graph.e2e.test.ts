// What the installed command evaluates: the packed package's executable runs `report` under a module-load
// trace (helpers/module-trace.mjs), and no file it loaded may hold what a plain GitHub token run does not
// use: the GitLab tracker, App auth (@octokit/auth-app), the proxy's undici agents, or the chat formats
// other than the spec's {"text"} notice. Every module costs start-up (maintainers/performance.md). With
// ISSUE_TRACKER=gitlab the GitLab tracker is loaded, which shows the trace sees it when it is there.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runCommand } from '../helpers/helpers.ts'
import { packedTarball } from '../helpers/pack.ts'
import { useLoopback } from '../helpers/servers.ts'

const TRACE_HOOK = fileURLToPath(new URL('../helpers/module-trace.mjs', import.meta.url))
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0' }

// A definition each bundle keeps by name (esbuild does not minify it), so a file holding one is a file
// holding that module.
const UNUSED_ON_GITHUB = {
  'the GitLab tracker': /\bfunction createGitLabTracker\(/,
  'App auth (@octokit/auth-app)': /\bfunction createAppAuth\(/,
  "the proxy's undici agents": /\b(Env)?(Http)?ProxyAgent = class extends\b/,
  // The run posts the spec's {"text"} notice: no other chat format, nor Slack's Web API, is loaded.
  'the Discord format': /\bfunction renderDiscord\(/,
  'the Google Chat format': /\bfunction renderGoogleChat\(/,
  'the Mattermost format': /\bfunction renderMattermost\(/,
  "Slack's Web API": /\bfunction slackApiNotifier\(/,
}

const work = mkdtempSync(join(tmpdir(), 'module-graph-e2e-'))
const servers = useLoopback(test, { github: true, gitlab: true })
test.after(() => rmSync(work, { recursive: true, force: true }))

// The packed tarball unpacked: its dist/ is what an install puts in node_modules (the package has no dependencies).
let unpacked: Promise<string> | undefined
const packageDir = () =>
  (unpacked ??= (async () => {
    const r = await runCommand('tar', ['-xzf', await packedTarball(), '-C', work])
    assert.is(r.code, 0, r.stderr)
    return join(work, 'package')
  })())

/** Runs the executable's `report` with `env`, and returns its result and the text of every package file it loaded. */
async function tracedReport(env: Record<string, string>, name: string) {
  const dir = await packageDir()
  const trace = join(work, `${name}.trace`)
  const r = await runCommand(process.execPath, ['--import', TRACE_HOOK, join(dir, 'dist/cli.js'), 'report', 'Smoke'], { ...env, MODULE_TRACE_FILE: trace }, { cwd: work })
  const urls = readFileSync(trace, 'utf8').split('\n').filter((url) => url.startsWith('file:'))
  const files = [...new Set(urls.map((url) => fileURLToPath(url)).filter((file) => file.startsWith(join(dir, 'dist/'))))]
  return { r, files: files.map((file) => ({ file, text: readFileSync(file, 'utf8') })) }
}

const holding = (files: readonly { file: string; text: string }[], definition: RegExp) => files.filter((f) => definition.test(f.text)).map((f) => f.file)

test('the package ships each module the trace looks for (so the test below can see it loaded)', async () => {
  const chunks = join(await packageDir(), 'dist/chunks')
  const all = readdirSync(chunks).map((name) => ({ file: join(chunks, name), text: readFileSync(join(chunks, name), 'utf8') }))
  for (const [what, definition] of Object.entries(UNUSED_ON_GITHUB)) assert.ok(holding(all, definition).length > 0, `${what}: ${definition} is in dist/chunks`)
})

test('report on GitHub with a token loads neither the GitLab tracker, App auth, the proxy agent nor another chat format; on GitLab it loads the GitLab tracker', async () => {
  const github = await tracedReport(servers.gh.env(FIXED), 'github')
  assert.is(github.r.code, 0, github.r.stderr)
  assert.is(github.r.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\n`)
  assert.is(servers.gh.chat.length, 1, 'the notice was posted, so the chat code did run')
  assert.ok(github.files.some((f) => f.file.endsWith('/dist/cli.js')), 'the trace saw the executable')
  for (const [what, definition] of Object.entries(UNUSED_ON_GITHUB)) assert.equal(holding(github.files, definition), [], `${what} was loaded`)

  const gitlab = await tracedReport(servers.gl.env(FIXED), 'gitlab')
  assert.is(gitlab.r.code, 0, gitlab.r.stderr)
  assert.match(gitlab.r.stdout, /^\[INFO\] Created issue #1: /)
  assert.is(holding(gitlab.files, UNUSED_ON_GITHUB['the GitLab tracker']).length, 1, 'the GitLab tracker was loaded')
})

test.run()
