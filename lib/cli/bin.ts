// The executable behind `deploy-failure-reporter` (built into dist/cli.js). Nothing else may run at
// start-up here: the exit code is the command's, set rather than forced, so output is flushed first.
import { main } from './main.ts'

process.exitCode = await main(process.argv.slice(2))
