import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { actionRun, input } from '../../lib/cli/action-inputs.ts'
import { ConfigError } from '../../lib/errors.ts'

test('input: INPUT_<NAME> upper-cased, hyphens kept, spaces as _, trimmed; empty when unset', () => {
  const env = { 'INPUT_CHAT-WEBHOOK': ' https://hooks.example/x \n', INPUT_SOME_NAME: 'v' }
  assert.is(input(env, 'chat-webhook'), 'https://hooks.example/x')
  assert.is(input(env, 'some name'), 'v')
  assert.is(input(env, 'api-url'), '')
})

test('actionRun: report by default, the reason as one argument after --, inputs as the tools\' variables', () => {
  const run = actionRun({
    INPUT_REASON: 'Smoke test failed',
    INPUT_TOKEN: 'tok-123456',
    INPUT_REPO: 'acme/shop',
    'INPUT_API-URL': 'https://ghe.example/api/v3',
    INPUT_ENVIRONMENT: 'staging',
    'INPUT_CHAT-WEBHOOK': 'https://hooks.example/secret',
    'INPUT_ON-DUPLICATE': 'comment',
    'INPUT_DRY-RUN': 'false',
  })
  assert.is(run.command, 'report')
  assert.equal(run.args, ['--', 'Smoke test failed'])
  assert.equal(run.env, {
    ISSUE_TOKEN: 'tok-123456',
    ISSUE_REPO: 'acme/shop',
    ISSUE_API_URL: 'https://ghe.example/api/v3',
    DEPLOY_ENV: 'staging',
    CHAT_WEBHOOK: 'https://hooks.example/secret',
    ON_DUPLICATE: 'comment',
  })
  assert.equal(run.secrets, ['tok-123456', 'https://hooks.example/secret'])
})

test('actionRun: empty inputs set nothing, so the tools\' own defaults and the step\'s env apply', () => {
  const run = actionRun({ INPUT_MODE: '', 'INPUT_ON-DUPLICATE': '', INPUT_REASON: '' })
  assert.equal(run, { command: 'report', args: [], env: {}, secrets: [] })
})

test('actionRun: resolve takes no reason; dry-run true (any case) adds --dry-run', () => {
  assert.equal(actionRun({ INPUT_MODE: 'resolve', INPUT_REASON: 'ignored', 'INPUT_DRY-RUN': 'TRUE' }).args, ['--dry-run'])
  assert.equal(actionRun({ INPUT_MODE: 'report', INPUT_REASON: '--json', 'INPUT_DRY-RUN': 'true' }).args, ['--dry-run', '--', '--json'])
})

test('actionRun: every bad input in one ConfigError', () => {
  try {
    actionRun({ INPUT_MODE: 'close', 'INPUT_DRY-RUN': 'yes' })
    assert.unreachable('should throw')
  } catch (error) {
    assert.instance(error, ConfigError)
    assert.equal((error as ConfigError).problems, [
      'The input mode must be report or resolve, got "close"',
      'The input dry-run must be true or false, got "yes"',
    ])
  }
})

test.run()
