import { fileURLToPath } from 'node:url'
import { ConfigError } from './config.ts'
import type { Log } from './log.ts'

/** Exit codes shared by every script. */
export const EXIT = { ok: 0, failed: 1, config: 2 } as const

/**
 * The arguments after the script's own path. Under the zx CLI `process.argv` holds node, zx and the
 * script; run with plain `node`, it holds node and the script.
 */
export function scriptArgs(metaUrl: string, argv: readonly string[] = process.argv): string[] {
  const self = fileURLToPath(metaUrl)
  const at = argv.findIndex((arg, i) => i > 0 && (arg === self || self.endsWith(`/${arg.replace(/^\.\//, '')}`)))
  return argv.slice(at === -1 ? 2 : at + 1)
}

/** Prints `error` as `[ERROR]` lines (every configuration problem on its own line) and returns the exit code. */
export function reportFailure(error: unknown, log: Log): number {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) log.error(problem)
    return EXIT.config
  }
  const message = error instanceof Error ? error.message : String(error)
  log.error(message)
  return EXIT.failed
}
