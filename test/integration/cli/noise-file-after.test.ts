// REPORT_FILE_AFTER: the report command, run in process, reads the loopback GitHub's workflow runs (and
// the loopback GitLab's pipelines) and holds a failure below the threshold: one [INFO] line, no issue, no
// chat, no page, `--json` outcome held with the count, exit 0. At and above it files as always. Cancelled
// runs neither count nor break, a success breaks, a re-run counts once per attempt, and history that
// cannot be read (403, timeout, another CI) files as if no threshold were set, with one [WARN].
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { serveGitHubWorkflowRuns, serveGitLabPipelines, type SeededRun } from '../../helpers/loopback-workflow-runs.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const servers = useLoopback(test, { github: true, gitlab: true, pagerduty: true })

const RUN_ID = 5005
const actions = (attempt = 1) => ({
  GITHUB_ACTIONS: 'true',
  GITHUB_REPOSITORY: 'acme/shop',
  GITHUB_RUN_ID: String(RUN_ID),
  GITHUB_RUN_ATTEMPT: String(attempt),
  GITHUB_API_URL: servers.gh.url,
  GITHUB_WORKFLOW_REF: 'acme/shop/.github/workflows/deploy.yml@refs/heads/main',
  GITHUB_REF_NAME: 'main',
  GITHUB_REF_TYPE: 'branch',
})
const env = (extra: Record<string, string> = {}) => servers.gh.env({ ...FIXED_ENV, ...FAST, ...servers.pd.env(), ...actions(), REPORT_FILE_AFTER: '3', ...extra })

/** The workflow's runs, oldest first, then this run (in progress). */
const seed = (earlier: SeededRun[], attempt = 1) =>
  serveGitHubWorkflowRuns(servers.gh, { id: 77, file: 'deploy.yml', runs: [...earlier, { id: RUN_ID, status: 'in_progress', attempt }] })
const failed = (id: number, extra: Partial<SeededRun> = {}): SeededRun => ({ id, conclusion: 'failure', ...extra })

const runLists = () => servers.gh.requests.filter((r) => r.path.includes('/actions/'))

test('below the threshold: one [INFO] line, no issue, no chat, no page, --json held with the count, exit 0', async () => {
  seed([failed(1), { id: 2, conclusion: 'success' }])
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], env())
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const lines = r.stdout.trimEnd().split('\n')
  assert.equal(lines.slice(0, -1), ['[INFO] 1 of 3 consecutive failed runs of deploy.yml on main; no issue yet'])
  assert.equal(JSON.parse(lines.at(-1)!), { outcome: 'held', number: null, url: null, title: fixedTitle(), held: { count: 1, of: 3 } })
  assert.is(servers.gh.issues.length, 0)
  assert.is(servers.gh.chat.length, 0)
  assert.is(servers.pd.events.length, 0)
  // One read of the run history, by the workflow's file (the runner names it): no lookup of this run.
  assert.equal(runLists().map((q) => `${q.path}?${q.query}`), ['/repos/acme/shop/actions/workflows/deploy.yml/runs?branch=main&per_page=16'])
  assert.not.ok(servers.gh.requests.some((q) => q.method !== 'GET'), 'a held run writes nothing')
})

test('at the threshold the issue is filed, chat and page as always; above it too', async () => {
  seed([failed(1), failed(2)])
  const at = await runInProcess('report.mts', ['Deploy job failed'], env())
  assert.is(at.code, 0, at.stderr)
  assert.is(at.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\n[INFO] PagerDuty: incident open for #1\n`)
  assert.is(servers.gh.chat.length, 1)
  assert.is(servers.pd.events.length, 1)
  await servers.restart()
  seed([failed(1), failed(2), failed(3), failed(4)])
  const above = await runInProcess('report.mts', ['Deploy job failed'], env())
  assert.is(above.code, 0, above.stderr)
  assert.match(above.stdout, /^\[INFO\] Created issue #1:/)
})

test('cancelled and skipped runs neither count nor break the streak; a success breaks it', async () => {
  seed([failed(1), failed(2), { id: 3, conclusion: 'cancelled' }, { id: 4, conclusion: 'skipped' }])
  const through = await runInProcess('report.mts', ['x'], env())
  assert.match(through.stdout, /^\[INFO\] Created issue #1:/, 'two failures, two ignored runs and this one make three')
  await servers.restart()
  seed([failed(1), failed(2), { id: 3, conclusion: 'success' }, { id: 4, conclusion: 'cancelled' }, failed(5)])
  const broken = await runInProcess('report.mts', ['x'], env())
  assert.is(broken.stdout, '[INFO] 2 of 3 consecutive failed runs of deploy.yml on main; no issue yet\n')
  assert.is(servers.gh.issues.length, 0)
})

test('a re-run counts once per attempt, so a third attempt of a failed deploy reaches 3', async () => {
  seed([{ id: 1, conclusion: 'success' }], 3)
  const r = await runInProcess('report.mts', ['x'], env({ ...actions(3) }))
  assert.match(r.stdout, /^\[INFO\] Created issue #1:/)
  await servers.restart()
  seed([{ id: 1, conclusion: 'success' }], 2)
  const second = await runInProcess('report.mts', ['x'], env({ ...actions(2) }))
  assert.is(second.stdout, '[INFO] 2 of 3 consecutive failed runs of deploy.yml on main; no issue yet\n')
})

test('a page of runs filled with cancelled ones and no good run: the streak may go on past it, so it files, with one [WARN]', async () => {
  // Two failures, then 20 runs cancelled (a concurrency group cancelling in progress): one page of 16 shows
  // only cancelled runs after this one, so it cannot tell the streak is 3.
  seed([failed(1), failed(2), ...Array.from({ length: 20 }, (_, i) => ({ id: 10 + i, conclusion: 'cancelled' as const }))])
  const r = await runInProcess('report.mts', ['x'], env())
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #1:/)
  const warnings = r.stderr.trimEnd().split('\n')
  assert.is(warnings.length, 1, r.stderr)
  assert.match(warnings[0]!, /^\[WARN\] REPORT_FILE_AFTER=3 is not applied: the 16 runs of deploy.yml on main read show 1 consecutive failed run and no good run before it; the failure is filed as if no threshold were set$/)
})

test('a run that does not name its workflow is looked up first (GET …/actions/runs/{id} gives workflow_id)', async () => {
  seed([failed(1)])
  const { GITHUB_WORKFLOW_REF: _, GITHUB_REF_NAME: __, ...unnamed } = env()
  const r = await runInProcess('report.mts', ['x'], unnamed)
  assert.is(r.stdout, '[INFO] 2 of 3 consecutive failed runs of deploy.yml on main; no issue yet\n')
  assert.equal(runLists().map((q) => q.path), [`/repos/acme/shop/actions/runs/${RUN_ID}`, '/repos/acme/shop/actions/workflows/77/runs'])
})

test('history unreadable (403): filed as if no threshold were set, with one [WARN] saying why', async () => {
  seed([])
  servers.gh.inject('GET', /\/actions\/workflows\//, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const r = await runInProcess('report.mts', ['x'], env())
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #1:/)
  const warnings = r.stderr.trimEnd().split('\n')
  assert.is(warnings.length, 1, r.stderr)
  assert.match(warnings[0]!, /^\[WARN\] REPORT_FILE_AFTER=3 is not applied: the GitHub Actions run history could not be read \(HTTP 403: .*actions: read.*; the failure is filed as if no threshold were set$/)
})

test('history unreadable (timeout): filed, with one [WARN]', async () => {
  seed([])
  servers.gh.inject('GET', /\/actions\/workflows\//, { hang: true })
  const r = await runInProcess('report.mts', ['x'], env({ REPORT_TIMEOUT: '1.5' }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #1:/)
  assert.is(r.stderr.trimEnd().split('\n').length, 1, r.stderr)
  assert.match(r.stderr, /^\[WARN\] REPORT_FILE_AFTER=3 is not applied: the GitHub Actions run history could not be read \(no answer/)
})

test('another CI: filed, with one [WARN] naming why', async () => {
  const { GITHUB_ACTIONS: _, ...notActions } = env()
  const r = await runInProcess('report.mts', ['x'], notActions)
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #1:/)
  assert.is(r.stderr, '[WARN] REPORT_FILE_AFTER=3 is not applied: this is neither GitHub Actions nor GitLab CI, whose run history it reads; the failure is filed as if no threshold were set\n')
})

test('GitLab: pipelines of the ref, this pipeline counted; below the threshold held, at it filed', async () => {
  const gl = servers.gl
  const pipelines = [{ id: 1001, status: 'failed' as const }, { id: 1002, status: 'canceled' as const }, { id: 1003, status: 'running' as const }]
  serveGitLabPipelines(gl, pipelines)
  const glEnv = (extra: Record<string, string> = {}) =>
    gl.env({ ...FIXED_ENV, ...FAST, GITLAB_CI: 'true', CI_PROJECT_ID: String(gl.projectId), CI_COMMIT_REF_NAME: 'main', CI_PIPELINE_ID: '1003', CI_API_V4_URL: gl.apiUrl, REPORT_FILE_AFTER: '3', ...extra })
  const held = await runInProcess('report.mts', ['x'], glEnv())
  assert.is(held.code, 0, held.stderr)
  assert.is(held.stdout, '[INFO] 2 of 3 consecutive failed runs of the pipeline on main; no issue yet\n')
  assert.is(gl.issues.length, 0)
  const listed = gl.requests.filter((q) => q.path.endsWith('/pipelines'))
  assert.is(listed.length, 1)
  assert.is(listed[0]!.query.get('ref'), 'main')
  const filed = await runInProcess('report.mts', ['x'], glEnv({ REPORT_FILE_AFTER: '2' }))
  assert.is(filed.code, 0, filed.stderr)
  assert.match(filed.stdout, /^\[INFO\] Created issue #1:/)
})

test('with no noise setting: not one request more than the spec\'s, the same output', async () => {
  seed([failed(1)])
  const { REPORT_FILE_AFTER: _, ...plain } = env()
  const r = await runInProcess('report.mts', ['x'], plain)
  assert.is(r.code, 0, r.stderr)
  assert.is(runLists().length, 0)
  assert.equal(servers.gh.requests.map((q) => `${q.method} ${q.path}`), ['GET /repos/acme/shop/issues', 'POST /repos/acme/shop/issues', 'GET /repos/acme/shop/issues'])
})

test.run()
