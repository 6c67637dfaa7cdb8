import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { pathToFileURL } from 'node:url'
import { ConfigError } from '../../../lib/core/errors.ts'
import { parseFlags, parseNumber, scriptArgs } from '../../../lib/cli/args.ts'
import { EXIT, reportFailure } from '../../../lib/run/exit.ts'
import { memoryLog } from '../../../lib/core/log.ts'

const self = '/p/scripts/report.mts'
const url = pathToFileURL(self).href

test('scriptArgs drops node, zx and the script path, however the script was named', () => {
  assert.equal(scriptArgs(url, ['node', '/p/node_modules/.bin/zx', 'scripts/report.mts', 'a', '--json'], '/p'), ['a', '--json'])
  assert.equal(scriptArgs(url, ['node', '/p/node_modules/.bin/zx', './scripts/report.mts', 'b'], '/p'), ['b'])
  assert.equal(scriptArgs(url, ['node', self, 'c'], '/elsewhere'), ['c'])
  assert.equal(scriptArgs(url, ['node', 'x.mjs', 'd'], '/p'), ['d'])
  assert.equal(scriptArgs(url, ['node', '/p/node_modules/.bin/zx', url, 'e'], '/p'), ['e'])
})

test('scriptArgs recognises the script path written relative to another folder (cd lib && zx ../scripts/…)', () => {
  assert.equal(scriptArgs(url, ['node', '/p/node_modules/.bin/zx', '../scripts/report.mts', '--dry-run', 'Real reason'], '/p/lib'), ['--dry-run', 'Real reason'])
  assert.equal(scriptArgs(url, ['node', 'zx', '../../p/scripts/report.mts', 'f'], '/x/y'), ['f'])
  // The same name in another folder is another script: its path is then an argument.
  assert.equal(scriptArgs(url, ['node', 'zx', '/q/scripts/report.mts', 'g'], '/p'), ['/q/scripts/report.mts', 'g'])
})

test('reportFailure: configuration problems exit 2, one line each; anything else exits 1', () => {
  const log = memoryLog()
  assert.is(reportFailure(new ConfigError(['A is required', 'B is bad']), log), EXIT.config)
  assert.is(reportFailure(new Error('boom'), log), EXIT.failed)
  assert.equal(log.lines, ['[ERROR] A is required', '[ERROR] B is bad', '[ERROR] boom'])
})

test('parseFlags: known flags and positionals; an unknown flag is a usage error (exit 2)', () => {
  const { values, positionals } = parseFlags(['--json', 'a reason', '--', '--not-a-flag'], { json: { type: 'boolean' } })
  assert.is(values.json, true)
  assert.equal(positionals, ['a reason', '--not-a-flag'])
  try {
    parseFlags(['--jsn'], { json: { type: 'boolean' } })
    assert.unreachable()
  } catch (error) {
    assert.instance(error, ConfigError)
    assert.match((error as Error).message, /--jsn/)
    assert.match((error as Error).message, /see --help$/)
  }
})


test('parseNumber: numbers within bounds pass; anything else is a usage error naming the argument', () => {
  assert.is(parseNumber('delay', '0.5'), 0.5)
  assert.is(parseNumber('attempts', '3', { min: 1, integer: true }), 3)
  for (const [text, options] of [['', {}], [' ', {}], ['abc', {}], ['-1', {}], ['0', { min: 1 }], ['2.5', { integer: true }], ['Infinity', {}], [undefined, {}]] as const) {
    try {
      parseNumber('max_attempts', text, options)
      assert.unreachable(`accepted ${text}`)
    } catch (error) {
      assert.instance(error, ConfigError, String(text))
      assert.match((error as Error).message, /^max_attempts must be a (whole )?number of at least \d+, got ".*"; see --help$/)
    }
  }
})


test('reportFailure: a bug says so and asks for a report; with debug, its stack follows', () => {
  const bug = new TypeError("Cannot read properties of undefined (reading 'number')")
  const log = memoryLog()
  assert.is(reportFailure(bug, log), EXIT.failed)
  assert.equal(log.lines, [
    "[ERROR] Internal error: TypeError: Cannot read properties of undefined (reading 'number')",
    '[ERROR] This is a bug in deploy-failure-reporter, not a problem with the configuration or the network; please report it with the output of the same run with DEBUG=1 set',
  ])
  const debug = memoryLog()
  assert.is(reportFailure(bug, debug, { debug: true }), EXIT.failed)
  assert.ok(debug.lines[1]!.endsWith('please report it with the stack below'), debug.lines[1])
  // The frames of the stack, one line each, the first of them in this file, where the error was made.
  assert.ok(debug.lines[2]!.startsWith('[ERROR] at ') && debug.lines[2]!.includes('args.test.ts'), debug.lines.join('\n'))
})

test.run()
