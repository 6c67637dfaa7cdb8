import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { optionsEnv } from '../../../lib/api/options.ts'

test('options override the environment, variable by variable; unset options leave it alone', () => {
  const env = { ISSUE_TOKEN: 'from-env', ISSUE_REPO: 'a/b', DEPLOY_ENV: 'prod', REPORT_TIMEOUT: '5' }
  const out = optionsEnv({ env, token: 'from-option', environment: 'staging', apiUrl: 'http://127.0.0.1:1', onDuplicate: 'comment' })
  assert.equal(out, {
    ISSUE_TOKEN: 'from-option',
    ISSUE_REPO: 'a/b',
    DEPLOY_ENV: 'staging',
    REPORT_TIMEOUT: '5',
    ISSUE_API_URL: 'http://127.0.0.1:1',
    ON_DUPLICATE: 'comment',
  })
  assert.is(env.ISSUE_TOKEN, 'from-env', 'the caller\'s object is not changed')
})

test('every documented option maps to its variable', () => {
  const out = optionsEnv({
    env: {},
    token: '1', repo: '2', apiUrl: '3', chatWebhook: '4', environment: '5', commitSha: '6', commitMessage: '7', pipelineUrl: '8', onDuplicate: '9', tracker: 'gitlab', ciLog: 'auto',
  })
  assert.equal(out, {
    ISSUE_TRACKER: 'gitlab', ISSUE_TOKEN: '1', ISSUE_REPO: '2', ISSUE_API_URL: '3', CHAT_WEBHOOK: '4', DEPLOY_ENV: '5', CI_COMMIT_SHA: '6', CI_COMMIT_MESSAGE: '7', CI_PIPELINE_URL: '8', ON_DUPLICATE: '9', REPORT_CI_LOG: 'auto',
  })
})

test('without env, process.env is the source (copied, not changed)', () => {
  const out = optionsEnv({ token: 'x' })
  assert.is(out.PATH, process.env.PATH)
  assert.is.not(out, process.env)
})

test.run()
