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

// A negative number is a value, never a flag: the reporter has no flag that starts with a digit. So
// `--retries -1` reaches the option's own check (which names what it expects) instead of parseArgs'
// "argument is ambiguous", and `retry 3 -1 -- …` the check of <delay_seconds>.
const NEGATIVE = /^-\d+(\.\d*)?$/

/** How an option is written in a usage message: `-x/--name` when it has a short form. */
const optionName = (name: string, option: Options[string]) => (option.short ? `-${option.short}/--${name}` : `--${name}`)

/**
 * The usage error for a parseArgs failure, as the reporter's own one line: the option, what it
 * expects, and `see --help`. The tokens of a lenient parse tell which option went wrong and how.
 */
function usageError(args: readonly string[], options: Options): string {
  const known = (raw: string) => Object.entries(options).find(([name, o]) => raw === `--${name}` || (o.short !== undefined && raw === `-${o.short}`))
  const { tokens } = parseArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true })
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    const entry = known(token.rawName)
    if (!entry) {
      const all = Object.entries(options).map(([name, o]) => optionName(name, o)).join(', ')
      return `Unknown option ${token.rawName}: the options are ${all}; see --help`
    }
    const [name, option] = entry
    if (option.type === 'boolean' && token.value !== undefined) return `--${name} takes no value, got ${JSON.stringify(token.value)}; see --help`
    if (option.type === 'string') {
      if (token.value === undefined) return `--${name} expects a value (--${name} <value>), got none; see --help`
      if (!token.inlineValue && token.value.startsWith('-')) {
        return `--${name} expects a value (--${name} <value>), got the option ${token.value} (write --${name}=${token.value} if that is the value); see --help`
      }
    }
  }
  return 'Bad arguments; see --help'
}

/**
 * Parses a script's flags with `node:util`'s parseArgs (strict). An unknown flag or a missing value is a
 * usage error: thrown as a {@link ConfigError} with one line naming the flag and what it expects, so the
 * script exits 2.
 */
export function parseFlags<O extends Options>(args: string[], options: O): ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>> {
  // Negative numbers before any `--`: the value of a string option just before, else positionals, held
  // by a placeholder that cannot be a flag while parseArgs runs.
  const takesValue = (word: string | undefined) => Object.entries(options).some(([name, o]) => o.type === 'string' && (word === `--${name}` || (o.short !== undefined && word === `-${o.short}`)))
  const end = args.includes('--') ? args.indexOf('--') : args.length
  const held: string[] = []
  const prepared: string[] = []
  args.forEach((arg, i) => {
    if (i >= end || !NEGATIVE.test(arg)) prepared.push(arg)
    else if (takesValue(prepared.at(-1)) && prepared.at(-1) === args[i - 1]) prepared.push(`${prepared.pop()}=${arg}`)
    else prepared.push(`\u0000${held.push(arg) - 1}`)
  })
  try {
    const parsed = parseArgs({ args: prepared, options, allowPositionals: true, strict: true })
    const restore = (word: string) => (/^\u0000\d+$/.test(word) ? held[Number(word.slice(1))]! : word)
    return { ...parsed, positionals: parsed.positionals.map(restore) }
  } catch (error) {
    if (!(error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw error
    throw new ConfigError([usageError(prepared, options)], { cause: error })
  }
}

/** Whether `args` ask for the version (`--version` or `-v` before any `--`), whatever else they hold. */
export function asksVersion(args: readonly string[]): boolean {
  const end = args.indexOf('--')
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--version' || arg === '-v')
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
