import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { pathToFileURL } from 'node:url'
import { ConfigError } from '../../../lib/core/errors.ts'
import { asksVersion, parseFlags, parseNumber, scriptArgs } from '../../../lib/cli/args.ts'
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
  // The script itself named again after it is an argument: only the first naming is the script.
  assert.equal(scriptArgs(url, ['node', 'report.mts', 'report.mts'], '/p/scripts'), ['report.mts'])
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

// Issue 32: every usage error is the reporter's own one line, never Node's argument-parser text.
const HEALTH_FLAGS = { help: { type: 'boolean', short: 'h' }, retries: { type: 'string' }, timeout: { type: 'string' } } as const
const usage = (args: string[], options: Parameters<typeof parseFlags>[1] = HEALTH_FLAGS): string => {
  try {
    parseFlags(args, options)
  } catch (error) {
    assert.instance(error, ConfigError)
    return (error as ConfigError).problems.join('\n')
  }
  throw new Error(`accepted ${JSON.stringify(args)}`)
}

test('parseFlags: each usage error is one line naming the option and what it expects, ending "see --help"', () => {
  assert.is(usage(['--nope']), 'Unknown option --nope: the options are -h/--help, --retries, --timeout; see --help')
  assert.is(usage(['-x']), 'Unknown option -x: the options are -h/--help, --retries, --timeout; see --help')
  assert.is(usage(['--retries']), '--retries expects a value (--retries <value>), got none; see --help')
  assert.is(usage(['--retries', '--timeout', '3']), '--retries expects a value (--retries <value>), got the option --timeout (write --retries=--timeout if that is the value); see --help')
  assert.is(usage(['--help=yes']), '--help takes no value, got "yes"; see --help')
  for (const args of [['--nope'], ['--retries'], ['--retries', '-x'], ['--help=1']]) {
    const message = usage(args)
    assert.not.match(message, /\n|ambiguous|To specify|argument missing|'/, message)
  }
})

test('parseFlags: a negative number is a value, for an option or as a positional, never an unknown flag', () => {
  assert.is(parseFlags(['--retries', '-1'], HEALTH_FLAGS).values.retries, '-1')
  assert.is(parseFlags(['--retries', '-2.5', 'x'], HEALTH_FLAGS).values.retries, '-2.5')
  assert.equal(parseFlags(['3', '-1', '--', '-2'], HEALTH_FLAGS).positionals, ['3', '-1', '-2'])
  const mixed = parseFlags(['-1', '--retries', '2', '-3'], HEALTH_FLAGS)
  assert.equal([mixed.values.retries, mixed.positionals], ['2', ['-1', '-3']])
  // After --, words pass as they are.
  assert.equal(parseFlags(['--', '--retries', '-1'], HEALTH_FLAGS).positionals, ['--retries', '-1'])
})

test('asksVersion: --version or -v anywhere before --, never after it', () => {
  assert.ok(asksVersion(['--version']))
  assert.ok(asksVersion(['a reason', '-v']))
  assert.ok(asksVersion(['--json', '--version', '--', 'x']))
  assert.not.ok(asksVersion(['3', '1', '--', 'node', '--version']))
  assert.not.ok(asksVersion(['--versions', 'v']))
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
