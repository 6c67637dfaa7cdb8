// The tools acting as a GitHub App's installation: the loopback GitHub verifies the App's JWT with the
// public key of a key pair made for the test and hands out installation tokens. That every reader of a
// run shares the App's one token is test/e2e/github-app-readers.e2e.test.ts (what changed asks git).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type RunResult } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { FAST_ENV, FIXED_ENV } from '../../helpers/fixtures.ts'
import { appEnv, testApp, type TestApp } from '../../helpers/github-app.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../../helpers/loopback-github.ts'
import { LoopbackServer } from '../../helpers/loopback-server.ts'

let app: TestApp
let gh: LoopbackGitHub
const start = async (options: Parameters<typeof testApp>[0] = {}) => {
  app = testApp(options)
  gh = await startLoopbackGitHub({ app: app.loopback })
}
test.after.each(async () => {
  await gh?.close()
})

const keyLines = () => app.privateKey.split('\n').filter((l) => l && !l.startsWith('-----'))
const assertNoSecret = (r: RunResult) => {
  const printed = r.stdout + r.stderr
  for (const line of keyLines()) assert.not.ok(printed.includes(line.slice(0, 16)), 'a piece of the private key was printed')
  for (const token of [...gh.installationTokens, ...gh.jwts]) assert.not.ok(printed.includes(token.slice(-12)), 'a token was printed')
}

test('report as the App: installation looked up from the repository, one token bought, sent as Bearer', async () => {
  await start()
  const r = await runInProcess('report.mts', ['Deploy job failed'], appEnv(gh, app, { ...FAST_ENV, ...FIXED_ENV }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Created issue #1: ${gh.issues[0]!.html_url}\n`)
  assert.is(r.stderr, '')
  assert.equal(gh.requests.slice(0, 2).map((q) => `${q.method} ${q.path}`), ['GET /repos/acme/shop/installation', 'POST /app/installations/777/access_tokens'])
  assert.is(gh.installationTokens.length, 1, 'one token for the whole run')
  const [token] = gh.installationTokens
  for (const q of gh.requests.slice(2)) assert.is(q.headers.authorization, `Bearer ${token}`, `${q.method} ${q.path}`)
  assert.ok(gh.jwts.length >= 2, 'the App endpoints were called with a verified JWT')
  assert.is(gh.chat[0]!.headers.authorization, undefined)
  assertNoSecret(r)
})

test('ISSUE_APP_INSTALLATION_ID skips the lookup; the key may be a path to the .pem file', async () => {
  await start()
  const dir = mkdtempSync(join(tmpdir(), 'app-key-'))
  try {
    const path = join(dir, 'app.private-key.pem')
    writeFileSync(path, app.privateKey, { mode: 0o600 })
    const r = await runInProcess('report.mts', ['Deploy job failed'], appEnv(gh, app, { ...FAST_ENV, ...FIXED_ENV, ISSUE_APP_PRIVATE_KEY: path, ISSUE_APP_INSTALLATION_ID: '777' }))
    assert.is(r.code, 0, r.stderr)
    assert.is(gh.calls('GET', /\/installation$/).length, 0)
    assert.is(gh.calls('POST', /access_tokens$/).length, 1)
    assert.is(gh.issues.length, 1)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a token and an App both set: configuration error naming both, exit 2, no request', async () => {
  await start()
  const r = await runInProcess('report.mts', ['Deploy job failed'], { ...appEnv(gh, app, FIXED_ENV), ISSUE_TOKEN: gh.token })
  assert.is(r.code, 2)
  assert.match(r.stderr, /ISSUE_TOKEN and ISSUE_APP_ID are both set/)
  assert.is(gh.requests.length, 0)
  assertNoSecret(r)
})

test('a key that is not the App\'s: the JWT is refused, the run fails, nothing is filed, no key printed', async () => {
  await start()
  const other = testApp()
  const r = await runInProcess('report.mts', ['Deploy job failed'], appEnv(gh, app, { ...FAST_ENV, ...FIXED_ENV, ISSUE_APP_PRIVATE_KEY: other.privateKey, REPORT_RETRY_ATTEMPTS: '1' }))
  assert.is(r.code, 1)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
  assert.is(gh.issues.length, 0)
  assert.is(gh.installationTokens.length, 0)
  assertNoSecret(r)
  app = other
  assertNoSecret(r)
})

test('doctor names the App and its installation, and checks the installation may write issues', async () => {
  await start()
  const ok = await runInProcess('doctor.mts', [], appEnv(gh, app, FAST_ENV))
  assert.is(ok.code, 0, ok.stdout + ok.stderr)
  assert.match(ok.stdout, /^✓ identity: GitHub App deploy-reporter \(loopback\) \(id 4242\), installation 777 on acme\/shop$/m)
  assert.match(ok.stdout, /^✓ installation permission issues: write$/m)
  assert.ok(gh.requests.every((q) => q.method === 'GET' || q.path.endsWith('/access_tokens')), 'reads only, besides buying the token')
  assertNoSecret(ok)
  await gh.close()

  await start({ permissions: { issues: 'read', metadata: 'read' } })
  const readOnly = await runInProcess('doctor.mts', [], appEnv(gh, app, FAST_ENV))
  assert.is(readOnly.code, 1)
  assert.match(readOnly.stdout, /^✗ installation permission issues: write missing \(has: read\)/m)
})

// A gateway or GitHub Enterprise front end that names the credential it refused, in GitHub's error shape.
// With ISSUE_APP_INSTALLATION_ID set, the only JWT is the one @octokit/auth-app signs itself to buy the
// token; without it, the lookup's JWT comes first. Each must be masked (lib/http/credentials.ts).
for (const installation of [{ ISSUE_APP_INSTALLATION_ID: '777' }, {}] as Record<string, string>[]) {
  const named = 'ISSUE_APP_INSTALLATION_ID' in installation ? 'the JWT auth-app signs to buy the token' : "the lookup's JWT"
  test(`a server that echoes ${named} in its 401: the refusal is printed, the JWT never`, async () => {
    const sent: string[] = []
    const server = new LoopbackServer((req, res) => {
      const credential = String(req.headers.authorization ?? '').replace(/^(?:bearer|token) /i, '')
      sent.push(credential)
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Refused credential ${credential}` }))
    })
    try {
      const env = { ...FIXED_ENV, ...FAST_ENV, REPORT_RETRY_ATTEMPTS: '1', ISSUE_REPO: 'acme/shop', ISSUE_API_URL: await server.listen(), ISSUE_APP_ID: '4242', ISSUE_APP_PRIVATE_KEY: testApp().privateKey, ...installation }
      const r = await runInProcess('report.mts', ['Deploy job failed'], env)
      const printed = r.stdout + r.stderr
      assert.is(r.code, 1, printed)
      const jwts = sent.filter((credential) => credential.startsWith('eyJ'))
      assert.ok(jwts.length > 0, `a JWT was sent: ${sent.length} requests`)
      for (const jwt of jwts) for (let i = 0; i + 12 <= jwt.length; i += 12) assert.not.ok(printed.includes(jwt.slice(i, i + 12)), `a piece of a JWT was printed:\n${printed}`)
      assert.match(printed, /HTTP 401: Refused credential \*\*\*/)
    } finally {
      await server.close()
    }
  })
}

test.run()
