// The executable behind `deploy-failure-reporter` (built into dist/cli.js). Nothing else may run at
// start-up here: the exit code is the command's, set rather than forced, so output is flushed first.
import { existsSync } from 'node:fs'
import { preconnectForCommand } from '../http/preconnect.ts'
import { main } from './main.ts'

// The API's (and the chat's) connection opens now, while the command's modules load: lib/http/preconnect.ts.
// Node sends the connect on its next tick, and the command's modules then load in one block that would
// hold it back until they are all evaluated: one turn of the event loop lets it leave first.
if (preconnectForCommand(process.argv.slice(2), process.env, existsSync('.env'))) await new Promise((resolve) => setImmediate(resolve))
process.exitCode = await main(process.argv.slice(2))
