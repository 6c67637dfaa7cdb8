import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Io } from '../../../lib/run/io.ts'
import { main } from '../../../lib/cli/main.ts'

const collect = (): Io & { out: string; err: string } => {
  const io = { env: {}, out: '', err: '', stdout: { write: (t: string) => (io.out += t) }, stderr: { write: (t: string) => (io.err += t) } }
  return io
}
const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version

test('--help lists every command with its synopsis and exits 0', async () => {
  const io = collect()
  assert.is(await main(['--help'], io), 0)
  assert.match(io.out, /^Usage: deploy-failure-reporter <command> \[options\]\n/)
  for (const line of [/\n {2}report \[reason\] +\S/, /\n {2}resolve +\S/, /\n {2}doctor \[--ping\] +\S/, /\n {2}health <api_address> +\S/, /\n {2}retry <max_attempts> <delay_seconds> -- <command…>\n/]) {
    assert.match(io.out, line)
  }
  assert.is(io.err, '')
})

test('--version and -v print the package version', async () => {
  for (const flag of ['--version', '-v']) {
    const io = collect()
    assert.is(await main([flag], io), 0)
    assert.is(io.out, `${version}\n`)
  }
})

test('an unknown command, or none, exits 2 naming the commands', async () => {
  for (const [argv, first] of [[['deploy'], '[ERROR] Unknown command "deploy"'], [[], '[ERROR] No command given'], [['toString'], '[ERROR] Unknown command "toString"']] as const) {
    const io = collect()
    assert.is(await main(argv, io), 2)
    assert.ok(io.err.startsWith(`${first}; the commands are report, resolve, doctor, health, retry, stats, demo\n`), io.err)
    assert.match(io.err, /\nUsage: deploy-failure-reporter <command>/)
    assert.is(io.out, '')
  }
})

test('a command gets the words after it and names itself in its --help', async () => {
  const io = collect()
  assert.is(await main(['report', '--help'], io), 0)
  assert.match(io.out, /^Usage: deploy-failure-reporter report \[options\] \[reason\]\n/)
  const bad = collect()
  assert.is(await main(['resolve', 'extra'], bad), 2)
  assert.is(bad.err, '[ERROR] resolve takes no arguments, got "extra"; see --help\n')
})

test.run()
