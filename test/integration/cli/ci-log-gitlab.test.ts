// REPORT_CI_LOG=auto in GitLab CI: the `report` command, run in process (test/helpers/in-process.ts), filing on the loopback GitLab,
// reading the pipeline's failed jobs and trace from a second loopback GitLab (the CI's API), with the
// read_api token (CI_LOG_TOKEN) sent only there and the tracker's token never sent there.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { DEPLOY_TRACE, PLANTED_TOKEN } from '../../helpers/loopback-gitlab-ci.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { gitlab: true, gitlabCi: true, tmpdir: 'ci-log-gitlab-e2e-' })
const env = (jobId: number, extra: Record<string, string> = {}) => servers.gl.env({ ...FIXED_ENV, ...FAST_ENV, REPORT_CI_LOG: 'auto', ...servers.glci.env(jobId, extra) })
const description = (): string => servers.gl.issues[0]!.description ?? ''
const section = (body: string) => body.slice(body.indexOf('### What failed'), body.indexOf('### Required Actions'))

test('a later-stage reporter job: the failed job is named with its stage and reason, linked, and the end of its script is in the issue, scrubbed', async () => {
  const ci = servers.glci
  ci.addJob({ id: 501, name: 'deploy production', stage: 'deploy', failure_reason: 'script_failure' }, DEPLOY_TRACE)
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], env(9001))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const body = section(description())
  assert.ok(body.startsWith('### What failed\n'), description())
  assert.ok(body.includes(`[deploy production](${ci.url}/${ci.path}/-/jobs/501) (stage deploy, script_failure)`), body)
  // The trace's step_script ends with these lines; its progress bar shows only what the terminal would.
  assert.ok(body.includes('Error: deploy target refused the release (HTTP 503)'), body)
  assert.ok(body.includes('Uploading release 100%'), body)
  assert.not.ok(body.includes('Uploading release 10%'), body)
  assert.not.ok(body.includes('section_start'), body)
  assert.not.ok(body.includes('\u001b'), body)
  assert.not.ok(description().includes(PLANTED_TOKEN), 'the planted token reached the issue')
  assert.ok(body.includes('export DEPLOY_TOKEN=***'), body)
  // The tracker's token stays with the tracker; the CI's API saw only the read_api token.
  assert.ok(ci.requests.length >= 2)
  assert.ok(ci.requests.every((q) => q.headers.authorization === `Bearer ${ci.token}`), ci.requests.map((q) => q.headers.authorization).join(' '))
  assert.ok(servers.gl.requests.every((q) => q.headers.authorization === `Bearer ${servers.gl.token}`))
  const json = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { failed: unknown }
  assert.equal(json.failed, [{ job: 'deploy production', step: null, url: `${ci.url}/${ci.path}/-/jobs/501` }])
})

test('the after_script of the failed job: the job is named as still running, its unfinished trace is not read', async () => {
  const ci = servers.glci
  const r = await runInProcess('report.mts', ['Deploy job failed'], env(502, { CI_JOB_NAME: 'deploy', CI_JOB_STAGE: 'deploy', CI_JOB_STATUS: 'failed' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const body = section(description())
  assert.ok(body.includes(`[deploy](${ci.url}/${ci.path}/-/jobs/502) (stage deploy, this job, still running)`), body)
  assert.is(ci.requests.filter((q) => q.path.endsWith('/trace')).length, 0)
})

test('a token that cannot read the pipeline (403): one warning naming the fix, and the issue is filed without the section', async () => {
  const ci = servers.glci
  ci.addJob({ id: 503, name: 'deploy' }, DEPLOY_TRACE)
  const r = await runInProcess('report.mts', ['Deploy job failed'], env(9001, { CI_LOG_TOKEN: 'glpat-not-the-right-one-000000' }))
  assert.is(r.code, 0, r.stderr)
  const warnings = r.stderr.split('\n').filter(Boolean)
  assert.is(warnings.length, 1, r.stderr)
  assert.match(warnings[0]!, /^\[WARN\] .*GitLab.*CI_LOG_TOKEN/)
  assert.not.ok(r.stderr.includes('glpat-not-the-right-one'), 'the token was printed')
  assert.is(servers.gl.issues.length, 1)
  assert.not.ok(description().includes('### What failed'))
})

test('REPORT_CI_LOG unset: the CI is never asked, and the body is the one a run outside CI files', async () => {
  const ci = servers.glci
  ci.addJob({ id: 504, name: 'deploy' }, DEPLOY_TRACE)
  const { REPORT_CI_LOG: _auto, ...plain } = env(9001)
  const r = await runInProcess('report.mts', ['Deploy job failed'], plain)
  assert.is(r.code, 0, r.stderr)
  assert.is(ci.requests.length, 0)
  assert.not.ok(description().includes('### What failed'))
})

test.run()
