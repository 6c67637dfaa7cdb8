// `npm run release:notes -- X.Y.Z`: prints that version's CHANGELOG.md section, the text of its GitHub
// release. Exit 1 when the changelog has none, 2 without a version.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { scriptArgs } from './release/args.ts'
import { releaseNotes } from './release/changelog.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const [first] = scriptArgs(import.meta.url)
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
const version = first?.replace(/^v/, '')
if (first === '--help' || first === '-h') console.log(USAGE)
else if (!version) {
  console.error(USAGE)
  process.exitCode = 2
} else {
  const notes = releaseNotes(readFileSync(`${root}CHANGELOG.md`, 'utf8'), version)
  if (notes === undefined) console.error(`[ERROR] CHANGELOG.md has no section for ${version}`)
  else console.log(notes)
  process.exitCode = notes === undefined ? 1 : 0
}
