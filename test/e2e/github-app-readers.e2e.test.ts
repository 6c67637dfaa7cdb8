// A run as a GitHub App's installation with every GitHub reader on (the tracker, what changed, what failed):
// they share one installation lookup and one token. In test/e2e because what changed asks the checkout
// (one `git cat-file`, a process) whether it holds the commits; test/integration/cli/github-app.test.ts
// has the App's other cases.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type RunResult } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { FAST_ENV, FIXED_ENV } from '../helpers/fixtures.ts'
import { appEnv, testApp, type TestApp } from '../helpers/github-app.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'
import { c, linearHistory, serveGitHubChanges } from '../helpers/loopback-changes.ts'
import { actionsJob, failedLog, LoopbackActions } from '../helpers/loopback-github-actions.ts'

let app: TestApp
let gh: LoopbackGitHub
const start = async () => {
  app = testApp()
  gh = await startLoopbackGitHub({ app: app.loopback })
}
test.after.each(async () => {
  await gh?.close()
})

const assertNoSecret = (r: RunResult) => {
  const printed = r.stdout + r.stderr
  for (const line of app.privateKey.split('\n').filter((l) => l && !l.startsWith('-----'))) assert.not.ok(printed.includes(line.slice(0, 16)), 'a piece of the private key was printed')
  for (const token of [...gh.installationTokens, ...gh.jwts]) assert.not.ok(printed.includes(token.slice(-12)), 'a token was printed')
}

// Every GitHub reader of a run is a client of its own (the tracker, what changed, what failed); each used
// to look the installation up and buy a token of its own (3 and 3 in this run): the run shares one
// identity (lib/run/github.ts).
test('a run that also reads what changed and what failed: one installation lookup and one token, sent by every reader', async () => {
  await start()
  serveGitHubChanges(gh, { commits: linearHistory(8), deployments: [{ sha: c(4), environment: 'production', createdAt: new Date(Date.now() - 7_200_000).toISOString(), statuses: ['success'] }] })
  const actions = await LoopbackActions.attach(gh)
  try {
    actions.add(actionsJob(102, 'deploy', 'failure', [['Deploy', 'failure']], failedLog('./deploy.sh production', 'not-a-secret')))
    const env = appEnv(gh, app, actions.env({ ...FAST_ENV, ...FIXED_ENV, CI_COMMIT_SHA: c(7), DEPLOY_ENV: 'production', REPORT_CHANGES: 'auto' }))
    const r = await runInProcess('report.mts', ['Deploy job failed'], env)
    assert.is(r.code, 0, r.stderr)
    assert.ok(gh.calls('GET', /\/compare\//).length > 0, 'what changed was read')
    assert.ok(gh.calls('GET', /\/actions\/runs\/\d+\/attempts\/\d+\/jobs/).length > 0, 'what failed was read')
    assert.is(gh.calls('GET', /\/installation$/).length, 1, 'one lookup')
    assert.is(gh.calls('POST', /access_tokens$/).length, 1, 'one token bought')
    const [token] = gh.installationTokens
    for (const q of gh.requests.filter((q) => !q.path.startsWith('/app') && !q.path.endsWith('/installation'))) assert.is(q.headers.authorization, `Bearer ${token}`, `${q.method} ${q.path}`)
    assertNoSecret(r)
  } finally {
    await actions.close()
  }
})

test.run()
