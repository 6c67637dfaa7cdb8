// `deploy-failure-reporter <command> …`: the installed package's one executable. Each command's module
// is loaded only when it is the one asked for, so `--help` and `report` pay for nothing else.
import pkg from '../../package.json' with { type: 'json' }
import { EXIT, reportFailure } from '../run/exit.ts'
import { asksVersion, scriptArgs } from './args.ts'
import { ioLog, processIo, type Io } from '../run/io.ts'

type Runner = (args: readonly string[], io: Io, program: string) => Promise<number>

/** The commands, in the order `--help` lists them, with their synopsis and a one-line summary. */
export const COMMANDS: Readonly<Record<string, { synopsis: string; summary: string; load: () => Promise<Runner> }>> = {
  report: { synopsis: 'report [reason]', summary: 'file (or find) the issue for a failed deploy, notify chat', load: async () => (await import('./commands/report.ts')).runReport },
  resolve: { synopsis: 'resolve', summary: "close this environment's open failure issues after a good deploy", load: async () => (await import('./commands/resolve.ts')).runResolve },
  doctor: { synopsis: 'doctor [--ping]', summary: 'check the configuration, token, repository and labels', load: async () => (await import('./commands/doctor.ts')).runDoctor },
  health: { synopsis: 'health <api_address>', summary: 'GET <api_address>/health with retries', load: async () => (await import('./commands/health.ts')).runHealth },
  retry: { synopsis: 'retry <max_attempts> <delay_seconds> -- <command…>', summary: 'run a command until it succeeds (--backoff: doubling delays)', load: async () => (await import('./commands/retry.ts')).runRetry },
  stats: { synopsis: 'stats [--since 90d]', summary: 'how often each environment failed and how fast it recovered (read-only)', load: async () => (await import('./commands/stats.ts')).runStats },
  demo: { synopsis: 'demo [--plain]', summary: 'a failed deploy, its duplicate and its recovery on a stand-in GitHub (no account)', load: async () => (await import('./commands/demo.ts')).runDemo },
}

const NAME = 'deploy-failure-reporter'

/** The top-level `--help` text: every command with its synopsis. */
export function mainHelp(): string {
  // Two columns; a synopsis too long for the first puts its summary on the next line.
  const width = 22
  const lines = Object.values(COMMANDS).map((c) =>
    c.synopsis.length < width ? `  ${c.synopsis.padEnd(width)} ${c.summary}` : `  ${c.synopsis}\n  ${''.padEnd(width)} ${c.summary}`,
  )
  return `Usage: ${NAME} <command> [options]

Commands:
${lines.join('\n')}

Options:
  -h, --help     show this text; ${NAME} <command> --help shows a command's own
  -v, --version  print the version (${pkg.version})

Environment: read by each command; see its --help (a .env file in the current folder is read too).

Exit codes: 0 success, 1 the command failed, 2 bad configuration or arguments (an unknown command too).
`
}

/**
 * Runs `deploy-failure-reporter` with `argv` (the words after the executable) and resolves to the exit
 * code. Never throws: an unexpected error is one `[ERROR]` line and exit 1.
 */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const [name, ...args] = argv
  try {
    if (name === '-h' || name === '--help') {
      io.stdout.write(mainHelp())
      return EXIT.ok
    }
    if (name === '-v' || name === '--version') {
      io.stdout.write(`${pkg.version}\n`)
      return EXIT.ok
    }
    const command = name === undefined ? undefined : COMMANDS[name]
    if (command && Object.hasOwn(COMMANDS, name!)) return await runCommand(name!, args, io, `${NAME} ${name}`)
    io.stderr.write(`[ERROR] ${name === undefined ? 'No command given' : `Unknown command ${JSON.stringify(name)}`}; the commands are ${Object.keys(COMMANDS).join(', ')}\n\n`)
    io.stderr.write(mainHelp())
    return EXIT.config
  } catch (error) {
    return reportFailure(error, ioLog(io), { debug: Boolean(io.env.DEBUG) })
  }
}

/**
 * Runs the command `name` with `args` (the words after it) as `program`, and resolves to its exit code.
 * `--version` (or `-v`) anywhere before `--` prints the version instead, for every command alike.
 */
export async function runCommand(name: string, args: readonly string[], io: Io = processIo(), program = `${NAME} ${name}`): Promise<number> {
  if (asksVersion(args)) {
    io.stdout.write(`${pkg.version}\n`)
    return EXIT.ok
  }
  return (await COMMANDS[name]!.load())(args, io, program)
}

/**
 * The body of a thin script entry, `npx zx scripts/<name>.mts …`: the command `name` with the words
 * after the script's path, named `npx zx scripts/<name>.mts` in its help. Resolves to the exit code.
 */
export async function runScriptEntry(name: string, metaUrl: string): Promise<number> {
  return runCommand(name, scriptArgs(metaUrl), processIo(), `npx zx scripts/${name}.mts`)
}
