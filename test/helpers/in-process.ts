// A command run inside the test's own process: what `runScript` (helpers.ts) does with a new process, for
// the tests that check what a command decides, files and prints rather than how a process starts and ends.
// A process start costs ~0.3 s of CPU (Node's start and the command's modules, loaded anew each time);
// here the modules load once per test file and each run costs only its own work. What a new process gives
// a command is given here, for the run's length: the same clean environment as `process.env` (baseEnv plus
// the test's), the working folder, standard input, its own output streams through the same redactor as
// processIo (lib/run/io.ts), and no secrets registered by an earlier run (lib/core/redact.ts). Runs take
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
  const run = turn.then(() => runOnce(script, args, env, options))
  turn = run.catch(() => undefined)
  // A run cannot be killed as a process can: past its time the test fails, and the next run waits for it.
  const { timeoutMs = 60_000 } = options
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${script} ${args.join(' ')} did not finish in ${timeoutMs} ms (in process)`)), timeoutMs)
  })
  return Promise.race([run, late]).finally(() => clearTimeout(timer))
}

async function runOnce(script: string, args: readonly string[], env: Record<string, string>, { cwd = ROOT, input = '' }: { cwd?: string; input?: string }): Promise<RunResult> {
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
  let code: number
  try {
    code = await runCommand(name, args, io, `npx zx scripts/${name}.mts`)
  } catch (error) {
    // What a process would print for an error that escaped the command, and its exit code.
    stderr += `${(error as Error).stack ?? String(error)}\n`
    code = 1
  } finally {
    process.env = saved.env
    process.chdir(saved.cwd)
    Object.defineProperty(process, 'stdin', saved.stdin)
    forgetSecrets()
  }
  return { code, stdout, stderr }
}
