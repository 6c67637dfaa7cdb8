// The report as a command: what the command line and the GitHub Action both run once their flags or
// inputs are read. It opens the session, runs lib/run/report.ts, and records the one result for machines
// (GitHub Actions' output files, the `--json` line) and people (the lines), ending with the exit code.
import { outputFiles } from '../config/config.ts'
import { EXIT, reportFailure } from './exit.ts'
import { chatAnnotations, type Io } from './io.ts'
import { phase } from './phase.ts'
import type { Failure } from '../core/text/issue.ts'
import { failedResult } from '../core/report-result.ts'
import { configureReport, failureTitle, fileFailure, openReportConnections, previewFailure, readFailure, type ReportConfig, type ReportRequest, type ReportRun } from './report.ts'
import { maskingLog, type CommandFlags } from './session.ts'

/** A report as a command asks for it: the request, and how it ends. */
export type ReportCommand = ReportRequest & CommandFlags

/**
 * Runs `command` on `io` and resolves to its exit code: 0 filed or found, 1 not filed, 2 bad configuration.
 * Never throws.
 */
export async function reportCommand(command: ReportCommand, io: Io): Promise<number> {
  const time = new Date()
  const masking = maskingLog(io)
  const { log } = masking
  let run: ReportRun | undefined
  // Known once read, so that a run that ends early still names the title it would have filed.
  let known: { config: ReportConfig; failure: Failure } | undefined
  let code: number
  try {
    const config = await configureReport(io.env, masking, { dotenv: true, requireToken: !command.dryRun })
    phase('configured')
    // The connections this run will use, if bin.ts did not open them yet (a .env file, GitLab): lib/http/preconnect.ts.
    if (!command.dryRun) openReportConnections(config, io.env)
    const session = { config, log, env: io.env, time, annotate: chatAnnotations(io) }
    const failure = await readFailure(session, command)
    known = { config, failure }
    if (command.dryRun) {
      io.stdout.write(await previewFailure(session, failure))
      return EXIT.ok
    }
    run = await fileFailure(session, failure)
    code = run.error ? EXIT.failed : EXIT.ok
  } catch (error) {
    code = reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
    if (known) run = { result: failedResult(await failureTitle(known.config, known.failure)), failure: known.failure }
  }
  await recordReport(command, io, run, log)
  return code
}

/**
 * Records the result for machines: GitHub Actions' files when set, and the --json line last; a run that
 * ended before it was known records `failed`. A dry run records nothing.
 */
export async function recordReport(command: ReportCommand, io: Io, run: ReportRun | undefined, log: { warn(message: string): void }): Promise<void> {
  const files = outputFiles(io.env)
  if (command.dryRun || !(command.json || files.githubOutput || files.stepSummary)) return
  // Loaded only when something is recorded: every module costs start-up (npm run bench).
  const { appendOutputs, jsonLine } = await import('./outputs.ts')
  const result = run?.result ?? failedResult()
  try {
    appendOutputs(files, result, run?.failure)
  } catch (error) {
    log.warn(`Could not write the GitHub Actions outputs (${(error as Error).message})`)
  }
  if (command.json) io.stdout.write(jsonLine(result) + '\n')
}
