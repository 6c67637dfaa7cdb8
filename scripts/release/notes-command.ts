// `npm run release:notes -- X.Y.Z`: prints that version's CHANGELOG.md section, the text of its GitHub
// release. Exit 1 when the changelog has none, 2 without a version.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { releaseNotes } from './changelog.ts'
import { consoleIo, type ScriptIo } from './script-io.ts'

const USAGE = [
  'Usage: npm run release:notes -- X.Y.Z  (or npx zx scripts/release-notes.mts X.Y.Z)',
  "Prints that version's CHANGELOG.md section, the text of its GitHub release.",
  '',
  'Options:',
  '  -h, --help  print this help',
  '',
  'Environment: none read.',
  'Exit codes: 0 printed, 1 the changelog has no section for it, 2 no version given',
].join('\n')

/** release:notes on the project at `root` with `args` (the words after the script); returns the exit code. */
export function releaseNotesCommand(root: string, args: readonly string[], io: ScriptIo = consoleIo): number {
  const [first] = args
  const version = first?.replace(/^v/, '')
  if (first === '--help' || first === '-h') {
    io.out(USAGE)
    return 0
  }
  if (!version) {
    io.err('[ERROR] give the version whose notes to print, as X.Y.Z (got none); see --help')
    return 2
  }
  const notes = releaseNotes(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version)
  if (notes === undefined) io.err(`[ERROR] CHANGELOG.md has no section for ${version}`)
  else io.out(notes)
  return notes === undefined ? 1 : 0
}
