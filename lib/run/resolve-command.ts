// The resolve as a command: what the command line and the GitHub Action both run once their flags or
// inputs are read. It opens the session, runs lib/run/resolve.ts, and records the result for machines
// (GitHub Actions' output file, the `--json` line), ending with the exit code.
import { outputFiles } from '../config/config.ts'
import type { Resolution } from '../core/flows/resolve.ts'
import { preconnect } from '../http/preconnect.ts'
import { EXIT, reportFailure } from './exit.ts'
import { appendResolveOutputs } from './outputs.ts'
import { chatAnnotations, type Io } from './io.ts'
import { resolveFailures, resolvePreview } from './resolve.ts'
import { configure, maskingLog, type CommandFlags } from './session.ts'

/**
 * Runs `command` on `io` and resolves to its exit code: 0 closed all or nothing to close, 1 something
 * could not be closed or listed, 2 bad configuration. Never throws.
 */
export async function resolveCommand(command: CommandFlags, io: Io): Promise<number> {
  const time = new Date()
  const masking = maskingLog(io)
  const { log } = masking
  let resolution: Resolution = NOT_RESOLVED
  let code: number
  try {
    const config = configure(io.env, masking, { dotenv: true })
    preconnect(config.apiUrl, io.env)
    const session = { config, log, env: io.env, time, annotate: chatAnnotations(io) }
    const run = await resolveFailures(session, { dryRun: command.dryRun })
    resolution = run.resolution
    if (command.dryRun) io.stdout.write(resolvePreview(session, run))
    code = resolution.failed.length ? EXIT.failed : EXIT.ok
  } catch (error) {
    code = reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
  }
  recordResolve(command, io, resolution, log)
  return code
}

/** The resolution of a run that ended before it could list anything. */
export const NOT_RESOLVED: Resolution = Object.freeze({ outcome: 'failed', closed: [], failed: [] })

/** Records `resolution` for machines: GitHub Actions' output file when set, and the --json line last. A dry run records nothing in the file. */
export function recordResolve(command: CommandFlags, io: Io, resolution: Resolution, log: { warn(message: string): void }): void {
  const { githubOutput } = outputFiles(io.env)
  if (githubOutput && !command.dryRun) {
    try {
      appendResolveOutputs(githubOutput, resolution)
    } catch (error) {
      log.warn(`Could not write the GitHub Actions outputs (${(error as Error).message})`)
    }
  }
  if (command.json) io.stdout.write(`${JSON.stringify(resolution)}\n`)
}
