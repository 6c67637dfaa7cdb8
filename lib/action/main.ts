// The GitHub Action's entry: action.yml runs dist/action.js, this file bundled with everything it imports
// (npm run build:action), since a JavaScript action runs from its checkout and installs nothing.
// It maps the inputs to the tools' variables, runs `report` or `resolve` through the run layer exactly as the command line does
// (same lines, GITHUB_OUTPUT, step summary, exit codes), and mirrors `[WARN]`/`[ERROR]` lines as
// annotations. The run's address and commit come from the runner's GITHUB_* variables.
import { annotating } from '../run/annotations.ts'
import { reportFailure } from '../run/exit.ts'
import { ioLog, redacting, type Io } from '../run/io.ts'
import { reportCommand } from '../run/report-command.ts'
import { resolveCommand } from '../run/resolve-command.ts'
import { actionRun, type ActionRun } from './inputs.ts'

const io = (env: Io['env'], secrets: readonly string[]): Io => ({ env, stdout: redacting(process.stdout), stderr: annotating(redacting(process.stderr), redacting(process.stdout), secrets), annotated: true })

let run: ActionRun | undefined
try {
  run = actionRun(process.env)
} catch (error) {
  process.exitCode = reportFailure(error, ioLog(io(process.env, [])), { debug: Boolean(process.env.DEBUG) })
}
if (run) {
  // The inputs win over the step's own env, as the action's interface.
  const commandIo = io({ ...process.env, ...run.env }, run.secrets)
  process.exitCode = run.command === 'report' ? await reportCommand({ reason: run.reason, dryRun: run.dryRun }, commandIo) : await resolveCommand({ dryRun: run.dryRun }, commandIo)
}
