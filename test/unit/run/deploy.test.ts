import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../../lib/config/config.ts'
import { readDeploy, withoutToken } from '../../../lib/run/deploy.ts'

const TOKEN = 'ghp_deployTestToken123'
const time = new Date(2026, 0, 2, 3, 4, 5)

test('the configured values, with the token taken out of every one', async () => {
  const config = loadConfig({
    ISSUE_TOKEN: TOKEN,
    ISSUE_REPO: 'acme/shop',
    DEPLOY_ENV: `stage-${TOKEN}`,
    CI_COMMIT_SHA: 'abc1234',
    CI_COMMIT_MESSAGE: `echo ${TOKEN}`,
    CI_PIPELINE_URL: `https://ci.example/?t=${TOKEN}`,
  })
  assert.equal(await readDeploy(config, time), {
    environment: 'stage-***',
    commitSha: 'abc1234',
    commitMessage: 'echo ***',
    pipelineUrl: 'https://ci.example/?t=***',
    time,
  })
  assert.is(withoutToken(`a ${TOKEN} b`, config), 'a *** b')
})

test('withMessage: false asks git nothing for the message and says unknown', async () => {
  const config = loadConfig({ ISSUE_TOKEN: TOKEN, ISSUE_REPO: 'acme/shop', CI_COMMIT_SHA: 'abc1234' })
  const deploy = await readDeploy(config, time, { withMessage: false })
  assert.is(deploy.commitMessage, 'unknown')
  assert.is(deploy.commitSha, 'abc1234')
  assert.is(deploy.environment, 'production')
  assert.is(deploy.pipelineUrl, 'unknown')
})

test.run()
