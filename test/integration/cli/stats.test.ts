// `stats`, run in process (test/helpers/in-process.ts), against the loopback GitHub and GitLab, seeded with the
// October history of test/helpers/stats-history.ts. The expected figures are worked out by hand there:
// production: 4 episodes (2 Oct: 5 runs over 3 issues, recovered at 12:13:06 → 2 h 13 min 6 s; 5 Oct:
// closed by hand; 10 Oct: recovered after 38 min; 12 Oct: reopened by a regression, 2 runs, failing),
// 9 failed runs, 40 deploy attempts recorded (7 failed by their statuses); staging: 1 episode recovered after 45 min, no deployments.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { serveGitHubDeployments, serveGitLabDeployments } from '../../helpers/loopback-deployments.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { OCTOBER, OCTOBER_DEPLOYMENTS } from '../../helpers/stats-history.ts'
import { seedGitHub, seedGitLab } from '../../helpers/stats-seed.ts'

const servers = useLoopback(test, { github: true, gitlab: true, tmpdir: 'stats-e2e-' })
const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_RETRY_ATTEMPTS: '2' }
const OCT = ['--since', '2026-10-01', '--until', '2026-10-31']

const github = () => {
  seedGitHub(servers.gh, OCTOBER)
  serveGitHubDeployments(servers.gh, OCTOBER_DEPLOYMENTS)
  return servers.gh.env(FAST)
}
const gitlab = () => {
  seedGitLab(servers.gl, OCTOBER)
  serveGitLabDeployments(servers.gl, OCTOBER_DEPLOYMENTS)
  return servers.gl.env(FAST)
}

// shields.io's endpoint schema: these keys and no others; schemaVersion 1; label a string; message a
// non-empty string; colours strings. https://shields.io/badges/endpoint-badge
const SHIELDS_KEYS = new Set(['schemaVersion', 'label', 'message', 'color', 'labelColor', 'isError', 'namedLogo', 'logoSvg', 'logoColor', 'logoWidth', 'style', 'cacheSeconds'])
function assertShieldsBadge(badge: Record<string, unknown>): void {
  for (const key of Object.keys(badge)) assert.ok(SHIELDS_KEYS.has(key), `shields rejects the key ${key}`)
  assert.is(badge.schemaVersion, 1)
  assert.type(badge.label, 'string')
  assert.type(badge.message, 'string')
  assert.ok((badge.message as string).length > 0, 'message must not be empty')
  if ('color' in badge) assert.match(badge.color as string, /^(brightgreen|green|yellowgreen|yellow|orange|red|blue|lightgrey|#[0-9a-f]{3,6})$/)
}

const PRODUCTION = {
  environment: 'production',
  episodes: 4,
  failedRuns: 9,
  recovered: 2,
  closedByHand: 1,
  recoverySeconds: { count: 2, median: 38 * 60, p90: 2 * 3600 + 13 * 60 + 6, longest: 2 * 3600 + 13 * 60 + 6 },
  failing: { since: '2026-10-12T09:00:00.000Z', runs: 2, issues: [5] },
  failedDeployRate: { failedRuns: 9, deploys: 40, rate: 7 / 40, failedDeploys: 7, counted: 'statuses' },
}
const STAGING = {
  environment: 'staging',
  episodes: 1,
  failedRuns: 1,
  recovered: 1,
  closedByHand: 0,
  recoverySeconds: { count: 1, median: 45 * 60, p90: 45 * 60, longest: 45 * 60 },
  failing: null,
  failedDeployRate: null,
}

for (const [name, seed] of [['GitHub', github], ['GitLab', gitlab]] as const) {
  test(`${name}: json holds the figures worked out by hand, and every episode`, async () => {
    const r = await runInProcess('stats.mts', [...OCT, '--format', 'json'], seed())
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '')
    const doc = JSON.parse(r.stdout)
    assert.is(doc.schema, 'deploy-failure-reporter/stats@1')
    assert.equal(doc.period, { since: '2026-10-01T00:00:00.000Z', until: '2026-11-01T00:00:00.000Z', label: '2026-10-01 to 2026-10-31', timeZone: 'UTC' })
    assert.equal(doc.environments, [PRODUCTION, STAGING])
    assert.equal(doc.overall.episodes, 5)
    assert.equal(doc.overall.failedRuns, 10)
    assert.equal(doc.overall.recoverySeconds, { count: 3, median: 45 * 60, p90: 2 * 3600 + 13 * 60 + 6, longest: 2 * 3600 + 13 * 60 + 6 })
    // staging's rate is unknown, so the overall one is too: a sum over production alone would pass for all.
    assert.is(doc.overall.failedDeployRate, null)
    assert.equal(doc.weeks, [
      { start: '2026-09-28', failedRuns: 5 },
      { start: '2026-10-05', failedRuns: 2 },
      { start: '2026-10-12', failedRuns: 3 },
      { start: '2026-10-19', failedRuns: 0 },
      { start: '2026-10-26', failedRuns: 0 },
    ])
    assert.equal(
      doc.episodes.map((e: { environment: string; ending: string; failedRuns: number; issues: number[] }) => [e.environment, e.ending, e.failedRuns, e.issues]),
      [
        ['production', 'recovered', 5, [1, 2, 3]],
        ['production', 'closed by hand', 1, [4]],
        ['production', 'recovered', 1, [5]],
        ['production', 'failing', 2, [5]],
        ['staging', 'recovered', 1, [6]],
      ],
    )
  })
}

test('GitHub: read-only, one page of issues and one of the open ones, comments only where the count says there are recurrences', async () => {
  const r = await runInProcess('stats.mts', [...OCT, '--format', 'json'], github())
  assert.is(r.code, 0, r.stderr)
  const calls = servers.gh.requests
  // Reads only: GETs, and GraphQL queries (no mutation).
  assert.ok(calls.every((c) => c.method === 'GET' || (c.path === '/graphql' && /^\s*query\b/.test((c.json as { query: string }).query))))
  const issueLists = calls.filter((c) => c.path === '/repos/acme/shop/issues')
  assert.equal(issueLists.map((c) => Object.fromEntries(c.query)), [
    { state: 'all', labels: 'auto-deploy-failure', per_page: '100', sort: 'created', direction: 'asc', since: '2026-10-01T00:00:00.000Z' },
    // An outage filed before the period and untouched since is open, though not updated in it.
    { state: 'open', labels: 'auto-deploy-failure', per_page: '100', sort: 'created', direction: 'asc' },
  ])
  assert.equal(calls.filter((c) => c.path.endsWith('/comments')).map((c) => c.path).sort(), ['/repos/acme/shop/issues/1/comments', '/repos/acme/shop/issues/5/comments'])
  // The deployments with their statuses, one GraphQL page each (issue 32), none over REST.
  assert.equal(calls.filter((c) => c.path === '/graphql').map((c) => (c.json as { variables: { environment: string } }).variables.environment), ['production', 'staging'])
  assert.equal(calls.filter((c) => c.path.endsWith('/deployments')).length, 0)
})

test('GitLab: deployments asked for with every status (the failed ones counted by it), per environment', async () => {
  const r = await runInProcess('stats.mts', [...OCT, '--format', 'json'], gitlab())
  assert.is(r.code, 0, r.stderr)
  const deployments = servers.gl.requests.filter((c) => c.path.endsWith('/deployments'))
  assert.equal(deployments.map((c) => [c.query.get('environment'), c.query.get('status')]), [['production', null], ['staging', null]])
  assert.ok(servers.gl.requests.every((c) => c.method === 'GET'))
})

test('table: a row per environment and for all, every ratio with its counts, the weekly sparkline, the notes', async () => {
  const r = await runInProcess('stats.mts', OCT, github())
  assert.is(r.code, 0, r.stderr)
  const lines = r.stdout.split('\n')
  const row = (name: string) => lines.find((l) => l.startsWith(`${name} `))!.split(/\s{2,}/)
  assert.equal(row('production'), ['production', '4', '9', '2', '1', '38 min', '2 h 13 min', '2 h 13 min', 'since 2026-10-12 09:00 (2 runs)', '7 of 40 (17.5%)'])
  assert.equal(row('staging'), ['staging', '1', '1', '1', '0', '45 min', '45 min', '45 min', 'no', 'unknown'])
  assert.equal(row('all'), ['all', '5', '10', '3', '1', '45 min', '2 h 13 min', '2 h 13 min', 'since 2026-10-12 09:00 (2 runs)', 'unknown'])
  assert.ok(lines.includes('Failed runs per week from 2026-09-28: █▄▆▁▁ (busiest week: 5)'), r.stdout)
  assert.match(r.stdout, 'failed deployment recovery time, to the next good deploy: pipeline-based')
  assert.match(r.stdout, 'not incident-based')
  assert.match(r.stdout, /Reference only \(DORA, 2024 State of DevOps report\)/)
})

test('--env naming no issue (a typo): still a row, and a warning naming the environments that have issues (issue 32)', async () => {
  const r = await runInProcess('stats.mts', [...OCT, '--env', 'nosuch', '--env', 'production'], github())
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^nosuch +0 +0 /m)
  assert.is(
    r.stderr,
    '[WARN] Found no issues for the environment "nosuch" (labelled auto-deploy-failure, updated in the period), so its figures are all zero; the environments with issues are production, staging\n',
  )
  // An environment with issues draws no warning.
  const ok = await runInProcess('stats.mts', [...OCT, '--env', 'staging'], github())
  assert.is(ok.stderr, '')
})

test('--tz: times and weeks in that zone', async () => {
  const r = await runInProcess('stats.mts', [...OCT, '--tz', 'Asia/Tokyo', '--env', 'production'], github())
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, 'since 2026-10-12 18:00 (2 runs)')
  assert.match(r.stdout, 'Asia/Tokyo')
  assert.not.match(r.stdout, /^staging/m)
})

test('markdown: the table, a Mermaid gantt of outages per environment within its limits, and --summary appends it', async () => {
  const summary = join(servers.dir, 'summary.md')
  writeFileSync(summary, '# earlier step\n')
  const r = await runInProcess('stats.mts', [...OCT, '--format', 'markdown', '--summary'], { ...github(), GITHUB_STEP_SUMMARY: summary })
  assert.is(r.code, 0, r.stderr)
  const md = r.stdout
  assert.match(md, '| `production` | 4 | 9 | 2 | 1 | 38 min | 2 h 13 min | 2 h 13 min | since 2026-10-12 09:00 (2 runs) | 7 of 40 (17.5%) |')
  assert.match(md, '| **all** | 5 | 10 |')
  const gantt = /```mermaid\n(gantt\n[\s\S]*?)```/.exec(md)?.[1]
  assert.ok(gantt, md)
  assert.ok(gantt.length < 50_000)
  assert.match(gantt, '    section production\n')
  assert.match(gantt, '    recovered after 2 h 13 min, 5 runs :done, 2026-10-02 10:00, 133m\n')
  assert.match(gantt, '    closed by hand after 5 h, 1 run :active, 2026-10-05 00:00, 300m\n')
  assert.match(gantt, `    failing, 2 runs :crit, active, 2026-10-12 09:00, ${(19 * 24 + 15) * 60}m\n`)
  assert.match(gantt, '    section staging\n')
  assert.match(md, /```mermaid\nxychart-beta\n/)
  assert.is(readFileSync(summary, 'utf8'), `# earlier step\n${md}\n`)
})

test('--summary: a secret in an environment\'s name is masked in the job summary too, before the chart cuts the name', async () => {
  // A registered secret with no well-known shape, in the environment of an issue filed by hand (or by an
  // older version): whole in a short name, and cut by the chart's 80-character names in a long one.
  const secret = 'St4tsSummarySecret0123456789'
  const long = `${'x'.repeat(70)}-${secret}`
  const summary = join(servers.dir, 'summary.md')
  writeFileSync(summary, '')
  seedGitHub(servers.gh, [{ env: `prod-${secret}`, created: '2026-10-02T10:00:00Z' }, { env: long, created: '2026-10-03T10:00:00Z' }])
  const r = await runInProcess('stats.mts', [...OCT, '--format', 'markdown', '--summary'], { ...servers.gh.env(FAST), CI_LOG_TOKEN: secret, GITHUB_STEP_SUMMARY: summary })
  assert.is(r.code, 0, r.stderr)
  const written = readFileSync(summary, 'utf8')
  assert.not.ok(written.includes(secret.slice(0, 9)), written)
  assert.match(written, '| `prod-***` | 1 | 1 |')
  assert.match(written, '    section prod-___\n')
  assert.match(written, /```mermaid\nxychart-beta\n/)
})

test('a secret in a long environment name is masked on standard output too, before the table cuts the name', async () => {
  const secret = 'St4tsTableSecret0123456789'
  seedGitHub(servers.gh, [{ env: `${'x'.repeat(70)}-${secret}`, created: '2026-10-03T10:00:00Z' }])
  for (const format of ['table', 'markdown', 'json']) {
    const r = await runInProcess('stats.mts', [...OCT, '--format', format], { ...servers.gh.env(FAST), CI_LOG_TOKEN: secret })
    assert.is(r.code, 0, r.stderr)
    assert.not.ok(r.stdout.includes(secret.slice(0, 6)), `${format}: ${r.stdout}`)
    assert.ok(r.stdout.includes(`${'x'.repeat(20)}`), `${format}: the environment is listed`)
  }
})

test('badge: one shields.io endpoint JSON a line per environment, only keys shields accepts', async () => {
  const r = await runInProcess('stats.mts', [...OCT, '--format', 'badge'], github())
  assert.is(r.code, 0, r.stderr)
  const badges = r.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
  for (const badge of badges) assertShieldsBadge(badge)
  assert.equal(badges, [
    { schemaVersion: 1, label: 'production', message: 'failing since 2026-10-12 09:00 (2 runs)', color: 'red' },
    { schemaVersion: 1, label: 'staging', message: '1 failure · 45 min median recovery (2026-10-01 to 2026-10-31)', color: 'green' },
  ])
})

test('badge for a quiet environment over the last 30 days (GitLab)', async () => {
  serveGitLabDeployments(servers.gl, [])
  servers.gl.addIssue({ title: '[DEPLOY FAIL] production — abc — 2026-10-01', created_at: new Date(Date.now() - 86_400_000).toISOString(), updated_at: new Date().toISOString(), state: 'closed', closed_at: new Date(Date.now() - 86_400_000 + 600_000).toISOString(), user_notes_count: 1 })
  const r = await runInProcess('stats.mts', ['--since', '30d', '--format', 'badge', '--env', 'production', '--env', 'staging'], servers.gl.env(FAST))
  assert.is(r.code, 0, r.stderr)
  const badges = r.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
  for (const badge of badges) assertShieldsBadge(badge)
  assert.equal(badges, [
    { schemaVersion: 1, label: 'production', message: '1 failure · 10 min median recovery (30d)', color: 'green' },
    { schemaVersion: 1, label: 'staging', message: 'no failures (30d)', color: 'brightgreen' },
  ])
})

test('bad flags exit 2 naming the flag and the form expected, before any request', async () => {
  const cases: [string[], string][] = [
    [['--since', 'yesterday'], '[ERROR] --since must be a number of days such as 90d, or a date such as 2026-01-31'],
    [['--until', '2026-02-30'], '[ERROR] --until must be a date such as 2026-01-31'],
    [['--format', 'pdf'], '[ERROR] --format must be one of table, markdown, json, badge, got "pdf"'],
    [['--tz', 'Mars/Olympus'], '[ERROR] --tz must be an IANA time zone such as UTC or Europe/Berlin, got "Mars/Olympus"'],
    [['--since', '2026-10-31', '--until', '2026-10-01'], '[ERROR] --since (2026-10-31) must be before --until (2026-10-01)'],
    [['--colour'], '[ERROR] Unknown option --colour: the options are -h/--help, --since'],
  ]
  for (const [args, message] of cases) {
    const r = await runInProcess('stats.mts', args, servers.gh.env(FAST))
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`)
    assert.ok(r.stderr.startsWith(message), `${args.join(' ')}: ${r.stderr}`)
  }
  assert.is(servers.gh.requests.length, 0)
})

// GitHub answers a query the token may not make with HTTP 200 and a FORBIDDEN error.
const FORBIDDEN = { status: 200, body: { data: { repository: null }, errors: [{ type: 'FORBIDDEN', path: ['repository', 'deployments'], message: 'Resource not accessible by integration' }] } }

test('statuses GraphQL will not give: the rate counts failed runs and says so beside the figure, with a warning (issue 32)', async () => {
  const env = github()
  servers.gh.inject('POST', /^\/graphql$/, FORBIDDEN, 2)
  const r = await runInProcess('stats.mts', [...OCT, '--env', 'production'], env)
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^production .* 9 of 40 \(22\.5%\), failed runs: statuses unread$/m)
  assert.is(r.stderr, '[WARN] The deployment statuses of production could not be read (GraphQL: FORBIDDEN: Resource not accessible by integration), so its failed-deploy rate counts failed runs instead\n')
  assert.equal(servers.gh.calls('GET', /\/deployments$/).map((c) => c.query.get('environment')), ['production'])
})

test('deployments the token may not read: the rate is unknown, with a warning saying why; the figures still print', async () => {
  const env = github()
  servers.gh.inject('POST', /^\/graphql$/, FORBIDDEN, 2)
  servers.gh.inject('GET', /\/deployments$/, { status: 403, body: { message: 'Resource not accessible by integration' } }, 2)
  const r = await runInProcess('stats.mts', [...OCT, '--format', 'json'], env)
  assert.is(r.code, 0, r.stderr)
  const doc = JSON.parse(r.stdout)
  assert.equal(doc.environments.map((f: { failedDeployRate: unknown }) => f.failedDeployRate), [null, null])
  assert.equal(doc.environments[0].episodes, 4)
  assert.match(r.stderr, /^\[WARN\] The deployments of production could not be read \(.*403.*Resource not accessible by integration.*; the token needs read access to deployments\), so its failed-deploy rate is unknown$/m)
})

test('a history that cannot be read whole prints nothing and exits 1 saying why', async () => {
  const env = github()
  servers.gh.inject('GET', /\/issues\/5\/comments$/, { status: 502 }, 5)
  const r = await runInProcess('stats.mts', [...OCT, '--format', 'json'], env)
  assert.is(r.code, 1)
  assert.is(r.stdout, '')
  assert.match(r.stderr, '[ERROR] Could not read the auto-deploy-failure history, so no figures were printed')
  assert.not.match(r.stderr, servers.gh.token)
})

test.run()
