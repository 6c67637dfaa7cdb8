// `npm run release:notes -- X.Y.Z`: prints that version's CHANGELOG.md section, the text of its GitHub
// release. Exit 1 when the changelog has none, 2 without a version.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { releaseNotes } from './release/changelog.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const version = process.argv[2]?.replace(/^v/, '')
if (!version) {
  console.error('Usage: npm run release:notes -- X.Y.Z')
  process.exitCode = 2
} else {
  const notes = releaseNotes(readFileSync(`${root}CHANGELOG.md`, 'utf8'), version)
  if (notes === undefined) console.error(`[ERROR] CHANGELOG.md has no section for ${version}`)
  else console.log(notes)
  process.exitCode = notes === undefined ? 1 : 0
}
