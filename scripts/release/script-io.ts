// Where the release scripts print, and how they end on an error. The scripts (scripts/release*.mts) are
// thin entries over the commands in this folder, each `(root, args, io) => exit code`, so the tests run
// a command in their own process with an io that collects the lines (test/e2e/release*.e2e), and start
// each script as typed only where the start itself is what they check.

/** One line to standard output or standard error; a newline is added, as console.log adds one. */
export interface ScriptIo {
  readonly out: (line: string) => void
  readonly err: (line: string) => void
}

export const consoleIo: ScriptIo = { out: (line) => console.log(line), err: (line) => console.error(line) }

/** An error that stopped a command, printed as one `[ERROR]` line: exit 2 for bad arguments, else 1. */
export function failed(error: unknown, io: ScriptIo): number {
  const code = (error as { code?: string }).code
  io.err(`[ERROR] ${(error as Error).message}`)
  return code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1
}
