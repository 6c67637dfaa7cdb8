// `npm run release` with bad arguments: exit 2 before anything is read or written, with a line naming the
// argument and the form it needs, then the usage, all on standard error. The command returns before it
// calls git, so the project root it is given is never looked at.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runReleaseInProcess } from '../../../helpers/release-in-process.ts'

const NOWHERE = '/nonexistent-release-root'

test('no version, or two: exit 2, naming what was given and what is expected', () => {
  const none = runReleaseInProcess('release.mts', NOWHERE, [])
  assert.equal([none.code, none.stdout], [2, ''])
  assert.match(none.stderr, /^\[ERROR\] give one version, X\.Y\.Z or major, minor or patch \(got none\)\nUsage: npm run release -- /)
  const two = runReleaseInProcess('release.mts', NOWHERE, ['minor', 'patch'])
  assert.equal([two.code, two.stdout], [2, ''])
  assert.ok(two.stderr.startsWith('[ERROR] give one version, X.Y.Z or major, minor or patch (got "minor", "patch")\n'), two.stderr)
})

test('a --date that is not YYYY-MM-DD: exit 2, naming the value', () => {
  const r = runReleaseInProcess('release.mts', NOWHERE, ['minor', '--date', '2026/12/01'])
  assert.equal([r.code, r.stdout], [2, ''])
  assert.ok(r.stderr.startsWith('[ERROR] --date must be a day as YYYY-MM-DD, such as 2026-12-01 (got "2026/12/01")\nUsage: npm run release -- '), r.stderr)
})

test('--help: the usage on standard output, exit 0', () => {
  const r = runReleaseInProcess('release.mts', NOWHERE, ['--help'])
  assert.equal([r.code, r.stderr], [0, ''])
  assert.match(r.stdout, /^Usage: npm run release -- /)
})

test.run()
