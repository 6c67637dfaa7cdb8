// How every command ends: its exit code, and the `[ERROR]` lines of the error that ended it. One place for
// all the faces (command line, GitHub Action, scripts), so the same failure ends the same way everywhere.
import { ConfigError, isBug } from '../core/errors.ts'
import type { Log } from '../core/log.ts'

/** Exit codes shared by every script. */
export const EXIT = { ok: 0, failed: 1, config: 2 } as const

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
