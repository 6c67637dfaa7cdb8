// One worker of test/runner/run.mjs: a long-lived Node process that runs the test files it is sent, one at
// a time, with uvu exactly as uvu's own CLI runs them (uvu/run: import the file, then exec), and sends back
// its output and counts. Started with `--tier=unit`, it refuses to start a process or a server; with
// `--tier=integration`, a process (see tiers.mjs): a file that does so anyway fails, named as in the wrong
// folder (its tier is its folder, tiers.mjs).
import childProcess from 'node:child_process'
import { syncBuiltinESMExports } from 'node:module'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import { pathToFileURL } from 'node:url'

const tier = process.argv.find((a) => a.startsWith('--tier='))?.slice('--tier='.length)
let started // what the running file started that its tier refuses

if (tier === 'unit' || tier === 'integration') {
  const refuse = (what) => {
    started ??= what
    throw new Error(`${tier} tier: this file ${what}; it belongs in ${tier === 'unit' ? 'test/integration or ' : ''}test/e2e`)
  }
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    childProcess[name] = (command) => refuse(`started a process (${name} ${command})`)
  }
  syncBuiltinESMExports()
  if (tier === 'unit') net.Server.prototype.listen = () => refuse('started a server')
}

// Like uvu's CLI: collect each file's suites, run them when exec() is called.
globalThis.UVU_DEFER = 1
const uvu = await import('uvu')

const send = (message) => new Promise((resolve) => process.send(message, resolve))

// uvu writes its dots, failures and totals to stdout; what a test prints goes with them, into the file's
// output, which is also streamed to run.mjs (so that it is not lost if the worker dies).
let output = ''
const capture = (stream) => {
  const write = stream.write
  stream.write = (chunk, ...rest) => {
    output += String(chunk)
    process.send({ type: 'out', data: String(chunk) })
    rest.find((r) => typeof r === 'function')?.()
    return true
  }
  return () => (stream.write = write)
}

// The CPU this worker and the processes it started and reaped have used, in ms: Linux's /proc/self/stat
// (utime, stime, cutime, cstime, in clock ticks of 10 ms); elsewhere this process's own.
const cpuMs = () => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0) * 10
  } catch {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
}

const count = (label) => Number(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm').exec(output)?.[1] ?? 0)

// The same module instance the test files import (same URL), loaded through the TypeScript hook like them.
const redaction = import(new URL('../../lib/core/redact.ts', import.meta.url).href)

// env: what run.mjs prepared for the run (the packed tarball, a Node 24, the compiled scripts), once made.
async function runFile({ file, name, env }) {
  if (env) Object.assign(process.env, env)
  started = undefined
  output = ''
  const cpu0 = cpuMs()

  // Each file starts with no secrets registered: the list is the process's (lib/core/redact.ts), and a
  // webhook path an earlier file registered would mask this file's expected texts.
  ;(await redaction).forgetSecrets()
  globalThis.UVU_QUEUE = [[name]]
  globalThis.UVU_INDEX = 0
  const restore = [capture(process.stdout), capture(process.stderr)]
  let loadError
  try {
    await import(pathToFileURL(file).href)
    await uvu.exec()
  } catch (error) {
    loadError = error
  } finally {
    for (const r of restore) r()
  }
  process.exitCode = 0
  const total = count('Total')
  const passed = count('Passed')
  // uvu counts skipped tests apart from the total; a file whose before hook throws ran fewer tests than
  // it has, which uvu does not call a failure: here it is one.
  await send({ type: 'done', file, total, passed, skipped: count('Skipped'), failed: total - passed + (loadError ? 1 : 0), cpuMs: cpuMs() - cpu0, error: loadError ? String(loadError.stack ?? loadError) : undefined, started })
}

// run.mjs gone (killed, interrupted): nothing is left to report to, so no worker outlives it.
process.on('disconnect', () => process.exit(1))
process.on('message', (message) => {
  if (message.type === 'run') void runFile(message)
  else if (message.type === 'stop') process.exit(0)
})
await send({ type: 'ready' })
