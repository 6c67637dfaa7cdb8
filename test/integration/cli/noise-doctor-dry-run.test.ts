// The noise settings in `doctor` and `report --dry-run`: which thresholds are on, whether the token can
// read the run history (a 403 is a failed check naming actions: read), and what the thresholds would
// decide for this run, writing nothing.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { serveGitHubWorkflowRuns } from '../../helpers/loopback-workflow-runs.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const servers = useLoopback(test, { github: true })
const actions = () => ({
  GITHUB_ACTIONS: 'true',
  GITHUB_REPOSITORY: 'acme/shop',
  GITHUB_RUN_ID: '5005',
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_API_URL: servers.gh.url,
  GITHUB_WORKFLOW_REF: 'acme/shop/.github/workflows/deploy.yml@refs/heads/main',
  GITHUB_REF_NAME: 'main',
  GITHUB_REF_TYPE: 'branch',
})
const env = (extra: Record<string, string> = {}) => servers.gh.env({ ...FIXED_ENV, ...FAST, ...actions(), REPORT_FILE_AFTER: '3', REPORT_FLAP: '3/24h', ...extra })
const seed = () => serveGitHubWorkflowRuns(servers.gh, { id: 77, file: 'deploy.yml', runs: [{ id: 1, conclusion: 'failure' }, { id: 5005, status: 'in_progress' }] })

test('doctor names the thresholds and that the token reads the run history', async () => {
  seed()
  const r = await runInProcess('doctor.mts', [], env())
  assert.match(r.stdout, /✓ noise thresholds: file after 3 consecutive failed runs; flapping at 3 outages in 24 h \(docs\/noise\.md\)\n/)
  assert.match(r.stdout, /✓ REPORT_FILE_AFTER: the token can read the run history of deploy\.yml on main \(2 recent runs\)\n/)
})

test('doctor: a 403 on the run history is a failed check naming actions: read', async () => {
  seed()
  servers.gh.inject('GET', /\/actions\/workflows\//, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const r = await runInProcess('doctor.mts', [], env())
  assert.is(r.code, 1)
  assert.match(r.stdout + r.stderr, /REPORT_FILE_AFTER: the GitHub Actions run history cannot be read \(HTTP 403: [^)]*\); give the token actions: read; failures would be filed as if no threshold were set/)
})

test('--dry-run says what the thresholds would decide, and writes nothing', async () => {
  seed()
  const r = await runInProcess('report.mts', ['--dry-run', 'x'], env())
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /\[INFO\] Noise thresholds: file after 3 consecutive failed runs; flapping at 3 outages in 24 h\n/)
  assert.match(r.stdout, /\[INFO\] Would hold: 2 of 3 consecutive failed runs of deploy\.yml on main; no issue yet\n/)
  assert.match(r.stdout, /\[INFO\] 1 outages of staging in 24 h \(this run included\): not flapping\n/)
  assert.not.ok(servers.gh.requests.some((q) => q.method !== 'GET'))
})

test.run()
