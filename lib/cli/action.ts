// The GitHub Action's entry: action.yml runs dist/action.js, this file bundled with everything it imports
// (npm run build:action), since a JavaScript action runs from its checkout and installs nothing.
// It maps the inputs to the tools' variables, runs `report` or `resolve` in this process exactly as the
// command line does (same lines, GITHUB_OUTPUT, step summary, exit codes), and mirrors `[WARN]`/`[ERROR]`
// lines as annotations. The run's address and commit come from the runner's GITHUB_* variables.
import { actionRun } from './action-inputs.ts'
import { annotating } from './annotations.ts'
import { EXIT, reportFailure } from './args.ts'
import { consoleLog } from '../core/log.ts'

// Until the commands take their streams as arguments, their stderr is the process's, wrapped.
const annotateStderr = (secrets: readonly string[]) => {
  const write = process.stderr.write.bind(process.stderr) as (text: string) => boolean
  const wrapped = annotating({ write }, process.stdout, secrets)
  process.stderr.write = ((text: string) => wrapped.write(String(text))) as typeof process.stderr.write
}

let run
try {
  run = actionRun(process.env)
} catch (error) {
  annotateStderr([])
  process.exitCode = reportFailure(error, consoleLog())
}
if (run) {
  Object.assign(process.env, run.env)
  annotateStderr(run.secrets)
  // The commands read their arguments after their own path in process.argv (lib/cli/args.ts scriptArgs).
  process.argv = [process.argv[0]!, process.argv[1]!, ...run.args]
  if (run.command === 'report') await import('../../scripts/report.mts')
  else await import('../../scripts/resolve.mts')
  if (process.exitCode === undefined) process.exitCode = EXIT.ok
}
