// `npm run release:check [-- --tag vX.Y.Z]`: what the release workflow checks before it publishes, publishing
// nothing (scripts/release/check-command.ts). Exit 0 ready, 1 not ready (every reason printed), 2 bad arguments.
import { fileURLToPath } from 'node:url'
import { scriptArgs } from '../lib/cli/args.ts'
import { releaseCheckCommand } from './release/check-command.ts'

process.exitCode = releaseCheckCommand(fileURLToPath(new URL('..', import.meta.url)), scriptArgs(import.meta.url))
