// Every script answers --help with usage, options, environment and exit codes, and does nothing else.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, runCommand, runScript } from './helpers.ts'

const scripts = readdirSync(join(ROOT, 'scripts')).filter((f) => f.endsWith('.mts'))

test('the scripts folder holds the tools this test expects at least', () => {
  for (const name of ['report.mts', 'health.mts', 'retry.mts', 'doctor.mts', 'demo.mts']) assert.ok(scripts.includes(name), name)
})

const sections = (text: string, name: string) => {
  assert.match(text, new RegExp(`^Usage: .*${name.replace('.', '\\.')}`), name)
  assert.match(text, /^Options:/m, name)
  assert.match(text, /-h, --help/, name)
  assert.match(text, /^Environment/m, name)
  assert.match(text, /^Exit (codes|status): .*0/m, name)
}

for (const name of scripts) {
  test(`${name} --help and -h`, async () => {
    for (const flag of ['--help', '-h']) {
      // No environment at all: help must not need configuration, and must not touch the network.
      const r = await runScript(name, [flag], {})
      assert.is(r.code, 0, `${name} ${flag}: ${r.stderr}`)
      assert.is(r.stderr, '')
      sections(r.stdout, name)
    }
  })
}

test('after-script.sh --help (run with bash)', async () => {
  const r = await runCommand('bash', ['scripts/after-script.sh', '--help'], { CI_JOB_STATUS: 'failed' })
  assert.is(r.code, 0)
  assert.is(r.stderr, '')
  sections(r.stdout, 'after-script.sh')
})

test.run()
