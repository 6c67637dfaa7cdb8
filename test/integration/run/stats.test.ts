import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { deployStats, ConfigError, StatsReadFailed } from '../../../lib/index.ts'
import { serveGitHubDeployments } from '../../helpers/loopback-deployments.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { OCTOBER, OCTOBER_DEPLOYMENTS } from '../../helpers/stats-history.ts'
import { seedGitHub } from '../../helpers/stats-seed.ts'

const servers = useLoopback(test, { github: true })
const env = () => ({ ...servers.gh.env({ REPORT_RETRY_DELAY: '0.01' }) })

test('deployStats: the report and its Markdown, options over the environment', async () => {
  seedGitHub(servers.gh, OCTOBER)
  serveGitHubDeployments(servers.gh, OCTOBER_DEPLOYMENTS)
  const { report, text } = await deployStats({ env: env(), quiet: true, since: '2026-10-01', until: '2026-10-31', environments: ['production'] })
  assert.equal(report.environments.map((f) => [f.environment, f.episodes, f.failedRuns, f.rate?.deploys]), [['production', 4, 9, 40]])
  assert.equal(report.overall.failing?.since, new Date('2026-10-12T09:00:00Z'))
  assert.match(text, '| `production` | 4 | 9 | 2 | 1 | 38 min |')
  assert.match(text, '```mermaid\ngantt\n')
  const badge = await deployStats({ env: env(), quiet: true, since: '2026-10-01', until: '2026-10-31', environments: ['staging'], format: 'badge' })
  assert.equal(JSON.parse(badge.text), { schemaVersion: 1, label: 'staging', message: '1 failure · 45 min median recovery (2026-10-01 to 2026-10-31)', color: 'green' })
})

test('deployStats rejects bad options with a ConfigError naming each, before any request', async () => {
  const error = await deployStats({ env: env(), quiet: true, since: 'soon', timeZone: 'Moon/Base' }).then(() => undefined, (e: unknown) => e)
  assert.instance(error, ConfigError)
  assert.equal((error as ConfigError).problems.map((p) => p.split(' ')[0]), ['--tz', '--since'])
  assert.is(servers.gh.requests.length, 0)
})

test('deployStats rejects a history it could not read whole with StatsReadFailed', async () => {
  servers.gh.inject('GET', /\/issues$/, { status: 404, body: { message: 'Not Found' } })
  const error = await deployStats({ env: env(), quiet: true }).then(() => undefined, (e: unknown) => e)
  assert.instance(error, StatsReadFailed)
})

test.run()
