// The plugin API's public surface, pinned: adding or removing an export is a decision, made here on purpose.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as api from '../../lib/index.ts'

test('lib/index.ts exports exactly the plugin API, all named', () => {
  assert.equal(Object.keys(api).sort(), [
    'ApiError',
    'AttemptsExhausted',
    'ConfigError',
    'CreateFailed',
    'ListFailed',
    'RateLimited',
    'ResolveFailed',
    'StatsReadFailed',
    'Unreachable',
    'backoff',
    'checkHealth',
    'deployStats',
    'reportDeployFailure',
    'resolveDeployFailures',
    'retry',
  ])
  assert.not.ok('default' in api)
})

test('the functions and error classes are what they say', () => {
  for (const name of ['reportDeployFailure', 'resolveDeployFailures', 'checkHealth', 'retry', 'backoff'] as const) assert.type(api[name], 'function', name)
  const failed = new api.CreateFailed(new Error('422'))
  assert.is(failed.outcome, 'failed')
  assert.is(failed.message, 'Failed to create issue')
  assert.ok(new api.ConfigError(['a', 'b']).problems.length === 2)
  assert.equal(new api.ResolveFailed([1], [2, 3]).failed, [2, 3])
})

test('reportDeployFailure rejects bad configuration with every problem listed, before any request', async () => {
  const error = await api.reportDeployFailure({ env: {}, quiet: true }).then(() => undefined, (e: unknown) => e)
  assert.instance(error, api.ConfigError)
  assert.equal((error as api.ConfigError).problems, ['ISSUE_TOKEN is required', 'ISSUE_REPO is required (owner/repo)'])
})

// Captures what the helpers print on stderr (the spec's lines) instead of letting it through.
async function stderrOf(fn: () => Promise<unknown>): Promise<string> {
  const write = process.stderr.write
  let text = ''
  process.stderr.write = ((chunk: string) => ((text += chunk), true)) as typeof process.stderr.write
  try {
    await fn()
  } finally {
    process.stderr.write = write
  }
  return text
}

test('retry and backoff: the spec helpers and their lines, with the callback first for backoff', async () => {
  let calls = 0
  let result: unknown
  const retried = await stderrOf(async () => void (result = await api.retry(3, 0, () => (++calls < 2 ? Promise.reject(new Error('x')) : 'ok'))))
  assert.is(result, 'ok')
  assert.is(calls, 2)
  assert.is(retried, '[WARN] Attempt 1/3 failed, retrying in 0s...\n')
  calls = 0
  let error: unknown
  const backedOff = await stderrOf(() => api.backoff(() => { calls++; throw new Error('always') }, 2, 0).catch((e: unknown) => void (error = e)))
  assert.instance(error, api.AttemptsExhausted)
  assert.is(calls, 2)
  // Issue 32: no "retrying" after the last attempt.
  assert.is(backedOff, '[WARN] Attempt 1/2 failed, retrying in 0s...\n')
})

test.run()
