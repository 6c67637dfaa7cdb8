// A command run inside the test's own process: what `runScript` (helpers.ts) does with a new process, for
// the tests that check what a command decides, files and prints rather than how a process starts and ends.
// A process start costs ~0.3 s of CPU (Node's start and the command's modules, loaded anew each time);
// here the modules load once per test file and each run costs only its own work. What a new process gives
// a command is given here, for the run's length: the same clean environment as `process.env` (baseEnv plus
// the test's), the working folder, standard input, its own output streams through the same redactor as
// processIo (lib/run/io.ts), what it writes straight to process.stdout or process.stderr (as a process's
// streams would show it, unredacted), and no secrets registered by an earlier run (lib/core/redact.ts). Runs take
// turns, as each one swaps process-wide state. What only a process shows (the script's entry, exit codes
// set at exit, signals, several runs at once) stays with runScript: maintainers/development.md.
import { Readable } from 'node:stream'
import { runCommand } from '../../lib/cli/main.ts'
import { forgetSecrets } from '../../lib/core/redact.ts'
import { redacting } from '../../lib/run/io.ts'
import { baseEnv, ROOT, type RunResult } from './helpers.ts'

let turn: Promise<unknown> = Promise.resolve()

/**
 * Runs the command of `scripts/<script>` with `args`, as runScript does, in this process: the same
 * arguments, environment (`env` over a clean one, never this process's), folder and input, and the
 * same result (exit code, standard output and error).
 */
export function runInProcess(
  script: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
  options: { cwd?: string; input?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  const watch = { late: false }
  const run = turn.then(() => runOnce(script, args, env, options, watch))
  turn = run.catch(() => undefined)
  // A run cannot be killed as a process can: past its time the test fails, and the next run waits for it.
  // Its writes straight to the process's streams then go there again, so that the test's report is seen.
  const { timeoutMs = 60_000 } = options
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      watch.late = true
      reject(new Error(`${script} ${args.join(' ')} did not finish in ${timeoutMs} ms (in process)`))
    }, timeoutMs)
  })
  return Promise.race([run, late]).finally(() => clearTimeout(timer))
}

/**
 * Sends what is written straight to `stream` (a default left in lib/, a Node warning) to `into` instead,
 * as a process's own stream would show it, until the returned function puts the stream back or the run
 * is `late`. The command's own lines come through its io streams, redacted, as before.
 */
function divert(stream: NodeJS.WriteStream, into: (text: string) => void, watch: { readonly late: boolean }): () => void {
  const write = stream.write
  stream.write = function (this: NodeJS.WriteStream, chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    if (watch.late) return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest)
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8'
    into(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(encoding))
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined
    if (done) process.nextTick(done)
    return true
  } as NodeJS.WriteStream['write']
  return () => (stream.write = write)
}

async function runOnce(script: string, args: readonly string[], env: Record<string, string>, { cwd = ROOT, input = '' }: { cwd?: string; input?: string }, watch: { readonly late: boolean }): Promise<RunResult> {
  const name = script.replace(/\.mts$/, '')
  // Writes are paced in queues shared by the whole process (lib/github/pacing.ts, lib/gitlab/client.ts), as
  // GitHub asks; a new process's first write goes at once, and here the last run's write would hold up
  // this run's first by up to 3 s. So the interval is the tests' short one unless the test sets its own.
  const runEnv: Record<string, string> = { ...baseEnv(), REPORT_WRITE_INTERVAL: '0.01', ...env }
  let stdout = ''
  let stderr = ''
  const io = { env: runEnv, stdout: redacting({ write: (t: string) => (stdout += t) }), stderr: redacting({ write: (t: string) => (stderr += t) }) }
  const saved = { env: process.env, cwd: process.cwd(), stdin: Object.getOwnPropertyDescriptor(process, 'stdin')! }
  forgetSecrets()
  process.env = runEnv
  process.chdir(cwd)
  Object.defineProperty(process, 'stdin', { value: Readable.from([input]), configurable: true, enumerable: true })
  const restore = [divert(process.stdout, (t) => (stdout += t), watch), divert(process.stderr, (t) => (stderr += t), watch)]
  let code: number
  try {
    code = await runCommand(name, args, io, `npx zx scripts/${name}.mts`)
  } catch (error) {
    // What a process would print for an error that escaped the command, and its exit code.
    stderr += `${(error as Error).stack ?? String(error)}\n`
    code = 1
  } finally {
    for (const r of restore) r()
    process.env = saved.env
    process.chdir(saved.cwd)
    Object.defineProperty(process, 'stdin', saved.stdin)
    forgetSecrets()
  }
  return { code, stdout, stderr }
}
