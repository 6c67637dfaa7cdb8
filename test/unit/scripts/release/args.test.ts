import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { scriptArgs } from '../../../../scripts/release/args.ts'

const url = 'file:///repo/scripts/release-check.mts'

test('run by node: the arguments after the script', () => {
  assert.equal(scriptArgs(url, ['/usr/bin/node', '/repo/scripts/release-check.mts', '--tag', 'v1.0.0']), ['--tag', 'v1.0.0'])
})

test('run by zx: its own path and the script are both skipped, however the script is written', () => {
  assert.equal(scriptArgs(url, ['/usr/bin/node', '/repo/node_modules/zx/build/cli.js', 'scripts/release-check.mts', '--help']), ['--help'])
  assert.equal(scriptArgs(url, ['/usr/bin/node', '/repo/node_modules/.bin/zx', './scripts/release-check.mts']), [])
})

test('a like-named argument after the script is an argument', () => {
  assert.equal(scriptArgs(url, ['node', 'release-check.mts', 'release-check.mts']), ['release-check.mts'])
})

test.run()
