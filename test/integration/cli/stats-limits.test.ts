// `stats` over a history longer than a page, with GitHub's primary rate limit in the way: waited out within
// REPORT_MAX_WAIT and every page read, or, past it, no figures at all (never a history cut short).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { serveGitHubDeployments } from '../../helpers/loopback-deployments.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { seedGitHub, type SeedIssue } from '../../helpers/stats-seed.ts'

const servers = useLoopback(test, { github: true })
const ENV = { REPORT_RETRY_DELAY: '0.01', REPORT_MAX_WAIT: '10' }
const LIST = /^\/repos\/acme\/shop\/issues$/

// 250 recovered failures of production in October, one an hour from the 1st: three pages.
const seed = () => {
  const hour = (i: number) => new Date(Date.UTC(2026, 9, 1) + i * 3_600_000)
  const issues: SeedIssue[] = Array.from({ length: 250 }, (_, i) => ({
    env: 'production',
    sha: `s${i}`,
    created: hour(i).toISOString(),
    comments: [{ kind: 'recovery', at: new Date(hour(i).getTime() + 600_000).toISOString() }],
    closed: { at: new Date(hour(i).getTime() + 600_000).toISOString() },
  }))
  seedGitHub(servers.gh, issues)
  serveGitHubDeployments(servers.gh, [])
  return servers.gh.env(ENV)
}
const limit = (inSeconds: number) => ({
  status: 403,
  body: { message: 'API rate limit exceeded for user ID 1.' },
  headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + inSeconds) },
})

test('a primary limit within REPORT_MAX_WAIT is waited out, and every page is still read', async () => {
  const env = seed()
  servers.gh.inject('GET', LIST, limit(1))
  const r = await runInProcess('stats.mts', ['--since', '2026-10-01', '--until', '2026-10-31', '--format', 'json'], env)
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /^\[WARN\] Primary rate limit on GET \/repos\/acme\/shop\/issues; waiting \d+s$/m)
  const doc = JSON.parse(r.stdout)
  assert.is(doc.environments[0].episodes, 250)
  assert.equal(doc.environments[0].recoverySeconds, { count: 250, median: 600, p90: 600, longest: 600 })
  // The refused request, then the three pages, then the open issues' one.
  assert.is(servers.gh.calls('GET', LIST).length, 5)
})

test('a limit past REPORT_MAX_WAIT stops the run with no figures, saying when it resets', async () => {
  const env = seed()
  servers.gh.inject('GET', LIST, limit(3600), 10)
  const r = await runInProcess('stats.mts', ['--since', '2026-10-01', '--until', '2026-10-31'], env)
  assert.is(r.code, 1)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /^\[ERROR\] Could not read the auto-deploy-failure history, so no figures were printed \(.*rate limit/m)
  assert.match(r.stderr, /REPORT_MAX_WAIT/)
  assert.is(servers.gh.calls('GET', LIST).length, 1)
})

test.run()
