import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { npmCache } from './npm-cache.mjs'
import { buildScripts, COMMAND_SCRIPTS } from './scripts-build.mjs'

/** The project root, where `npx zx scripts/…` is meant to be run. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** `--import` of the guard that refuses every connection but loopback's (loopback-only.mjs). */
export const GUARD = `--import=${new URL('loopback-only.mjs', import.meta.url).href}`

// The project's own `.npmrc` node-options (the Node 20 loader), which the guard is added to, not put in
// place of; without its `${NODE_OPTIONS?}`, which an npm older than 11.6 would leave as text, ending
// what Node reads of the options before the guard.
function projectNodeOptions(): string {
  const line = readFileSync(join(ROOT, '.npmrc'), 'utf8').split('\n').find((l) => l.startsWith('node-options='))
  return line ? line.slice('node-options='.length).replace(/\$\{[^}]*\}/g, '').trim() : ''
}

export interface RunResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

// Only what a shell needs: tests must not pick up the CI variables of whoever runs them. REPORT_DOTENV=off:
// nor a developer's .env (a real token and repository) in the folder a tool runs from; a test that is
// about .env files turns it back on with REPORT_DOTENV: ''.
// NODE_OPTIONS and npm's node-options (which npm puts in place of NODE_OPTIONS for what it starts) both
// preload the loopback-only guard, so no process a test starts can connect anywhere but 127.0.0.1.
// npm_config_cache: the npm and npx that tests start share one cache, never a read-only HOME (npm-cache.mjs).
// SHLVL=1: nor the developer's ~/.bashrc. A bash whose standard input is a socket (Node's pipes are socket
// pairs) and that no other shell started takes itself for one started by rshd/sshd and reads ~/.bashrc
// even with -c (bash(1), INVOCATION); a shell above it is what SHLVL says. A ~/.bashrc may put another
// node or npm first on PATH (nvm, pyenv shims), and costs its own start-up in every bash a test starts
// (the after_script's shells, gitlab-ci-local's jobs): 0.6 s of CPU each with pyenv's init.
const cache = npmCache()
export const baseEnv = (): Record<string, string> => {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']
  return {
    ...Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []))),
    SHLVL: '1',
    REPORT_DOTENV: 'off',
    NODE_OPTIONS: GUARD,
    npm_config_node_options: `${projectNodeOptions()} ${GUARD}`.trim(),
    npm_config_cache: cache,
  }
}

// Made once per process when the runner has not made them (TEST_SCRIPTS_BUILD), removed at its exit.
let built: Promise<string> | undefined
const builtScripts = (): Promise<string> =>
  (built ??= process.env.TEST_SCRIPTS_BUILD
    ? Promise.resolve(process.env.TEST_SCRIPTS_BUILD)
    : buildScripts().then((dir) => {
        process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
        return dir
      }))

/**
 * Runs `scripts/<script> …args` from `cwd` (the project root by default) with a clean environment plus
 * `env`: a command script as esbuild compiled it for this run (scripts-build.mjs), any other through
 * zx's CLI as {@link runScriptAsTyped} does. Kills the process (and fails) after `timeoutMs`.
 */
export async function runScript(
  script: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
  options: { timeoutMs?: number; cwd?: string; input?: string } = {},
): Promise<RunResult> {
  const name = script.replace(/\.mts$/, '')
  if (!COMMAND_SCRIPTS.includes(name)) return runScriptAsTyped(script, args, env, options)
  const { timeoutMs = 60_000, cwd = ROOT, input } = options
  return runCommand(process.execPath, [join(await builtScripts(), `${name}.mjs`), ...args], env, { timeoutMs, cwd, input })
}

/**
 * Runs `scripts/<script>` as written, through zx's CLI with the project's TypeScript hook (tsx on
 * Node 20, Node's own type stripping on Node >= 22.18): what `npx zx scripts/<script>` runs once npm has
 * found zx. npm itself is left out, ~0.4 s of CPU per start that says nothing about the scripts.
 */
export function runScriptAsTyped(
  script: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
  { timeoutMs = 60_000, cwd = ROOT, input }: { timeoutMs?: number; cwd?: string; input?: string } = {},
): Promise<RunResult> {
  const zx = join(ROOT, 'node_modules/zx/build/cli.js')
  const hook = join(ROOT, 'scripts/ts-hook.mjs')
  return runCommand(process.execPath, ['--import', hook, zx, join(ROOT, 'scripts', script), ...args], env, { timeoutMs, cwd, input })
}

/** Runs any command with a clean environment plus `env`; see {@link runScript}. */
export function runCommand(
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
  { timeoutMs = 60_000, cwd = ROOT, input }: { timeoutMs?: number; cwd?: string; input?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // Its own process group, so that a timeout also ends the script npx started, not only npx.
    const child = spawn(command, args, { cwd, env: { ...baseEnv(), ...env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        child.kill('SIGKILL')
      }
      reject(new Error(`${command} ${args.join(' ')} did not finish in ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`))
    }, timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    // A command may end before it reads its input (a usage error, a script that exits at once): the pipe
    // then breaks, which says nothing about the command; its exit code and output do. Left unhandled, the
    // EPIPE would end the test process, depending on which of the two came first.
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error)
    })
    child.stdin.end(input ?? '')
  })
}

/** The local date `YYYY-MM-DD`, computed independently of lib/ for assertions. */
export function today(): string {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
