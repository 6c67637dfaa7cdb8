// The problems loadConfig reports for an environment, for the configuration tests: one ConfigError
// listing every problem is the contract, so anything else thrown, or nothing, fails the test.
import * as assert from 'uvu/assert'
import { loadConfig } from '../../lib/config/config.ts'
import { ConfigError } from '../../lib/core/errors.ts'

/** The `problems` of the ConfigError that `loadConfig(env, options)` throws; fails the test when it throws none. */
export function configProblems(env: Record<string, string>, options?: Parameters<typeof loadConfig>[1]): readonly string[] {
  try {
    loadConfig(env, options)
  } catch (error) {
    assert.instance(error, ConfigError)
    return (error as ConfigError).problems
  }
  assert.unreachable('expected a ConfigError')
  return []
}
