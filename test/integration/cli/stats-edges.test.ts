// `stats` at the edges of its period, against the loopback GitHub and GitLab: outages that began before
// `--since` and had nothing written on them since.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { serveGitHubDeployments, serveGitLabDeployments } from '../../helpers/loopback-deployments.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { seedGitHub, seedGitLab, type SeedIssue } from '../../helpers/stats-seed.ts'

const servers = useLoopback(test, { github: true, gitlab: true, tmpdir: 'stats-edges-' })
const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_RETRY_ATTEMPTS: '2' }
const OCT = ['--since', '2026-10-01', '--until', '2026-10-31']

// Production failed in June and nobody has deployed or written on the issue since: its last update is
// its filing, months before the period. Staging failed and recovered in October.
const HISTORY: SeedIssue[] = [
  { env: 'production', created: '2026-06-01T10:00:00Z' },
  { env: 'staging', created: '2026-10-15T14:00:00Z', comments: [{ kind: 'recovery', at: '2026-10-15T14:45:00Z' }], closed: { at: '2026-10-15T14:45:00Z' } },
]

const trackers = {
  GitHub: () => {
    seedGitHub(servers.gh, HISTORY)
    serveGitHubDeployments(servers.gh, [])
    return servers.gh.env(FAST)
  },
  GitLab: () => {
    seedGitLab(servers.gl, HISTORY)
    serveGitLabDeployments(servers.gl, [])
    return servers.gl.env(FAST)
  },
}

for (const [name, seed] of Object.entries(trackers)) {
  test(`${name}: an outage under way since before the period, untouched since, is failing at its end`, async () => {
    const r = await runInProcess('stats.mts', [...OCT, '--format', 'json'], seed())
    assert.is(r.code, 0, r.stderr)
    const doc = JSON.parse(r.stdout)
    assert.equal(
      doc.environments.map((f: { environment: string; episodes: number; failing: unknown }) => [f.environment, f.episodes, f.failing]),
      [
        ['production', 0, { since: '2026-06-01T10:00:00.000Z', runs: 1, issues: [1] }],
        ['staging', 1, null],
      ],
    )
    assert.equal(doc.overall.failing, { since: '2026-06-01T10:00:00.000Z', runs: 1, issues: [1] })
  })

  test(`${name}: its badge is red, not "no failures"`, async () => {
    const r = await runInProcess('stats.mts', ['--since', '30d', '--env', 'production', '--format', 'badge'], seed())
    assert.is(r.code, 0, r.stderr)
    assert.equal(JSON.parse(r.stdout), { schemaVersion: 1, label: 'production', message: 'failing since 2026-06-01 10:00 (1 run)', color: 'red' })
  })
}

test.run()
