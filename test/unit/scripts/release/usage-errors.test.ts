// `npm run release` and `release:notes` with bad arguments: exit 2 before anything is read or written, with
// one line on standard error naming the argument and the form it needs, as the commands' usage errors do.
// Each returns before it reads a file or calls git, so the project root it is given is never looked at.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runReleaseInProcess } from '../../../helpers/release-in-process.ts'

const NOWHERE = '/nonexistent-release-root'

test('no version, or two: exit 2, naming what was given and what is expected', () => {
  const none = runReleaseInProcess('release.mts', NOWHERE, [])
  assert.equal([none.code, none.stdout], [2, ''])
  assert.is(none.stderr, '[ERROR] give one version, X.Y.Z or major, minor or patch (got none); see --help\n')
  const two = runReleaseInProcess('release.mts', NOWHERE, ['minor', 'patch'])
  assert.equal([two.code, two.stdout], [2, ''])
  assert.is(two.stderr, '[ERROR] give one version, X.Y.Z or major, minor or patch (got "minor", "patch"); see --help\n')
})

test('a --date that is not YYYY-MM-DD: exit 2, naming the value', () => {
  const r = runReleaseInProcess('release.mts', NOWHERE, ['minor', '--date', '2026/12/01'])
  assert.equal([r.code, r.stdout], [2, ''])
  assert.is(r.stderr, '[ERROR] --date must be a day as YYYY-MM-DD, such as 2026-12-01 (got "2026/12/01"); see --help\n')
})

test('--help: the usage on standard output, exit 0', () => {
  const r = runReleaseInProcess('release.mts', NOWHERE, ['--help'])
  assert.equal([r.code, r.stderr], [0, ''])
  assert.match(r.stdout, /^Usage: npm run release -- /)
})

test('release:notes without a version: exit 2, saying which is missing', () => {
  const r = runReleaseInProcess('release-notes.mts', NOWHERE, [])
  assert.equal([r.code, r.stdout], [2, ''])
  assert.is(r.stderr, '[ERROR] give the version whose notes to print, as X.Y.Z (got none); see --help\n')
})

test.run()
