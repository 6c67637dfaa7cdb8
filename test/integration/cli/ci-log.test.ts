// REPORT_CI_LOG=auto in GitHub Actions: the `report` command, run in process (test/helpers/in-process.ts), against the loopback GitHub
// serving a run's jobs, steps and logs, the logs from a second origin that must never see a credential.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { actionsJob, failedLog, LoopbackActions, stamped } from '../../helpers/loopback-github-actions.ts'
import { startLoopbackGitHub } from '../../helpers/loopback-github.ts'
import { useLoopback } from '../../helpers/servers.ts'

const ENV = { ...FIXED_ENV, ...FAST_ENV }
// A made-up value in GitHub's token format; not a real credential.
const PLANTED = 'ghp_' + 'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8'

const servers = useLoopback(test, { github: true, tmpdir: 'ci-log-e2e-' })
let actions: LoopbackActions | undefined
const run = async () => (actions = await LoopbackActions.attach(servers.gh))
test.after.each(async () => {
  await actions?.close()
  actions = undefined
})

const sentBody = () => (servers.gh.calls('POST', /\/issues$/)[0]!.json as { body: string }).body
const chatText = () => (servers.gh.chat[0]!.json as { text: string }).text
const withoutTime = (body: string) => body.replace(/\n\*\*Time:\*\* [^\n]*\n/, '\n')
const section = (body: string) => body.slice(body.indexOf('### What failed'), body.indexOf('### Required Actions'))
const jobCalls = () => servers.gh.calls('GET', /\/actions\/runs\/\d+\/attempts\/\d+\/jobs$/)
const logCalls = () => servers.gh.calls('GET', /\/actions\/jobs\/\d+\/logs$/)

// The body a run without REPORT_CI_LOG sends, from a fresh loopback GitHub.
async function plainBody(): Promise<string> {
  const plain = await startLoopbackGitHub()
  try {
    const r = await runInProcess('report.mts', ['Deploy job failed'], plain.env(ENV))
    assert.is(r.code, 0, r.stderr)
    return (plain.calls('POST', /\/issues$/)[0]!.json as { body: string }).body
  } finally {
    await plain.close()
  }
}

// A run whose `deploy` job failed at its third step, and whose reporter runs in a separate job.
function separateFailureJob(a: LoopbackActions) {
  a.add(actionsJob(101, 'build', 'success', [['Set up job', 'success'], ['Run npm ci', 'success']], stamped(['ok'])))
  const deploy = a.add(
    actionsJob(102, 'deploy (production)', 'failure', [['Set up job', 'success'], ['Run npm ci', 'success'], ['Deploy', 'failure'], ['Post Run actions/checkout@v4', 'success']], failedLog('./deploy.sh production', PLANTED)),
  )
  a.add({ ...actionsJob(103, 'report', null, [['Set up job', 'success'], ['Report', null]]), runner_name: 'GitHub Actions 1000' })
  return deploy
}

test('a separate failure job: the failing job and step are linked, its failing step\'s log is in the issue, cleaned and scrubbed; the log host never sees the token', async () => {
  const a = await run()
  separateFailureJob(a)
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, ...a.env(), REPORT_LOG_LINES: '8' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const body = sentBody()
  const jobUrl = a.jobUrl(102)
  // Written out by hand from the log the helper serves: the step opens at `Run ./deploy.sh production`;
  // the last 8 lines of it, without timestamps, markers, colour or the planted token, and no clean-up.
  const expected = [
    '### What failed',
    `- [deploy (production)](${jobUrl}) › [Deploy](${jobUrl}#step:3:1)`,
    '',
    `<details><summary>Last 8 lines of deploy (production) › Deploy, full log: <a href="${jobUrl}#step:3:1">${jobUrl}#step:3:1</a></summary>`,
    '',
    '```',
    'Run ./deploy.sh production',
    './deploy.sh production',
    'shell: /usr/bin/bash -e {0}',
    'Deploying to production…',
    // The scrubber masks an Authorization header to the end of its line, as it does in --log's excerpt.
    'curl -fsS -H "Authorization: ***',
    'curl: (22) The requested URL returned error: 503',
    'Error: Process completed with exit code 22.',
    '```',
    '',
    '</details>',
    '',
    '',
  ].join('\n')
  assert.fixture(section(body), expected.replace('Last 8 lines', 'Last 7 lines'))
  assert.ok(body.includes('\n### Failure Reason\nDeploy job failed\n\n### What failed\n'), 'right after the reason')
  assert.not.ok(body.includes(PLANTED) || body.includes(servers.gh.token), 'no token in the body')
  // One jobs page of 100, one log; the log host got one request, with no credential.
  assert.is(jobCalls().length, 1)
  assert.is(jobCalls()[0]!.query.get('per_page'), '100')
  assert.is(logCalls().length, 1)
  assert.equal(a.logHost.withCredentials, [])
  assert.is(a.logHost.requests.length, 1)
  // The chat names the job and step, never a log line.
  assert.ok(chatText().includes('\nReason: Deploy job failed\nFailed: deploy (production) › Deploy\nPipeline: '), chatText())
  assert.not.match(chatText(), /exit code|curl|Deploying/)
  const json = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { failed: unknown }
  assert.equal(json.failed, [{ job: 'deploy (production)', step: 'Deploy', url: `${jobUrl}#step:3:1` }])
})

test('the same job: the reporter\'s own in-progress job is named with its failed step and no log is asked for', async () => {
  const a = await run()
  a.add(actionsJob(201, 'lint', 'success', [['Set up job', 'success']]))
  a.add({ ...actionsJob(202, 'deploy', null, [['Set up job', 'success'], ['Deploy', 'failure'], ['Report the failure', null]]), runner_name: 'GitHub Actions 1000' })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env() }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(section(sentBody()), `### What failed\n- [deploy](${a.jobUrl(202)}) › [Deploy](${a.jobUrl(202)}#step:2:1) (this job, still running)\n\n`)
  assert.is(logCalls().length, 0)
  assert.is(a.logHost.requests.length, 0)
})

test('JOB_CHECK_RUN_ID names the reporter\'s job directly, whatever its runner', async () => {
  const a = await run()
  a.add(actionsJob(301, 'deploy', null, [['Set up job', 'success'], ['Migrate', 'timed_out'], ['Report', null]]))
  a.add({ ...actionsJob(302, 'other', null, [['Set up job', 'failure']]), runner_name: 'GitHub Actions 1000' })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env(), JOB_CHECK_RUN_ID: '301' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(section(sentBody()), `### What failed\n- [deploy](${a.jobUrl(301)}) › [Migrate](${a.jobUrl(301)}#step:2:1) (this job, still running)\n\n`)
})

test('a 40-job matrix with 3 failures: one page of 100, three excerpts, each from its own job', async () => {
  const a = await run()
  const failing = new Set([7, 23, 38])
  for (let i = 1; i <= 40; i++) {
    const ok = !failing.has(i)
    a.add(actionsJob(1000 + i, `test (node-${i})`, ok ? 'success' : 'failure', [['Set up job', 'success'], ['Run tests', ok ? 'success' : 'failure']], ok ? stamped(['fine']) : failedLog(`npm test -- --shard=${i}`, PLANTED)))
  }
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env(), REPORT_LOG_LINES: '3' }))
  assert.is(r.code, 0, r.stderr)
  const body = section(sentBody())
  const listed = body.split('\n').filter((line) => line.startsWith('- '))
  assert.equal(listed, [...failing].map((i) => `- [test (node-${i})](${a.jobUrl(1000 + i)}) › [Run tests](${a.jobUrl(1000 + i)}#step:2:1)`))
  assert.is(body.split('<details>').length - 1, 3)
  assert.equal(logCalls().map((c) => c.path.split('/').at(-2)), ['1007', '1023', '1038'])
  assert.is(jobCalls().length, 1)
  assert.equal(a.logHost.withCredentials, [])
})

test('250 jobs with 5 failures: every page read (3 of 100), 3 excerpts, the other 2 named and linked', async () => {
  const a = await run()
  const failing = new Set([3, 120, 180, 230, 249])
  for (let i = 1; i <= 250; i++) {
    const ok = !failing.has(i)
    a.add(actionsJob(5000 + i, `shard ${i}`, ok ? 'success' : 'failure', [['Run tests', ok ? 'success' : 'failure']], ok ? undefined : failedLog(`npm test ${i}`, PLANTED)))
  }
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env(), REPORT_LOG_LINES: '2' }))
  assert.is(r.code, 0, r.stderr)
  const body = section(sentBody())
  assert.is(jobCalls().length, 3)
  assert.is(body.split('\n').filter((line) => line.startsWith('- [shard ')).length, 5)
  assert.is(body.split('<details>').length - 1, 3)
  assert.is(logCalls().length, 3)
  assert.ok(body.includes(`- [shard 249](${a.jobUrl(5249)}) › [Run tests](${a.jobUrl(5249)}#step:1:1)`))
})

test('403 on the jobs: one [WARN] naming permissions: actions: read; the issue is the one a run without REPORT_CI_LOG files', async () => {
  const a = await run()
  separateFailureJob(a)
  servers.gh.inject('GET', /\/actions\/runs\/\d+\/attempts\/\d+\/jobs$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env() }))
  assert.is(r.code, 0, r.stderr)
  const warnings = r.stderr.split('\n').filter(Boolean)
  assert.is(warnings.length, 1, r.stderr)
  assert.match(warnings[0]!, /^\[WARN\] Could not read the failed jobs from GitHub Actions: .*HTTP 403.*`permissions: actions: read`.*without its What failed section$/)
  assert.is(withoutTime(sentBody()), withoutTime(await plainBody()))
  assert.not.match(chatText(), /Failed:/)
})

test('404 on a log (expired): one [WARN]; the job is still named, without an excerpt', async () => {
  const a = await run()
  a.add(actionsJob(401, 'deploy', 'failure', [['Deploy', 'failure']]))
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env() }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /^\[WARN\] Could not read the log of the failed job "deploy" from GitHub Actions: .*HTTP 404.*expired or been deleted.*\n$/)
  assert.is(section(sentBody()), `### What failed\n- [deploy](${a.jobUrl(401)}) › [Deploy](${a.jobUrl(401)}#step:1:1)\n\n`)
})

test('an unexpected answer shape and a redirect to a non-http(s) address: one [WARN] each, the issue still filed', async () => {
  const a = await run()
  separateFailureJob(a)
  servers.gh.inject('GET', /\/actions\/runs\/\d+\/attempts\/\d+\/jobs$/, { status: 200, body: { total_count: 1, jobs: 'none' } })
  const shape = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env() }))
  assert.is(shape.code, 0, shape.stderr)
  assert.match(shape.stderr, /^\[WARN\] Could not read the failed jobs from GitHub Actions: GitHub answered the list of the run’s jobs in a shape this tool does not know;[^\n]*\n$/)
  assert.not.ok(sentBody().includes('### What failed'))

  a.location = () => 'file:///etc/passwd'
  const file = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env(), ON_DUPLICATE: 'skip' }))
  assert.is(file.code, 0, file.stderr)
  assert.match(file.stderr, /^\[WARN\] Could not read the log of the failed job "deploy \(production\)" from GitHub Actions: GitHub redirected the log of job 102 to an address that is not http\(s\) \(file:\); refused/)
  assert.is(a.logHost.requests.length, 0)
})

test('an endless slow log: cut off at REPORT_CI_LOG_TIMEOUT with one [WARN]; the issue is filed naming the job', async () => {
  const a = await run()
  const deploy = separateFailureJob(a)
  let written = 0
  deploy.log = {
    stream: async (write) => {
      while (await write(stamped([`still deploying ${written++}`]))) await new Promise((resolve) => setTimeout(resolve, 50))
    },
  }
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, ...a.env(), REPORT_CI_LOG_TIMEOUT: '1.5' }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /^\[WARN\] Could not read the log of the failed job "deploy \(production\)" from GitHub Actions: it took longer than REPORT_CI_LOG_TIMEOUT \(1\.5 s\); raise REPORT_CI_LOG_TIMEOUT, or set REPORT_CI_LOG=off\. The issue names the job without its log\n$/)
  assert.ok(section(sentBody()).startsWith(`### What failed\n- [deploy (production)](${a.jobUrl(102)}) › [Deploy]`))
  assert.not.ok(sentBody().includes('<details>'))
  assert.is(servers.gh.openIssues().length, 1)
})

test('--log wins over the CI\'s log: the jobs are named, the excerpt is the file\'s, and no log is fetched', async () => {
  const a = await run()
  separateFailureJob(a)
  const r = await runInProcess('report.mts', ['--log', '-', 'Deploy job failed'], servers.gh.env({ ...ENV, ...a.env() }), { input: 'from the file\n' })
  assert.is(r.code, 0, r.stderr)
  const body = sentBody()
  assert.ok(body.includes(`### What failed\n- [deploy (production)](${a.jobUrl(102)}) › [Deploy](${a.jobUrl(102)}#step:3:1)\n\n### Log excerpt\n<details><summary>Last 1 line of standard input</summary>\n\n\`\`\`\nfrom the file\n\`\`\``), body)
  assert.is(logCalls().length, 0)
})

test('--dry-run shows the section it would write, reading only', async () => {
  const a = await run()
  separateFailureJob(a)
  const r = await runInProcess('report.mts', ['--dry-run', 'Deploy job failed'], servers.gh.env({ ...ENV, ...a.env(), REPORT_LOG_LINES: '2' }))
  assert.is(r.code, 0, r.stderr)
  assert.ok(r.stdout.includes(`### What failed\n- [deploy (production)](${a.jobUrl(102)}) › [Deploy](${a.jobUrl(102)}#step:3:1)\n\n<details><summary>Last 2 lines of deploy (production) › Deploy`), r.stdout)
  assert.ok(r.stdout.includes('\nFailed: deploy (production) › Deploy\n'))
  assert.is(servers.gh.calls('POST').length + servers.gh.calls('PATCH').length, 0)
})

test('REPORT_CI_LOG unset in GitHub Actions: no Actions request, and the body a plain run sends', async () => {
  const a = await run()
  separateFailureJob(a)
  const { REPORT_CI_LOG: _, ...env } = a.env()
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...ENV, ...env }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.calls('GET', /\/actions\//).length, 0)
  assert.is(withoutTime(sentBody()), withoutTime(await plainBody()))
  assert.not.ok(r.stdout.includes('"failed"'))
})

test('doctor in GitHub Actions: says whether the token can read the run\'s jobs; a 403 fails it only with REPORT_CI_LOG=auto', async () => {
  const a = await run()
  separateFailureJob(a)
  const ok = await runInProcess('doctor.mts', [], servers.gh.env({ ...ENV, ...a.env() }))
  assert.is(ok.code, 0, ok.stdout + ok.stderr)
  assert.ok(ok.stdout.includes('✓ CI log: the token can read the jobs of run 4242 (1 failed so far)\n'), ok.stdout)

  servers.gh.inject('GET', /\/actions\/runs\/\d+\/attempts\/\d+\/jobs$/, { status: 403, body: { message: 'Resource not accessible by integration' } }, 2)
  const refused = await runInProcess('doctor.mts', [], servers.gh.env({ ...ENV, ...a.env() }))
  assert.is(refused.code, 1)
  assert.match(refused.stdout, /\n✗ CI log: the token cannot read this run's jobs \(GitHub refused to let the token read jobs for run 4242 \(attempt 2\) in acme\/shop \(HTTP 403\); give the workflow `permissions: actions: read`/)
  const { REPORT_CI_LOG: _, ...off } = a.env()
  const notUsed = await runInProcess('doctor.mts', [], servers.gh.env({ ...ENV, ...off }))
  assert.is(notUsed.code, 0, notUsed.stdout)
  assert.match(notUsed.stdout, /\n✓ CI log: the token cannot read this run's jobs .*\(only needed with REPORT_CI_LOG=auto, which is off\)\n/)
})

test.run()
