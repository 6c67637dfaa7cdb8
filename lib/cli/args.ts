import { parseArgs, type ParseArgsConfig } from 'node:util'
import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError, isBug } from '../core/errors.ts'
import type { Log } from '../core/log.ts'

/** Exit codes shared by every script. */
export const EXIT = { ok: 0, failed: 1, config: 2 } as const

/**
 * The arguments after the script's own path. Under the zx CLI `process.argv` holds node, zx and the
 * script; run with plain `node`, it holds node and the script.
 */
export function scriptArgs(metaUrl: string, argv: readonly string[] = process.argv, cwd: string = process.cwd()): string[] {
  const self = fileURLToPath(metaUrl)
  // However the path was written (relative to the working folder, `../scripts/…`, through a symlink),
  // it names the script when it resolves to the same file.
  const at = argv.findIndex((arg, i) => i > 0 && (arg.startsWith('file:') ? arg === metaUrl : samePath(resolve(cwd, arg), self)))
  return argv.slice(at === -1 ? 2 : at + 1)
}

const real = (path: string): string => {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
const samePath = (a: string, b: string): boolean => a === b || real(a) === real(b)

/**
 * Prints `error` as `[ERROR]` lines (every configuration problem on its own line) and returns the exit
 * code. A bug (see `isBug`) says so and asks for a report, with its stack when `debug` (DEBUG is set).
 */
export function reportFailure(error: unknown, log: Log, { debug = false }: { debug?: boolean } = {}): number {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) log.error(problem)
    return EXIT.config
  }
  if (isBug(error)) {
    const bug = error as Error
    log.error(`Internal error: ${bug.name}: ${bug.message}`)
    log.error(
      'This is a bug in deploy-failure-reporter, not a problem with the configuration or the network; please report it' +
        (debug ? ' with the stack below' : ' with the output of the same run with DEBUG=1 set'),
    )
    // Every line goes through the log, so secrets are taken out of the stack too.
    if (debug) for (const line of (bug.stack ?? '').split('\n').slice(1)) log.error(line.trim())
    return EXIT.failed
  }
  const message = error instanceof Error ? error.message : String(error)
  log.error(message)
  return EXIT.failed
}

type Options = NonNullable<ParseArgsConfig['options']>

/**
 * Parses a script's flags with `node:util`'s parseArgs (strict). An unknown flag or a missing value is a
 * usage error: thrown as a {@link ConfigError} naming the flag, so the script exits 2.
 */
export function parseFlags<O extends Options>(args: string[], options: O): ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (error) {
    throw new ConfigError([`${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')}; see --help`])
  }
}

/**
 * `text` as a number for the argument or flag called `name`, at least `min` (and whole when `integer`);
 * otherwise a {@link ConfigError} saying what is expected, so the script exits 2.
 */
export function parseNumber(name: string, text: string | undefined, { min = 0, integer = false } = {}): number {
  const n = Number(text)
  if (text === undefined || text.trim() === '' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new ConfigError([`${name} must be ${integer ? 'a whole number' : 'a number'} of at least ${min}, got ${JSON.stringify(text ?? '')}; see --help`])
  }
  return n
}
