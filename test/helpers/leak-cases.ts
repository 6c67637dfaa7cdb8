// The failures a run may print a secret in (docs/security.md, "The token never leaks"): a token, or a GitHub
// App's key, JWTs and installation token, echoed back by a failing or malicious server, and the checks
// that nothing of them was printed. One table, split between the two places that run it: each case runs
// once, as a process where its `process` says why one is needed (test/e2e/security.e2e.test.ts), else
// in process (test/integration/cli/printed-secrets.test.ts), where its lines go through the same
// redacting streams and what the run writes straight to process.stdout or process.stderr is kept too.
import * as assert from 'uvu/assert'
import type { RunResult } from './helpers.ts'
import { startLoopbackGitHub, type Fault, type LoopbackGitHub } from './loopback-github.ts'
import { appEnv, testApp } from './github-app.ts'

export const TOKEN = 'ghp_S3cretT0kenValue0123456789abcdefXYZ'
export const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_TIMEOUT: '5' }
export const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/7' }

export interface LeakCase {
  readonly label: string
  readonly faults: [string, RegExp, Fault, number][]
  readonly env?: Record<string, string>
  readonly code: number
  /** Why this case runs as a process: a path whose output a process's own streams show beyond the run's io. */
  readonly process?: string
}

/** Runs a command as runScript or runInProcess do. */
export type Runner = (script: string, args: readonly string[], env: Record<string, string>) => Promise<RunResult>

/** Fails if the token, or any 8-character piece of it, is anywhere in what the run printed. */
export function assertNoToken(r: RunResult, label: string): void {
  const printed = r.stdout + r.stderr
  for (let i = 0; i + 8 <= TOKEN.length; i++) {
    assert.not.ok(printed.includes(TOKEN.slice(i, i + 8)), `${label}: the token (${TOKEN.slice(i, i + 8)}…) was printed:\n${printed}`)
  }
}

export const ECHO = { message: `Bad credentials: Bearer ${TOKEN}`, documentation_url: `https://docs.example/?token=${TOKEN}` }

// One process per kind of path: the HTTP errors share their printing with the 5xx's, whose retries print a
// [WARN] each; a network error and a timeout end in a socket error and an abort (node:http, lib/http/fetch.ts);
// a configuration error ends before any request (exit 2). A success (exit 0) with the token is a process in
// test/e2e/secrets.e2e.test.ts, twice (created, then commented), its streams searched for every piece of the
// token: the echoed html_url here is what the run prints through its io, so it runs in process.
export const FAILURES: readonly LeakCase[] = [
  { label: '401 echoing the token', faults: [['GET', /issues$/, { status: 401, body: ECHO }, 9], ['POST', /issues$/, { status: 401, body: ECHO }, 9]], code: 1 },
  { label: '404 echoing the token', faults: [['POST', /issues$/, { status: 404, body: ECHO }, 9]], code: 1 },
  { label: '422 echoing the token', faults: [['POST', /issues$/, { status: 422, body: { ...ECHO, errors: [{ message: TOKEN }] } }, 9]], code: 1 },
  // Two attempts: each retry prints a [WARN] with the error; more would only add the 3 s pacing of writes.
  { label: '5xx echoing the token', faults: [['GET', /issues$/, { status: 502, body: ECHO }, 99], ['POST', /issues$/, { status: 503, body: ECHO }, 99]], env: { REPORT_RETRY_ATTEMPTS: '2' }, code: 1, process: 'an HTTP error, retried' },
  { label: 'network errors', faults: [['GET', /issues$/, { reset: true }, 99], ['POST', /issues$/, { reset: true }, 99]], env: { REPORT_RETRY_ATTEMPTS: '2' }, code: 1, process: 'a socket error' },
  { label: 'timeouts', faults: [['GET', /issues$/, { hang: true }, 99], ['POST', /issues$/, { hang: true }, 99]], env: { REPORT_TIMEOUT: '0.3', REPORT_RETRY_ATTEMPTS: '1' }, code: 1, process: 'requests abandoned on their time limit' },
  {
    label: 'rate limit',
    faults: [['POST', /issues$/, { status: 403, body: { message: `API rate limit exceeded for ${TOKEN}` }, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) } }, 9]],
    env: { REPORT_MAX_WAIT: '0' },
    code: 1,
  },
  { label: 'success with the token echoed in html_url', faults: [['POST', /issues$/, { status: 201, body: { number: 7, html_url: `https://x/${TOKEN}`, title: 't' } }, 1]], code: 0 },
  { label: 'config error: ISSUE_REPO holds the token', faults: [], env: { ISSUE_REPO: TOKEN, ON_DUPLICATE: TOKEN }, code: 2, process: 'a configuration error (exit 2)' },
  { label: 'config error: ISSUE_API_URL holds the token', faults: [], env: { ISSUE_API_URL: `ftp://${TOKEN}@example` }, code: 2 },
]

/** Runs `c` with `run` against a fresh loopback GitHub (closed by `keep`'s owner) and checks the token. */
export async function runTokenCase(c: LeakCase, run: Runner, keep: (gh: LoopbackGitHub) => void): Promise<void> {
  const gh = await startLoopbackGitHub({ token: TOKEN })
  keep(gh)
  for (const [method, path, fault, times] of c.faults) gh.inject(method, path, fault, times)
  const r = await run('report.mts', ['Deploy job failed'], gh.env({ ...FIXED, ...FAST, ...c.env }))
  assert.is(r.code, c.code, `${c.label}: ${r.stderr}`)
  assertNoToken(r, c.label)
  if (c.code !== 2) assert.ok(gh.requests.length > 0, `${c.label}: the API was called`)
}

// A GitHub App's private key and installation token never leak either.

export const INSTALLATION_TOKEN = 'ghs_1nstallat10nT0kenValue0123456789ab'
export const APP = testApp()
export const keyPieces = APP.privateKey.split('\n').filter((l) => l && !l.startsWith('-----')).map((l) => l.slice(8, 24))

/** Fails if the installation token (any 8-character piece), a JWT, or any line of the key was printed. */
export function assertNoAppSecret(r: RunResult, gh: LoopbackGitHub, label: string): void {
  const printed = r.stdout + r.stderr
  for (let i = 0; i + 8 <= INSTALLATION_TOKEN.length; i++) {
    assert.not.ok(printed.includes(INSTALLATION_TOKEN.slice(i, i + 8)), `${label}: the installation token was printed:\n${printed}`)
  }
  for (const piece of keyPieces) assert.not.ok(printed.includes(piece), `${label}: a line of the private key was printed`)
  for (const jwt of gh.jwts) assert.not.ok(printed.includes(jwt.split('.')[2]!.slice(0, 16)), `${label}: a JWT was printed`)
}

const appEcho = { message: `Bad credentials: Bearer ${INSTALLATION_TOKEN}`, documentation_url: `https://docs.example/?token=${INSTALLATION_TOKEN}` }
// The App's own path as a process: its token purchase, whose refusal carries the key. The installation token
// through a retried HTTP error prints through the path the token's 5xx case above proves as a process (the
// secret's value changes nothing there), and an App run that buys its token and succeeds is a process in
// test/e2e/secrets.e2e.test.ts; the other cases print through the paths the token cases above prove.
export const APP_FAILURES: readonly LeakCase[] = [
  { label: 'App: 401 echoing the installation token', faults: [['GET', /issues$/, { status: 401, body: appEcho }, 9], ['POST', /issues$/, { status: 401, body: appEcho }, 9]], code: 1 },
  { label: 'App: 422 echoing the installation token', faults: [['POST', /issues$/, { status: 422, body: { ...appEcho, errors: [{ message: INSTALLATION_TOKEN }] } }, 9]], code: 1 },
  { label: 'App: 5xx echoing it', faults: [['GET', /issues$/, { status: 502, body: appEcho }, 99], ['POST', /issues$/, { status: 503, body: appEcho }, 99]], env: { REPORT_RETRY_ATTEMPTS: '2' }, code: 1 },
  { label: 'App: the token purchase refused', faults: [['POST', /access_tokens$/, { status: 401, body: { message: `A JSON web token could not be decoded: ${APP.privateKey}` } }, 9]], code: 1, process: "the App's token purchase refused, echoing its key" },
  { label: 'App: the installation lookup fails', faults: [['GET', /installation$/, { status: 404, body: appEcho }, 9]], code: 1 },
  { label: 'App: success with the token echoed in html_url', faults: [['POST', /issues$/, { status: 201, body: { number: 7, html_url: `https://x/${INSTALLATION_TOKEN}`, title: 't' } }, 1]], code: 0 },
  { label: 'App: config error, ISSUE_REPO holds the key', faults: [], env: { ISSUE_REPO: APP.privateKey }, code: 2 },
  { label: 'App: config error, a mangled key', faults: [], env: { ISSUE_APP_PRIVATE_KEY: APP.privateKey.replace('MII', 'XII') }, code: 2 },
]

/** Runs `c` with `run` as the App against a fresh loopback GitHub (closed by `keep`'s owner) and checks its secrets. */
export async function runAppCase(c: LeakCase, run: Runner, keep: (gh: LoopbackGitHub) => void): Promise<void> {
  const gh = await startLoopbackGitHub({ app: { ...APP.loopback, tokens: [INSTALLATION_TOKEN] } })
  keep(gh)
  for (const [method, path, fault, times] of c.faults) gh.inject(method, path, fault, times)
  const r = await run('report.mts', ['Deploy job failed'], appEnv(gh, APP, { ...FIXED, ...FAST, ...c.env }))
  assert.is(r.code, c.code, `${c.label}: ${r.stderr}`)
  assertNoAppSecret(r, gh, c.label)
  if (c.code !== 2) assert.ok(gh.requests.length > 0, `${c.label}: the API was called`)
}
