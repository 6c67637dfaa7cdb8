// `npm run release:notes -- X.Y.Z`: prints that version's CHANGELOG.md section, the text of its GitHub release
// (scripts/release/notes-command.ts). Exit 1 when the changelog has none, 2 without a version.
import { fileURLToPath } from 'node:url'
import { scriptArgs } from '../lib/cli/args.ts'
import { releaseNotesCommand } from './release/notes-command.ts'

process.exitCode = releaseNotesCommand(fileURLToPath(new URL('..', import.meta.url)), scriptArgs(import.meta.url))
