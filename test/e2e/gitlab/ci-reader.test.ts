import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { GitLabCiOptions } from '../../../lib/config/ci-gitlab.ts'
import { gitLabCiReader } from '../../../lib/gitlab/ci-reader.ts'
import { visibleLine } from '../../../lib/gitlab/trace.ts'
import type { FailedJob } from '../../../lib/core/ci.ts'
import { gitLabCiOptions } from '../../../lib/config/ci-gitlab.ts'
import { CiLogUnavailable } from '../../../lib/core/errors.ts'
import { DEPLOY_TRACE, GENERATED_LAST_LINES, PLANTED_TOKEN } from '../../helpers/loopback-gitlab-ci.ts'
import { compiledChild } from '../../helpers/child-build.ts'
import { runCommand } from '../../helpers/helpers.ts'
import { useLoopback } from '../../helpers/servers.ts'
import { memoryLog } from '../../../lib/core/log.ts'

const servers = useLoopback(test, { gitlabCi: true, proxy: true })
// A second origin, standing in for the object storage GitLab redirects traces to.
const storage = useLoopback(test, { gitlabCi: true })

const log = memoryLog()
const reader = (extra: Partial<GitLabCiOptions> = {}) =>
  gitLabCiReader({ apiUrl: servers.glci.apiUrl, project: String(servers.glci.projectId), pipelineId: String(servers.glci.pipelineId), token: servers.glci.token, tokenName: 'CI_LOG_TOKEN', ...extra }, log)

const never = () => new AbortController().signal

const unavailable = async (p: Promise<unknown>): Promise<CiLogUnavailable> => {
  try {
    await p
  } catch (error) {
    assert.instance(error, CiLogUnavailable)
    return error as CiLogUnavailable
  }
  assert.unreachable('expected a CiLogUnavailable')
  throw new Error('unreachable')
}

const jobOf = (id: number, name = 'deploy'): FailedJob => ({ id: String(id), name, url: '', steps: [], running: false })

test('failedJobs: every page of the failed jobs, 100 a page, newest first; retried tries and allowed failures left out', async () => {
  const gl = servers.glci
  for (let id = 1; id <= 230; id++) gl.addJob({ id, name: `matrix ${id}`, stage: 'test', failure_reason: id % 2 ? 'script_failure' : 'job_execution_timeout' })
  for (let id = 231; id <= 260; id++) gl.addJob({ id, name: `fine ${id}`, status: 'success' })
  gl.addJob({ id: 261, name: 'flaky (first try)', retried: true })
  gl.addJob({ id: 262, name: 'lint', allow_failure: true })
  const jobs = await reader().failedJobs(never())
  assert.equal(jobs.map((j) => j.id), Array.from({ length: 230 }, (_, i) => String(230 - i)))
  assert.equal(jobs[0], { id: '230', name: 'matrix 230', url: `${gl.url}/${gl.path}/-/jobs/230`, steps: [], stage: 'test', reason: 'job_execution_timeout', running: false })
  const calls = gl.calls(/\/jobs$/)
  assert.is(calls.length, 3, '230 jobs are 3 pages of 100')
  assert.equal(calls.map((c) => c.query.get('page')), [null, '2', '3'])
  for (const c of calls) {
    assert.equal(c.query.getAll('scope[]'), ['failed'])
    assert.is(c.query.get('per_page'), '100')
    assert.is(c.query.get('include_retried'), null)
    assert.is(c.headers.authorization, `Bearer ${gl.token}`)
  }
})

test('the options lib/config/ci-gitlab.ts reads from the loopback\'s CI variables reach it', async () => {
  servers.glci.addJob({ id: 70, name: 'deploy' }, DEPLOY_TRACE)
  const options = gitLabCiOptions(servers.glci.env(), [])!
  const ci = gitLabCiReader(options, log)
  const [job] = await ci.failedJobs(never())
  assert.equal((await ci.logTail(job!, 1, never())).map(visibleLine), ['Error: deploy target refused the release (HTTP 503)'])
})

test('failedJobs: the project may be its path; a pipeline with no failed job gives none', async () => {
  assert.equal(await reader({ project: servers.glci.path }).failedJobs(never()), [])
  assert.match(servers.glci.calls()[0]!.path, /^\/projects\/acme%2Fplatform%2Fshop\/pipelines\/777\/jobs$/)
})

test('the reporter\'s own job: running, named, and its trace never asked for', async () => {
  const gl = servers.glci
  gl.addJob({ id: 50, name: 'build' }, DEPLOY_TRACE)
  const current = { id: '51', name: 'deploy', stage: 'deploy', url: `${gl.url}/${gl.path}/-/jobs/51`, failed: true }
  // In its after_script, GitLab still lists the failed job as running: it is named from its variables.
  const jobs = await reader({ currentJob: current }).failedJobs(never())
  assert.equal(jobs, [
    { id: '51', name: 'deploy', url: current.url, steps: [], stage: 'deploy', running: true },
    { id: '50', name: 'build', url: `${gl.url}/${gl.path}/-/jobs/50`, steps: [], stage: 'deploy', reason: 'script_failure', running: false },
  ])
  assert.equal(await reader().logTail(jobs[0]!, 10, never()), [])
  assert.is(gl.calls(/\/trace$/).length, 0)
  // Listed as failed already (a job of a later stage reading its own pipeline late), it is still the running one.
  gl.addJob({ id: 51, name: 'deploy' })
  const listed = await reader({ currentJob: { ...current, failed: false } }).failedJobs(never())
  assert.equal(listed.map((j) => [j.id, j.running]), [['51', true], ['50', false]])
  // A job of a later stage (`when: on_failure`) is not a failed job itself.
  gl.jobs.pop()
  assert.equal((await reader({ currentJob: { ...current, failed: false } }).failedJobs(never())).map((j) => j.id), ['50'])
})

test('logTail: the end of step_script without its markers, the planted token left for the core to scrub', async () => {
  servers.glci.addJob({ id: 60, name: 'deploy' }, DEPLOY_TRACE)
  const lines = (await reader().logTail(jobOf(60), 3, never())).map(visibleLine)
  assert.equal(lines, [`export DEPLOY_TOKEN=${PLANTED_TOKEN}`, 'Uploading release 100%', 'Error: deploy target refused the release (HTTP 503)'])
  const [call] = servers.glci.calls(/\/trace$/)
  assert.is(call!.path, '/projects/4242/jobs/60/trace')
  assert.is(call!.headers.authorization, `Bearer ${servers.glci.token}`)
})

test('a trace in object storage: the redirect is followed without the token, which the storage origin never sees', async () => {
  const store = storage.glci
  store.stored.set('traces/60.log', DEPLOY_TRACE)
  servers.glci.addJob({ id: 60, name: 'deploy' }, { location: `${store.url}/storage/traces/60.log?X-Amz-Expires=60&X-Amz-Signature=abc123` })
  const lines = (await reader().logTail(jobOf(60), 1, never())).map(visibleLine)
  assert.equal(lines, ['Error: deploy target refused the release (HTTP 503)'])
  assert.is(store.calls(/^\/storage\//).length, 1)
  assert.equal(store.credentialsSeenByStorage, [])
  // The storage origin's own redirect back to the API does not bring the token back either.
  store.stored.set('traces/61.log', { location: `${servers.glci.apiUrl}/projects/4242/jobs/60/trace` })
  servers.glci.addJob({ id: 61, name: 'again' }, { location: `${store.url}/storage/traces/61.log?X-Amz-Signature=abc` })
  const error = await unavailable(reader().logTail(jobOf(61), 1, never()))
  assert.is(error.status, 401)
})

test('through HTTP_PROXY: both hops pass the proxy, and the storage origin still never sees the token', async () => {
  const store = storage.glci
  store.stored.set('traces/66.log', DEPLOY_TRACE)
  servers.glci.addJob({ id: 66, name: 'deploy' }, { location: `${store.url}/storage/traces/66.log?X-Amz-Signature=abc123` })
  const child = await runCommand(process.execPath, [await compiledChild('read-gitlab-trace')], {
    CI_API_V4_URL: servers.glci.apiUrl,
    CI_LOG_TOKEN: servers.glci.token,
    JOB_ID: '66',
    LINES: '2',
    HTTP_PROXY: servers.proxy.urlWithCredentials,
  })
  assert.is(child.code, 0, child.stderr)
  assert.equal((JSON.parse(child.stdout).lines as string[]).map(visibleLine), ['Uploading release 100%', 'Error: deploy target refused the release (HTTP 503)'])
  assert.equal(servers.proxy.seen.map((p) => p.target), [`${servers.glci.apiUrl}/projects/4242/jobs/66/trace`, `${store.url}/storage/traces/66.log?X-Amz-Signature=abc123`])
  assert.equal(store.credentialsSeenByStorage, [])
  assert.is(servers.glci.calls(/\/trace$/)[0]!.headers.authorization, `Bearer ${servers.glci.token}`)
})

test('a redirect to anything but http(s) is refused, naming the scheme only', async () => {
  servers.glci.addJob({ id: 62, name: 'deploy' }, { location: 'file:///etc/passwd' })
  const error = await unavailable(reader().logTail(jobOf(62), 5, never()))
  assert.match(error.message, /^Could not read the log of job "deploy" from GitLab: redirected to a non-http\(s\) address \(file:\); /)
  assert.not.match(error.message, /passwd/)
})

test('403: the token lacks read_api, named with the fix, the token itself never', async () => {
  servers.glci.inject('GET', /\/trace$/, { status: 403, body: { message: '403 Forbidden' } })
  const error = await unavailable(reader().logTail(jobOf(60), 5, never()))
  assert.is(error.status, 403)
  assert.match(error.message, /^GitLab answered 403 to reading the log of job "deploy": CI_LOG_TOKEN lacks the read_api scope/)
  assert.match(error.fix, /give CI_LOG_TOKEN the read_api scope.*CI_JOB_TOKEN cannot read job logs/)
  servers.glci.inject('GET', /\/jobs$/, { status: 403 })
  const listing = await unavailable(reader({ tokenName: 'ISSUE_TOKEN' }).failedJobs(never()))
  assert.match(listing.message, /^GitLab answered 403 to reading the failed jobs of pipeline 777: ISSUE_TOKEN lacks the read_api scope/)
  assert.not.match(listing.message + error.message, new RegExp(servers.glci.token))
})

test('404: the trace expired or was erased; 401: the token is not valid', async () => {
  const expired = await unavailable(reader().logTail(jobOf(63), 5, never()))
  assert.is(expired.status, 404)
  assert.match(expired.message, /GitLab answered 404 to reading the log of job "deploy": the log has expired or been erased/)
  const wrong = await unavailable(reader({ token: 'glpat-revoked-000000' }).failedJobs(never()))
  assert.is(wrong.status, 401)
  assert.match(wrong.message, /GitLab refused CI_LOG_TOKEN \(401\).*unknown, expired or revoked; set CI_LOG_TOKEN to a valid token with the read_api scope/)
})

test('an answer of the wrong shape, or no answer, is named as such', async () => {
  const gl = servers.glci
  gl.inject('GET', /\/jobs$/, { status: 200, body: { message: 'maintenance' } })
  assert.match((await unavailable(reader().failedJobs(never()))).message, /the answer is not the list of jobs GitLab documents; check that CI_API_V4_URL is the GitLab API/)
  gl.inject('GET', /\/jobs$/, { status: 200, body: [{ id: 'one', name: 'x' }] })
  assert.match((await unavailable(reader().failedJobs(never()))).message, /not the list of jobs/)
  gl.inject('GET', /\/jobs$/, { status: 200, body: '<html>sign in</html>' })
  assert.match((await unavailable(reader().failedJobs(never()))).message, /the answer is not JSON/)
  gl.inject('GET', /\/jobs$/, { reset: true })
  assert.match((await unavailable(reader().failedJobs(never()))).message, new RegExp(`^Could not read the failed jobs of pipeline 777 from GitLab at ${gl.url}: .+; check CI_API_V4_URL`))
  gl.addJob({ id: 2, name: 'cut' }, { cut: DEPLOY_TRACE.slice(0, 400) })
  const cut = await unavailable(reader().logTail(jobOf(2, 'cut'), 5, never()))
  assert.match(cut.message, /^Could not read the log of job "cut" from GitLab at .+: the connection closed before the answer was complete; /)
  assert.match((await unavailable(reader().logTail({ ...jobOf(1), id: '../../user' }, 5, never()))).message, /job id "..\/..\/user" is not a number/)
  gl.inject('GET', /\/jobs$/, { status: 502 })
  assert.match((await unavailable(reader().failedJobs(never()))).message, /^GitLab answered 502 .*; try again later, or set REPORT_CI_LOG=off/)
})

test('an endless, slow trace: the caller\'s signal ends the read and the connection', async () => {
  servers.glci.addJob({ id: 64, name: 'deploy' }, { endless: true, everyMs: 20 })
  const stop = new AbortController()
  const reading = reader().logTail(jobOf(64), 5, stop.signal)
  // Stopped once the trace is flowing, whenever that is.
  while (servers.glci.calls(/\/trace$/).length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
  stop.abort(new DOMException('The operation timed out.', 'TimeoutError'))
  const error = await unavailable(reading)
  assert.match(error.message, /^Reading the log of job "deploy" from GitLab did not finish in the time allowed; raise REPORT_CI_LOG_TIMEOUT/)
  while (servers.glci.abandoned === 0) await new Promise((resolve) => setTimeout(resolve, 5))
  // A listing that hangs is ended the same way.
  servers.glci.inject('GET', /\/jobs$/, { hang: true })
  const listing = unavailable(reader().failedJobs(AbortSignal.timeout(50)))
  assert.match((await listing).message, /did not finish in the time allowed/)
})

test('a 200 MB trace is read at flat memory, and its end is the end of step_script', async () => {
  servers.glci.addJob({ id: 65, name: 'deploy' }, { generate: 200 << 20 })
  // Read in a process of its own, so that neither the server generating the trace nor this runner counts.
  const child = await runCommand(process.execPath, [await compiledChild('read-gitlab-trace')], {
    CI_API_V4_URL: servers.glci.apiUrl,
    CI_LOG_TOKEN: servers.glci.token,
    JOB_ID: '65',
    LINES: '100',
  }, { timeoutMs: 600_000 })
  assert.is(child.code, 0, child.stderr)
  const { lines, grownBytes } = JSON.parse(child.stdout) as { lines: string[]; grownBytes: number }
  assert.equal(lines.slice(-3).map(visibleLine), GENERATED_LAST_LINES)
  assert.is(lines.length, 100)
  assert.match(visibleLine(lines[0]!), /^\[build \d+\.\d+\] done$/)
  const grown = grownBytes / (1 << 20)
  console.log(`  200 MB trace: the reading process's resident memory grew by ${grown.toFixed(1)} MB at most`)
  // Holding the trace would take 200 MB and more; the bound is loose so that the collector's moods cannot fail it.
  assert.ok(grown < 50, `memory grew by ${grown.toFixed(1)} MB`)
  assert.ok(servers.glci.calls(/\/trace$/).length === 1)
})

test.run()
