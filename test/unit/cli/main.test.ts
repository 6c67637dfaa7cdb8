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

test('--version and -v after any command print the version, whatever else the words say (issue 32)', async () => {
  for (const argv of [['report', '--version'], ['resolve', '-v'], ['doctor', '--version'], ['health', '--version'], ['retry', '3', '1', '--version', '--', 'false'], ['stats', '--since', '30d', '--version'], ['report', '--bogus', '-v']]) {
    const io = collect()
    assert.is(await main(argv, io), 0, argv.join(' '))
    assert.is(io.out, `${version}\n`, argv.join(' '))
    assert.is(io.err, '', argv.join(' '))
  }
})

// Issue 32: each section's two columns line up, continuation lines under the second, and the long
// environment lists give way to the key variables and docs/configuration.md.
function misaligned(text: string): string[] {
  const problems: string[] = []
  for (const section of text.split(/\n\n/)) {
    const lines = section.split('\n')
    // A term (an option with its value, a variable, a synopsis), two or more spaces, its description.
    const column = (line: string) => /^( {2}\S+(?: <[^>]+>)?(?:, \S+)?(?: \[[^\]]+\])? {2,})\S/.exec(line)?.[1]!.length
    const columns = new Set(lines.map(column).filter((c) => c !== undefined))
    if (columns.size > 1) problems.push(`columns ${[...columns].join(', ')} in:\n${section}`)
    const [at] = columns
    for (const line of lines) {
      const indent = /^ */.exec(line)![0].length
      if (at !== undefined && indent > 2 && indent !== at) problems.push(`continuation at ${indent}, not ${at}: ${line}`)
    }
  }
  return problems
}

test('--help of the program and of every command: aligned columns, and no environment list filling the screen', async () => {
  const texts: [string, string][] = []
  const top = collect()
  await main(['--help'], top)
  texts.push(['(program)', top.out])
  for (const name of ['report', 'resolve', 'doctor', 'health', 'retry', 'stats']) {
    const io = collect()
    assert.is(await main([name, '--help'], io), 0)
    texts.push([name, io.out])
  }
  for (const [name, text] of texts) {
    assert.equal(misaligned(text), [], name)
    assert.ok(text.split('\n').length <= 32, `${name}: ${text.split('\n').length} lines`)
    if (/^Environment \(/m.test(text)) assert.match(text, 'Every variable, with its default: docs/configuration.md', name)
  }
  // The key variables stay on the report's own screen.
  for (const key of ['ISSUE_TOKEN', 'ISSUE_REPO', 'CHAT_WEBHOOK', 'DEPLOY_ENV']) assert.match(texts[1]![1], new RegExp(`\\n {2}${key} {2,}\\S`), key)
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
