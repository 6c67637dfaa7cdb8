// Secrets against hostile input and malicious servers, end to end: the compiled scripts/report.mts as a
// real process (and once the real `npx zx --verbose scripts/report.mts`) against the loopback GitHub, with
// failing or malicious servers, debug modes and secrets leaked into the inputs. The token, and a GitHub
// App's key, JWTs and installation token, are grepped for in every byte the reporter prints, and looked
// for in everything it sends elsewhere: only a process's own stdout and stderr show every path a secret
// could leak through. The configuration checks run before any request are
// test/integration/cli/config-checks.test.ts, and what hostile values become in the issue and the chat is
// test/integration/cli/hostile-input.test.ts, both in process.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runCommand, runScript, type RunResult } from '../helpers/helpers.ts'
import { startLoopbackGitHub, type Fault, type LoopbackGitHub } from '../helpers/loopback-github.ts'
import { appEnv, testApp } from '../helpers/github-app.ts'

const TOKEN = 'ghp_S3cretT0kenValue0123456789abcdefXYZ'
const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_TIMEOUT: '5' }
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/7' }

const servers: LoopbackGitHub[] = []
const server = async (): Promise<LoopbackGitHub> => {
  const gh = await startLoopbackGitHub({ token: TOKEN })
  servers.push(gh)
  return gh
}
test.after.each(async () => {
  await Promise.all(servers.splice(0).map((gh) => gh.close()))
})

/** Runs `fn` over `items`, at most `width` at a time: each run spawns a process, and the machine is shared. */
async function inBatches<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let i = 0; i < items.length; i += width) results.push(...(await Promise.all(items.slice(i, i + width).map(fn))))
  return results
}

const created = (gh: LoopbackGitHub) => gh.calls('POST', /\/issues$/).map((r) => r.json as { title: string; body: string })

// 7. The token never leaks.

/** Fails if the token, or any 8-character piece of it, is anywhere in what the run printed. */
function assertNoToken(r: RunResult, label: string): void {
  const printed = r.stdout + r.stderr
  for (let i = 0; i + 8 <= TOKEN.length; i++) {
    assert.not.ok(printed.includes(TOKEN.slice(i, i + 8)), `${label}: the token (${TOKEN.slice(i, i + 8)}…) was printed:\n${printed}`)
  }
}

const echo = { message: `Bad credentials: Bearer ${TOKEN}`, documentation_url: `https://docs.example/?token=${TOKEN}` }
const FAILURES: { label: string; faults: [string, RegExp, Fault, number][]; env?: Record<string, string>; code: number }[] = [
  { label: '401 echoing the token', faults: [['GET', /issues$/, { status: 401, body: echo }, 9], ['POST', /issues$/, { status: 401, body: echo }, 9]], code: 1 },
  { label: '404 echoing the token', faults: [['POST', /issues$/, { status: 404, body: echo }, 9]], code: 1 },
  { label: '422 echoing the token', faults: [['POST', /issues$/, { status: 422, body: { ...echo, errors: [{ message: TOKEN }] } }, 9]], code: 1 },
  // Two attempts: each retry prints a [WARN] with the error; more would only add the 3 s pacing of writes.
  { label: '5xx echoing the token', faults: [['GET', /issues$/, { status: 502, body: echo }, 99], ['POST', /issues$/, { status: 503, body: echo }, 99]], env: { REPORT_RETRY_ATTEMPTS: '2' }, code: 1 },
  { label: 'network errors', faults: [['GET', /issues$/, { reset: true }, 99], ['POST', /issues$/, { reset: true }, 99]], env: { REPORT_RETRY_ATTEMPTS: '2' }, code: 1 },
  { label: 'timeouts', faults: [['GET', /issues$/, { hang: true }, 99], ['POST', /issues$/, { hang: true }, 99]], env: { REPORT_TIMEOUT: '0.3', REPORT_RETRY_ATTEMPTS: '1' }, code: 1 },
  {
    label: 'rate limit',
    faults: [['POST', /issues$/, { status: 403, body: { message: `API rate limit exceeded for ${TOKEN}` }, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) } }, 9]],
    env: { REPORT_MAX_WAIT: '0' },
    code: 1,
  },
  { label: 'success with the token echoed in html_url', faults: [['POST', /issues$/, { status: 201, body: { number: 7, html_url: `https://x/${TOKEN}`, title: 't' } }, 1]], code: 0 },
  { label: 'config error: ISSUE_REPO holds the token', faults: [], env: { ISSUE_REPO: TOKEN, ON_DUPLICATE: TOKEN }, code: 2 },
  { label: 'config error: ISSUE_API_URL holds the token', faults: [], env: { ISSUE_API_URL: `ftp://${TOKEN}@example` }, code: 2 },
]

test('the token is never printed: HTTP errors, network errors, timeouts, rate limits, config errors, success', async () => {
  await inBatches(FAILURES, 5, async ({ label, faults, env = {}, code }) => {
    const gh = await server()
    for (const [method, path, fault, times] of faults) gh.inject(method, path, fault, times)
    const r = await runScript('report.mts', ['Deploy job failed'], gh.env({ ...FIXED, ...FAST, ...env }))
    assert.is(r.code, code, `${label}: ${r.stderr}`)
    assertNoToken(r, label)
    if (code !== 2) assert.ok(gh.requests.length > 0, `${label}: the API was called`)
  })
})

test('the token is never printed in verbose and debug modes (zx --verbose, ZX_VERBOSE, NODE_DEBUG, DEBUG)', async () => {
  const gh = await server()
  gh.inject('POST', /issues$/, { status: 422, body: echo })
  const debug = { ZX_VERBOSE: 'true', NODE_DEBUG: 'http,https,net,tls,fetch,undici,http2', DEBUG: '*', GIT_DIR: '/nonexistent' }
  // No CI_COMMIT_SHA or message: the git fallbacks run through zx, whose verbose mode echoes commands.
  const r = await runCommand('npx', ['zx', '--verbose', 'scripts/report.mts', 'Deploy job failed'], gh.env({ ...FAST, ...debug }))
  assert.is(r.code, 1, r.stderr)
  assert.ok(r.stderr.length > 0)
  assertNoToken(r, 'verbose')
})

test('a token that leaked into the reason, message, environment or pipeline is not published: issue, chat, --json and outputs', async () => {
  const gh = await server()
  const dir = mkdtempSync(join(tmpdir(), 'sec-out-'))
  try {
    const files = { GITHUB_OUTPUT: join(dir, 'out'), GITHUB_STEP_SUMMARY: join(dir, 'summary') }
    const leaky = { ...FIXED, ...FAST, ...files, CI_COMMIT_MESSAGE: `export ISSUE_TOKEN=${TOKEN}`, DEPLOY_ENV: `env-${TOKEN}`, CI_PIPELINE_URL: `https://ci.example/?t=${TOKEN}` }
    const r = await runScript('report.mts', ['--json', `curl -H "Authorization: Bearer ${TOKEN}" failed`], gh.env(leaky))
    assert.is(r.code, 0, r.stderr)
    assertNoToken(r, 'leaked values')
    const [sent] = created(gh)
    assert.ok(sent, 'the issue was filed')
    for (const text of [sent!.title, sent!.body, gh.chat[0]!.body, readFileSync(files.GITHUB_OUTPUT, 'utf8'), readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8')]) {
      assert.not.ok(text.includes(TOKEN), text.slice(0, 200))
    }
    assert.match(sent!.body, /export ISSUE_TOKEN=\*\*\*/)
    const dry = await runScript('report.mts', ['--dry-run', TOKEN], gh.env(leaky))
    assert.is(dry.code, 0, dry.stderr)
    assertNoToken(dry, 'dry run')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the token is sent only to the API: never to the chat webhook, never across a redirect to another origin', async () => {
  const gh = await server()
  const other = await server()
  gh.inject('GET', /issues$/, { status: 301, body: '', headers: { location: `${other.url}/repos/acme/shop/issues` } })
  gh.inject('POST', /issues$/, { status: 307, body: '', headers: { location: `${other.url}/repos/acme/shop/issues` } })
  const r = await runScript('report.mts', ['Deploy job failed'], gh.env({ ...FIXED, ...FAST, REPORT_RETRY_ATTEMPTS: '1' }))
  assertNoToken(r, 'redirect')
  assert.is(r.code, 1, 'the other origin, without the token, refused the create')
  assert.equal(other.requests.map((q) => q.method), ['GET', 'POST'], 'both redirects were followed')
  for (const q of [...other.requests, ...gh.chat]) {
    assert.is(q.headers.authorization, undefined)
    assert.not.ok(JSON.stringify(q.headers).includes(TOKEN) || q.body.includes(TOKEN), `${q.method} ${q.path} carried the token`)
  }
  assert.is(gh.chat.length, 1)
  assert.ok(gh.requests.every((q) => q.headers.authorization === `Bearer ${TOKEN}`), 'the API itself did get it')
})

// 8. A GitHub App's private key and installation token never leak either.

const INSTALLATION_TOKEN = 'ghs_1nstallat10nT0kenValue0123456789ab'
const APP = testApp()
const keyPieces = APP.privateKey.split('\n').filter((l) => l && !l.startsWith('-----')).map((l) => l.slice(8, 24))

/** Fails if the installation token (any 8-character piece), a JWT, or any line of the key was printed. */
function assertNoAppSecret(r: RunResult, gh: LoopbackGitHub, label: string): void {
  const printed = r.stdout + r.stderr
  for (let i = 0; i + 8 <= INSTALLATION_TOKEN.length; i++) {
    assert.not.ok(printed.includes(INSTALLATION_TOKEN.slice(i, i + 8)), `${label}: the installation token was printed:\n${printed}`)
  }
  for (const piece of keyPieces) assert.not.ok(printed.includes(piece), `${label}: a line of the private key was printed`)
  for (const jwt of gh.jwts) assert.not.ok(printed.includes(jwt.split('.')[2]!.slice(0, 16)), `${label}: a JWT was printed`)
}

const appEcho = { message: `Bad credentials: Bearer ${INSTALLATION_TOKEN}`, documentation_url: `https://docs.example/?token=${INSTALLATION_TOKEN}` }
const APP_FAILURES: { label: string; faults: [string, RegExp, Fault, number][]; env?: Record<string, string>; code: number }[] = [
  { label: 'App: 401 echoing the installation token', faults: [['GET', /issues$/, { status: 401, body: appEcho }, 9], ['POST', /issues$/, { status: 401, body: appEcho }, 9]], code: 1 },
  { label: 'App: 422 echoing the installation token', faults: [['POST', /issues$/, { status: 422, body: { ...appEcho, errors: [{ message: INSTALLATION_TOKEN }] } }, 9]], code: 1 },
  { label: 'App: 5xx echoing it', faults: [['GET', /issues$/, { status: 502, body: appEcho }, 99], ['POST', /issues$/, { status: 503, body: appEcho }, 99]], env: { REPORT_RETRY_ATTEMPTS: '2' }, code: 1 },
  { label: 'App: the token purchase refused', faults: [['POST', /access_tokens$/, { status: 401, body: { message: `A JSON web token could not be decoded: ${APP.privateKey}` } }, 9]], code: 1 },
  { label: 'App: the installation lookup fails', faults: [['GET', /installation$/, { status: 404, body: appEcho }, 9]], code: 1 },
  { label: 'App: success with the token echoed in html_url', faults: [['POST', /issues$/, { status: 201, body: { number: 7, html_url: `https://x/${INSTALLATION_TOKEN}`, title: 't' } }, 1]], code: 0 },
  { label: 'App: config error, ISSUE_REPO holds the key', faults: [], env: { ISSUE_REPO: APP.privateKey }, code: 2 },
  { label: 'App: config error, a mangled key', faults: [], env: { ISSUE_APP_PRIVATE_KEY: APP.privateKey.replace('MII', 'XII') }, code: 2 },
]

test('a GitHub App: the key, its JWTs and the installation token are never printed', async () => {
  await inBatches(APP_FAILURES, 4, async ({ label, faults, env = {}, code }) => {
    const gh = await startLoopbackGitHub({ app: { ...APP.loopback, tokens: [INSTALLATION_TOKEN] } })
    servers.push(gh)
    for (const [method, path, fault, times] of faults) gh.inject(method, path, fault, times)
    const r = await runScript('report.mts', ['Deploy job failed'], appEnv(gh, APP, { ...FIXED, ...FAST, ...env }))
    assert.is(r.code, code, `${label}: ${r.stderr}`)
    assertNoAppSecret(r, gh, label)
    if (code !== 2) assert.ok(gh.requests.length > 0, `${label}: the API was called`)
  })
})

test('a GitHub App: a key that leaked into the message or reason is not published; the token goes to the API only', async () => {
  const gh = await startLoopbackGitHub({ app: { ...APP.loopback, tokens: [INSTALLATION_TOKEN] } })
  servers.push(gh)
  const keyLine = APP.privateKey.split('\n')[3]!
  const r = await runScript('report.mts', ['--json', `cat key.pem: ${keyLine}`], appEnv(gh, APP, { ...FIXED, ...FAST, CI_COMMIT_MESSAGE: `oops\n${APP.privateKey}` }))
  assert.is(r.code, 0, r.stderr)
  assertNoAppSecret(r, gh, 'leaked key')
  const [sent] = created(gh)
  for (const text of [sent!.title, sent!.body, gh.chat[0]!.body]) {
    for (const piece of keyPieces) assert.not.ok(text.includes(piece), 'a line of the key was published')
  }
  assert.ok(gh.calls('POST', /issues$/).every((q) => q.headers.authorization === `Bearer ${INSTALLATION_TOKEN}`))
  assert.is(gh.chat[0]!.headers.authorization, undefined)
  assert.not.ok(gh.chat[0]!.body.includes(INSTALLATION_TOKEN))
})

test.run()
