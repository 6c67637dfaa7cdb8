// The `What failed` section and the chat's `Failed:` line, rendered from plain failed jobs.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { FailedJob } from '../../../../lib/core/ci.ts'
import { renderBody, renderChat } from '../../../../lib/core/text/issue.ts'
import { failedEntries, failedLine, renderWhatFailed } from '../../../../lib/core/text/what-failed.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'

const URL_A = 'https://github.com/o/r/actions/runs/1/job/11'
const DEPLOY: FailedJob = { id: '11', name: 'deploy', url: URL_A, running: false, steps: [{ name: 'Run ./deploy.sh', number: 4, url: `${URL_A}#step:4:1` }] }
const OWN: FailedJob = { id: '12', name: 'report', url: 'https://github.com/o/r/actions/runs/1/job/12', running: true, steps: [{ name: 'Migrate', number: 2, url: 'https://github.com/o/r/actions/runs/1/job/12#step:2:1' }] }
const GITLAB: FailedJob = { id: '7', name: 'deploy', url: 'https://gitlab.example/g/p/-/jobs/7', running: false, steps: [], stage: 'deploy', reason: 'script_failure' }

test('one line per failed job and step, each linked; notes for a running job, a stage and a reason', () => {
  assert.is(
    renderWhatFailed([DEPLOY, OWN, GITLAB], [], Infinity),
    [
      '### What failed',
      `- [deploy](${URL_A}) › [Run ./deploy.sh](${URL_A}#step:4:1)`,
      '- [report](https://github.com/o/r/actions/runs/1/job/12) › [Migrate](https://github.com/o/r/actions/runs/1/job/12#step:2:1) (this job, still running)',
      '- [deploy](https://gitlab.example/g/p/-/jobs/7) (stage deploy, script_failure)',
    ].join('\n'),
  )
  assert.is(renderWhatFailed([], [], Infinity), '')
})

test('untrusted names cannot break the list, link or ping: brackets escaped, mentions defused, odd URLs not linked', () => {
  const hostile: FailedJob = { id: '1', name: 'x](https://evil.example) @org/team', url: 'javascript:alert(1)', running: false, steps: [] }
  const line = renderWhatFailed([hostile], [], Infinity).split('\n')[1]!
  assert.is(line, '- x\\](https://evil.example) @\u200Borg/team')
})

test('a name ending in a backslash cannot escape its link\'s closing bracket; a tag in it stays text', () => {
  const job: FailedJob = { ...DEPLOY, name: 'deploy <img src=x> \\', steps: [{ ...DEPLOY.steps[0]!, name: 'step\\' }] }
  const line = renderWhatFailed([job], [], Infinity).split('\n')[1]!
  assert.is(line, `- [deploy \\<img src=x> \\\\](${URL_A}) › [step\\\\](${URL_A}#step:4:1)`)
})

test('the excerpts follow the list in collapsed blocks, and share a small budget', () => {
  const logs = [1, 2, 3].map((n) => ({ text: Array.from({ length: 50 }, (_, i) => `job ${n} line ${i}`).join('\n'), source: `job ${n}`, jobUrl: URL_A }))
  const full = renderWhatFailed([DEPLOY], logs, Infinity)
  assert.is(full.split('<details>').length - 1, 3)
  assert.ok(full.includes('\n\n<details><summary>Last 50 lines of job 1, full log:'))
  const small = renderWhatFailed([DEPLOY], logs, 2_000)
  assert.ok(small.length <= 2_000, `${small.length}`)
  assert.is(small.split('<details>').length - 1, 3)
  assert.ok(small.includes('job 3 line 49\n```'), 'each keeps its end')
})

test('the body: the section after the reason; --log\'s excerpt wins over the CI\'s; without failed jobs, the body is unchanged', () => {
  const ci = { text: 'ci line', source: 'deploy › Run ./deploy.sh', jobUrl: `${URL_A}#step:4:1` }
  const body = renderBody({ ...SAMPLE_FAILURE, failed: [DEPLOY], ciLogs: [ci] })
  assert.ok(body.includes(`### Failure Reason\nDeploy job failed\n\n### What failed\n- [deploy](${URL_A})`))
  assert.ok(body.includes('```\nci line\n```\n\n</details>\n\n### Required Actions'))
  const withLog = renderBody({ ...SAMPLE_FAILURE, failed: [DEPLOY], ciLogs: [ci], log: { text: 'file line', source: 'deploy.log' } })
  assert.not.ok(withLog.includes('ci line'))
  assert.ok(withLog.includes(`#step:4:1)\n\n### Log excerpt\n<details><summary>Last 1 line of deploy.log</summary>`))
  assert.is(renderBody({ ...SAMPLE_FAILURE, failed: [] }), renderBody(SAMPLE_FAILURE))
})

test('a huge excerpt still leaves the body within GitHub\'s limit', () => {
  const huge = { text: 'y'.repeat(200_000), source: 'deploy', jobUrl: URL_A }
  const body = renderBody({ ...SAMPLE_FAILURE, failed: [DEPLOY], ciLogs: [huge, huge] })
  assert.ok(body.length <= 65_536 && body.length > 60_000, `${body.length}`)
  assert.ok(body.includes('### Required Actions'))
})

test('the chat line: the first job › step and how many more; plain text, Slack-escaped in the spec\'s notice', () => {
  assert.is(failedLine([DEPLOY, OWN, GITLAB]), 'deploy › Run ./deploy.sh (+2 more)')
  assert.is(failedLine([GITLAB]), 'deploy')
  const chat = renderChat({ ...SAMPLE_FAILURE, failed: [{ ...DEPLOY, name: '<!channel> deploy' }] })
  assert.ok(chat.includes('\nReason: Deploy job failed\nFailed: &lt;!channel&gt; deploy › Run ./deploy.sh\nPipeline: '), chat)
  assert.is(renderChat({ ...SAMPLE_FAILURE, failed: [] }), renderChat(SAMPLE_FAILURE))
})

test('failedEntries: one per step, a job without steps once with a null step', () => {
  assert.equal(failedEntries([DEPLOY, GITLAB]), [
    { job: 'deploy', step: 'Run ./deploy.sh', url: `${URL_A}#step:4:1` },
    { job: 'deploy', step: null, url: 'https://gitlab.example/g/p/-/jobs/7' },
  ])
})

test('given less room, the list keeps the lines that fit and counts the rest; each excerpt keeps its frame', () => {
  const jobs = Array.from({ length: 30 }, (_, i): FailedJob => ({ ...DEPLOY, id: String(i), name: `deploy ${i} ${'x'.repeat(100)}` }))
  const logs = [1, 2, 3].map((n) => ({ text: `job ${n} line\n`.repeat(500), source: `job ${n}`, jobUrl: URL_A }))
  const full = renderWhatFailed(jobs, logs, Infinity)
  assert.is(renderWhatFailed(jobs, logs, full.length), full, 'what fits is left as it is')
  const smallest = renderWhatFailed(jobs, logs, 0)
  assert.match(smallest, /^### What failed\n- … and 30 more failed jobs and steps: see the pipeline\n\n<details>/)
  for (let max = smallest.length; max < full.length; max += 997) {
    const section = renderWhatFailed(jobs, logs, max)
    assert.ok(section.length <= max, `${section.length} > ${max}`)
    const listed = section.split('\n').filter((line) => line.startsWith('- [deploy')).length
    const rest = 30 - listed
    if (rest) assert.ok(section.includes(`\n- … and ${rest} more failed job${rest === 1 ? '' : 's'} and step${rest === 1 ? '' : 's'}: see the pipeline\n`), section)
    assert.is(section.split('<details>').length - 1, 3)
  }
})

test.run()
