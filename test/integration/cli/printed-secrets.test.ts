// Secrets a run prints, publishes or sends elsewhere, run in process (test/helpers/in-process.ts) against the
// loopback GitHub: the cases of test/helpers/leak-cases.ts whose path a process of
// test/e2e/security.e2e.test.ts already shows (their lines go through the same redacting streams here, and
// what the run writes straight to process.stdout or process.stderr is kept too), and what a run publishes
// (the issue, the chat, --json, GITHUB_OUTPUT, the step summary) or sends to another origin, which the
// loopback records whatever runs the command.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { APP, APP_FAILURES, assertNoAppSecret, assertNoToken, FAILURES, FAST, FIXED, INSTALLATION_TOKEN, keyPieces, runAppCase, runTokenCase, TOKEN } from '../../helpers/leak-cases.ts'
import { appEnv } from '../../helpers/github-app.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../../helpers/loopback-github.ts'

const servers: LoopbackGitHub[] = []
const keep = (gh: LoopbackGitHub) => void servers.push(gh)
const server = async (): Promise<LoopbackGitHub> => {
  const gh = await startLoopbackGitHub({ token: TOKEN })
  keep(gh)
  return gh
}
test.after.each(async () => {
  await Promise.all(servers.splice(0).map((gh) => gh.close()))
})

const created = (gh: LoopbackGitHub) => gh.calls('POST', /\/issues$/).map((r) => r.json as { title: string; body: string })

test('the token is never printed: HTTP errors, a rate limit, a configuration error', async () => {
  for (const c of FAILURES.filter((c) => !c.process)) await runTokenCase(c, runInProcess, keep)
})

test('a token that leaked into the reason, message, environment or pipeline is not published: issue, chat, --json and outputs', async () => {
  const gh = await server()
  const dir = mkdtempSync(join(tmpdir(), 'sec-out-'))
  try {
    const files = { GITHUB_OUTPUT: join(dir, 'out'), GITHUB_STEP_SUMMARY: join(dir, 'summary') }
    const leaky = { ...FIXED, ...FAST, ...files, CI_COMMIT_MESSAGE: `export ISSUE_TOKEN=${TOKEN}`, DEPLOY_ENV: `env-${TOKEN}`, CI_PIPELINE_URL: `https://ci.example/?t=${TOKEN}` }
    const r = await runInProcess('report.mts', ['--json', `curl -H "Authorization: Bearer ${TOKEN}" failed`], gh.env(leaky))
    assert.is(r.code, 0, r.stderr)
    assertNoToken(r, 'leaked values')
    const [sent] = created(gh)
    assert.ok(sent, 'the issue was filed')
    for (const text of [sent!.title, sent!.body, gh.chat[0]!.body, readFileSync(files.GITHUB_OUTPUT, 'utf8'), readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8')]) {
      assert.not.ok(text.includes(TOKEN), text.slice(0, 200))
    }
    assert.match(sent!.body, /export ISSUE_TOKEN=\*\*\*/)
    const dry = await runInProcess('report.mts', ['--dry-run', TOKEN], gh.env(leaky))
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
  const r = await runInProcess('report.mts', ['Deploy job failed'], gh.env({ ...FIXED, ...FAST, REPORT_RETRY_ATTEMPTS: '1' }))
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

test('a GitHub App: the key, its JWTs and the installation token are never printed', async () => {
  for (const c of APP_FAILURES.filter((c) => !c.process)) await runAppCase(c, runInProcess, keep)
})

test('a GitHub App: a key that leaked into the message or reason is not published; the token goes to the API only', async () => {
  const gh = await startLoopbackGitHub({ app: { ...APP.loopback, tokens: [INSTALLATION_TOKEN] } })
  keep(gh)
  const keyLine = APP.privateKey.split('\n')[3]!
  const r = await runInProcess('report.mts', ['--json', `cat key.pem: ${keyLine}`], appEnv(gh, APP, { ...FIXED, ...FAST, CI_COMMIT_MESSAGE: `oops\n${APP.privateKey}` }))
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
