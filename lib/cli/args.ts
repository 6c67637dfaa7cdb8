import { parseArgs, type ParseArgsConfig } from 'node:util'
import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError } from '../core/errors.ts'

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
