// Issue 3, item 6: API calls that hang or stall are abandoned after REPORT_TIMEOUT, through the real
// `npx zx scripts/report.mts` against the loopback GitHub. A process, because what is proven is also
// that the abandoned requests (a connection that never answers, a body left half written) keep nothing
// alive: the process ends once the issue is filed. Dedup, the ambiguous creates, the retries and the
// request counts are what the command decides and sends: test/integration/cli/reliability.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript } from '../helpers/helpers.ts'
import { type LoopbackGitHub } from '../helpers/loopback-github.ts'
import { useLoopback } from '../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01' }
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/7' }
const LIST = /^\/repos\/acme\/shop\/issues$/

const servers = useLoopback(test, { github: true })

const report = (server: LoopbackGitHub, env: Record<string, string> = {}) =>
  runScript('report.mts', ['Deploy job failed'], server.env({ ...FIXED, ...FAST, ...env }))
const lists = (server = servers.gh) => server.calls('GET', LIST)
const created = (server: LoopbackGitHub, n: number) => `[INFO] Created issue #${n}: ${server.url}/acme/shop/issues/${n}\n`

test('item 6: API calls that hang or stall are abandoned after REPORT_TIMEOUT; the run still files the issue', async () => {
  servers.gh.inject('GET', LIST, { hang: true }, 2)
  servers.gh.inject('GET', LIST, { stall: true }, 1)
  const r = await report(servers.gh, { REPORT_TIMEOUT: '1.5' })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, created(servers.gh, 1))
  assert.match(r.stderr, /^\[WARN\] Attempt 2\/3 failed, retrying in 0\.02s\.\.\. \(GET \/repos\/acme\/shop\/issues: no answer from the API/m)
  assert.match(r.stderr, /^\[WARN\] Could not list open issues, so no duplicate check was made/m)
  assert.is(lists().length, 4, 'three timed-out attempts, then the re-check')
})

test.run()
