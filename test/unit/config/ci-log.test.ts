import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readCiLog } from '../../../lib/config/ci-log.ts'

const read = (env: Record<string, string>) => {
  const problems: string[] = []
  return { settings: readCiLog(env, problems), problems }
}

const ACTIONS = { GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '123', GITHUB_RUN_ATTEMPT: '2', RUNNER_NAME: 'GitHub Actions 7', GITHUB_API_URL: 'https://api.github.com/' }

test('defaults: off, 10 s, no run outside GitHub Actions', () => {
  assert.equal(read({}), { settings: { ciLog: 'off', ciLogTimeoutMs: 10_000, githubRun: undefined }, problems: [] })
})

test('REPORT_CI_LOG=auto and REPORT_CI_LOG_TIMEOUT; the run from the runner\'s variables', () => {
  const { settings, problems } = read({ ...ACTIONS, REPORT_CI_LOG: 'auto', REPORT_CI_LOG_TIMEOUT: '2.5', JOB_CHECK_RUN_ID: '987' })
  assert.equal(problems, [])
  assert.is(settings.ciLog, 'auto')
  assert.is(settings.ciLogTimeoutMs, 2_500)
  assert.equal(settings.githubRun, { owner: 'acme', repo: 'shop', runId: '123', attempt: '2', runnerName: 'GitHub Actions 7', checkRunId: '987', apiUrl: 'https://api.github.com' })
  assert.is(read({ ...ACTIONS, GITHUB_RUN_ATTEMPT: '' }).settings.githubRun?.attempt, '1')
  assert.is(read({ ...ACTIONS, GITHUB_RUN_ID: 'abc' }).settings.githubRun, undefined)
})

test('bad values name the variable and the form expected', () => {
  assert.equal(read({ REPORT_CI_LOG: 'on', REPORT_CI_LOG_TIMEOUT: '0', JOB_CHECK_RUN_ID: 'x1' }).problems, [
    'REPORT_CI_LOG must be auto or off, got "on"',
    'REPORT_CI_LOG_TIMEOUT must be a number of seconds above 0, such as 10 (got "0")',
    'JOB_CHECK_RUN_ID must be the job\'s numeric id, ${{ job.check_run_id }} (got "x1")',
  ])
})

test.run()
