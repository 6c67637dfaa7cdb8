// `npm run release -- <X.Y.Z|major|minor|patch> [--push] [--date YYYY-MM-DD] [--remote origin]`: cuts a
// release (scripts/release/cut-command.ts, maintainers/releasing.md). Exit 0 done, 1 not released, 2 bad arguments.
import { fileURLToPath } from 'node:url'
import { scriptArgs } from '../lib/cli/args.ts'
import { releaseCommand } from './release/cut-command.ts'

process.exitCode = releaseCommand(fileURLToPath(new URL('..', import.meta.url)), scriptArgs(import.meta.url))
