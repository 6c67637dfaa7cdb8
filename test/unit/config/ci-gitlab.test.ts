import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { gitLabCiMissingToken, gitLabCiOptions } from '../../../lib/config/ci-gitlab.ts'

// What GitLab CI sets in every job (https://docs.gitlab.com/ci/variables/predefined_variables/).
const CI = {
  GITLAB_CI: 'true',
  CI_API_V4_URL: 'https://gitlab.example/api/v4',
  CI_PROJECT_ID: '4242',
  CI_PROJECT_PATH: 'acme/platform/shop',
  CI_PROJECT_URL: 'https://gitlab.example/acme/platform/shop',
  CI_PIPELINE_ID: '777',
  CI_JOB_ID: '9001',
  CI_JOB_NAME: 'deploy',
  CI_JOB_STAGE: 'deploy',
  CI_JOB_URL: 'https://gitlab.example/acme/platform/shop/-/jobs/9001',
  CI_JOB_STATUS: 'running',
  CI_JOB_TOKEN: 'job-token-cannot-read-traces',
}

const read = (env: Record<string, string>) => {
  const problems: string[] = []
  return { options: gitLabCiOptions(env, problems), problems }
}

test('in GitLab CI with a GitLab tracker: ISSUE_TOKEN, the pipeline, and the job the reporter runs in', () => {
  const { options, problems } = read({ ...CI, ISSUE_TRACKER: 'gitlab', ISSUE_TOKEN: 'glpat-issue-token-123', CI_LOG_TOKEN: 'glpat-log-token-456' })
  assert.equal(problems, [])
  assert.equal(options, {
    apiUrl: 'https://gitlab.example/api/v4',
    project: '4242',
    pipelineId: '777',
    currentJob: { id: '9001', name: 'deploy', stage: 'deploy', url: 'https://gitlab.example/acme/platform/shop/-/jobs/9001', failed: false },
    token: 'glpat-issue-token-123',
    tokenName: 'ISSUE_TOKEN',
  })
  assert.ok(Object.isFrozen(options))
})

test('with a GitHub tracker, CI_LOG_TOKEN; never CI_JOB_TOKEN, never the GitHub token', () => {
  const { options } = read({ ...CI, ISSUE_TOKEN: 'ghp_github_token_123', CI_LOG_TOKEN: 'glpat-log-token-456' })
  assert.is(options?.token, 'glpat-log-token-456')
  assert.is(options?.tokenName, 'CI_LOG_TOKEN')
  assert.is(read({ ...CI, ISSUE_TOKEN: 'ghp_github_token_123' }).options, undefined)
  assert.match(gitLabCiMissingToken({ ...CI, ISSUE_TOKEN: 'ghp_github_token_123' })!, /set CI_LOG_TOKEN to a token with the read_api scope/)
  assert.is(gitLabCiMissingToken({ ...CI, CI_LOG_TOKEN: 'glpat-log-token-456' }), undefined)
})

test('ISSUE_TOKEN of a GitLab tracker on another instance is not sent to this one', () => {
  const elsewhere = { ...CI, ISSUE_TRACKER: 'gitlab', ISSUE_TOKEN: 'glpat-other-instance', ISSUE_API_URL: 'https://gitlab.other.example/api/v4' }
  assert.is(read(elsewhere).options, undefined)
  assert.is(read({ ...elsewhere, CI_LOG_TOKEN: 'glpat-log-token-456' }).options?.tokenName, 'CI_LOG_TOKEN')
  assert.is(read({ ...elsewhere, ISSUE_API_URL: 'https://gitlab.example/api/v4/' }).options?.tokenName, 'ISSUE_TOKEN')
})

test('outside GitLab CI, nothing, and no problem even with malformed variables', () => {
  assert.equal(read({ ...CI, GITLAB_CI: '', CI_LOG_TOKEN: 'glpat-log', CI_PIPELINE_ID: 'x' }), { options: undefined, problems: [] })
  assert.equal(read({ CI_LOG_TOKEN: 'glpat-log' }), { options: undefined, problems: [] })
  assert.is(gitLabCiMissingToken({}), undefined)
})

test('an after_script of a failed job marks its own job failed; CI_PROJECT_PATH stands in for CI_PROJECT_ID', () => {
  const { options } = read({ ...CI, CI_LOG_TOKEN: 'glpat-log', CI_JOB_STATUS: 'failed', CI_PROJECT_ID: '' })
  assert.is(options?.currentJob?.failed, true)
  assert.is(options?.project, 'acme/platform/shop')
  const noJob = read({ ...CI, CI_LOG_TOKEN: 'glpat-log', CI_JOB_ID: '' }).options
  assert.is(noJob?.currentJob, undefined)
})

test('malformed variables are problems naming each one and the expected form, the token never echoed', () => {
  const token = 'glpat-log-token-456'
  const { options, problems } = read({ ...CI, CI_LOG_TOKEN: token, CI_API_V4_URL: 'gitlab.example/api', CI_PROJECT_ID: 'shop', CI_PIPELINE_ID: token, CI_JOB_ID: '-3' })
  assert.is(options, undefined)
  assert.equal(problems, [
    'CI_API_V4_URL must be GitLab\'s API address, an http(s) URL such as https://gitlab.com/api/v4 (GitLab CI sets it), got "gitlab.example/api"',
    'CI_PROJECT_ID must be a numeric project id (GitLab CI sets it), got "shop"',
    'CI_PIPELINE_ID must be a numeric pipeline id (GitLab CI sets it), got "***"',
    'CI_JOB_ID must be a numeric job id (GitLab CI sets it), got "-3"',
  ])
  const missing = read({ GITLAB_CI: 'true', CI_LOG_TOKEN: token }).problems
  assert.equal(missing.length, 3)
  assert.match(missing.join('\n'), /CI_API_V4_URL.*got undefined\nCI_PROJECT_ID \(a numeric project id\) or CI_PROJECT_PATH.*\nCI_PIPELINE_ID/)
  assert.is(read({ ...CI, CI_LOG_TOKEN: token, CI_API_V4_URL: 'ftp://gitlab.example/api/v4' }).problems.length, 1)
})

test.run()
