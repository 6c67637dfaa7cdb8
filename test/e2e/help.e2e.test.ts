// Every script answers --help with usage, options, environment and exit codes, and does nothing else.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, runCommand, runScript, runScriptAsTyped, type RunResult } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { RELEASE_COMMANDS, runReleaseInProcess } from '../helpers/release-in-process.ts'
import { COMMAND_SCRIPTS } from '../helpers/scripts-build.mjs'

const scripts = readdirSync(join(ROOT, 'scripts')).filter((f) => f.endsWith('.mts'))

// What each tool's help must say beyond the common sections.
const SPECIFIC: Record<string, RegExp[]> = {
  // The usage line as the README types it, the exit codes (report.e2e), and that quoting the reason is
  // optional (new-user.e2e: an unquoted reason keeps every word): read here, where the help is run anyway.
  'report.mts': [
    /^Usage: npx zx scripts\/report\.mts/,
    /\n {2}--dry-run /,
    /\n {2}--json /,
    /ISSUE_TOKEN/,
    /GITHUB_OUTPUT, GITHUB_STEP_SUMMARY/,
    /Exit codes/,
    /Quoting the reason is optional: several words are joined with single spaces/,
  ],
  'health.mts': [
    /^Usage: npx zx scripts\/health\.mts \[options\] <api_address>/,
    /--connect-timeout <s> +seconds to wait for the connection \(default 5\)/,
    /--retries <n> +retries after the first attempt \(default 3\)/,
    /--retry-delay <s> +seconds between attempts \(default 2\)/,
    /Exit codes: 0 healthy/,
  ],
  'retry.mts': [/^Usage: npx zx scripts\/retry\.mts <max_attempts> <delay_seconds> -- <command…>/, /--backoff/, /Exit codes: 0 .*, 1 .*, 2 /],
  'doctor.mts': [
    /^Usage: npx zx scripts\/doctor\.mts \[--ping\]/,
    /--ping +also post a test message/,
    /Environment: .*ISSUE_TOKEN/,
    /Exit codes: 0 every check passed, 1 a check failed, 2 bad configuration/,
  ],
}

const sections = (r: RunResult, name: string) => {
  assert.is(r.code, 0, `${name}: ${r.stderr}`)
  assert.is(r.stderr, '', name)
  assert.match(r.stdout, new RegExp(`^Usage: .*${name.replace('.', '\\.')}`), name)
  assert.match(r.stdout, /^Options:/m, name)
  assert.match(r.stdout, /-h, --help/, name)
  assert.match(r.stdout, /^Environment/m, name)
  assert.match(r.stdout, /^Exit (codes|status): .*0/m, name)
  for (const pattern of SPECIFIC[name] ?? []) assert.match(r.stdout, pattern, name)
}

test('the scripts folder holds the tools this test expects at least', () => {
  for (const name of ['report.mts', 'health.mts', 'retry.mts', 'doctor.mts', 'demo.mts']) assert.ok(scripts.includes(name), name)
})

// The scripts as typed, through zx's CLI and this Node's TypeScript path (~1 s of CPU per start on Node 20):
// every script that is neither a command script nor a release script. The command scripts are each the same
// two lines, `runScriptEntry('<name>', import.meta.url)` (lib/cli/main.ts), which the --version test below
// pins from their source; what differs between them is the command module they load, and that module's
// --help is the same code typed (in this process, below) as compiled. report.mts starts typed as the README
// types it, `npx zx scripts/report.mts`, in new-user.e2e (from the root and from lib/): the typed path, its
// arguments and the version's JSON import (lib/cli/main.ts) load there. The release scripts are each one
// call to their command (scripts/release/, pinned by test/unit/scripts/release/entries.test.ts), whose
// --help runs in this process below; they start typed, through npm as the maintainer and the release
// workflow run them, in release.e2e (release, release:notes) and release-check.e2e (release:check). tsc
// checks every script with erasableSyntaxOnly, so a script that Node's type stripping could not run fails
// `npm test` first.
const releaseScripts: readonly string[] = Object.keys(RELEASE_COMMANDS)
const typedScripts = scripts.filter((name) => !(COMMAND_SCRIPTS.includes(name.slice(0, -'.mts'.length)) || releaseScripts.includes(name)))
let typedHelp: Promise<RunResult[]> | undefined
const helpAsTyped = () => (typedHelp ??= Promise.all(typedScripts.map((name) => runScriptAsTyped(name, ['--help'], {}))))

test('the scripts as typed (zx and the TypeScript hook): --help, without any environment (no configuration needed, no network)', async () => {
  // Independent processes, so they run side by side. As written, not as compiled for the other tests:
  // each script and the modules it loads go through this Node's TypeScript path.
  assert.ok(typedScripts.includes('docs-examples.mts'), typedScripts.join(' '))
  const results = await helpAsTyped()
  results.forEach((r, i) => sections(r, typedScripts[i]!))
})

test('the release scripts: --help from the command each script calls, in this process', () => {
  // Every script is typed above, a command script, or one of these.
  assert.equal(scripts.filter((name) => !typedScripts.includes(name) && !COMMAND_SCRIPTS.includes(name.slice(0, -'.mts'.length))).sort(), [...releaseScripts].sort())
  for (const name of releaseScripts) sections(runReleaseInProcess(name as keyof typeof RELEASE_COMMANDS, ROOT, ['--help']), name)
})

// Every command script is the same two lines (runScriptEntry(name, import.meta.url), lib/cli/main.ts),
// and --version is answered there before the command loads, the same code for each: every command answers
// it in this process, through lib/cli/main.ts's runCommand as its script calls it. That each compiled
// script starts and answers as a process is the --help test below; the typed path (new-user.e2e) loads the
// same package.json import. The flag's forms (-v, after other words, not after --) are unit tests
// (test/unit/cli/). A typed start costs ~0.75 s of CPU on Node 20, a compiled one ~0.15 s.
test('every command script answers --version with the version alone, each command in process (issue 32)', async () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  const commands = COMMAND_SCRIPTS.map((name) => `${name}.mts`)
  for (const name of commands) assert.is(readFileSync(join(ROOT, 'scripts', name), 'utf8').match(/runScriptEntry\('([a-z]+)', import\.meta\.url\)/)?.[1], name.slice(0, -'.mts'.length), `${name} is the thin entry of its command`)
  for (const name of commands) {
    const r = await runInProcess(name, ['--version'])
    assert.is(r.code, 0, `${name}: ${r.stderr}`)
    assert.is(r.stdout, `${version}\n`, name)
    assert.is(r.stderr, '', name)
  }
})

// Every command script's --help as compiled, run once for the tests that read it.
let compiledHelp: Promise<RunResult[]> | undefined
const helpCompiled = () => (compiledHelp ??= Promise.all(COMMAND_SCRIPTS.map((name) => runScript(`${name}.mts`, ['--help']))))

test('every command script as the other tests run it (compiled): the common sections, and the same --help as its command typed', async () => {
  const compiled = await helpCompiled()
  // Typed: every command through its TypeScript module in this process, as its script calls it
  // (runInProcess: lib/cli/main.ts's runCommand with the script's usage line).
  const inProcess: RunResult[] = []
  for (const name of COMMAND_SCRIPTS) inProcess.push(await runInProcess(`${name}.mts`, ['--help']))
  COMMAND_SCRIPTS.forEach((name, i) => {
    const script = `${name}.mts`
    sections(compiled[i]!, script)
    assert.is(compiled[i]!.stdout, inProcess[i]!.stdout, script)
    assert.is(inProcess[i]!.code, 0, script)
  })
})

// In this process: -h is the command's own parsing (lib/cli/), the same typed as compiled.
test('-h is the same as --help', async () => {
  const [short, compiled] = await Promise.all([runInProcess('retry.mts', ['-h']), helpCompiled()])
  const long = compiled[COMMAND_SCRIPTS.indexOf('retry')]!
  assert.is(short.code, 0)
  assert.ok(long.stdout.startsWith('Usage: '), long.stdout)
  assert.is(short.stdout, long.stdout)
})

test('after-script.sh --help (run with bash)', async () => {
  const r = await runCommand('bash', ['scripts/after-script.sh', '--help'], { CI_JOB_STATUS: 'failed' })
  sections(r, 'after-script.sh')
})

test.run()
