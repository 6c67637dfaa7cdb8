import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { majorTag, nextVersion } from '../../../../scripts/release/next-version.ts'

test('the SemVer steps, and an exact version after the current one', () => {
  assert.is(nextVersion('0.2.0', 'patch'), '0.2.1')
  assert.is(nextVersion('0.2.0', 'minor'), '0.3.0')
  assert.is(nextVersion('0.2.7', 'major'), '1.0.0')
  assert.is(nextVersion('0.2.0', '1.0.0-rc.1'), '1.0.0-rc.1')
  assert.is(nextVersion('1.0.0-rc.1', 'patch'), '1.0.0', 'a pre-release is followed by its release')
  assert.is(nextVersion('1.0.0-rc.1', '1.0.0'), '1.0.0')
  assert.is(nextVersion('1.0.0-rc.2', '1.0.0-rc.10'), '1.0.0-rc.10', 'pre-releases in numeric order')
  assert.is(nextVersion('0.2.0', 'v0.10.0'), '0.10.0', 'a leading v is the tag, not the version')
})

test('refused: not after the current version, or not a version', () => {
  assert.throws(() => nextVersion('0.2.0', '0.2.0'), /is the current version already/)
  assert.throws(() => nextVersion('0.2.0', '0.1.9'), /does not come after the current version 0\.2\.0/)
  assert.throws(() => nextVersion('1.0.0', '1.0.0-rc.2'), /does not come after/)
  assert.throws(() => nextVersion('1.0.0-rc.2', '1.0.0-rc.1'), /does not come after/)
  assert.throws(() => nextVersion('0.2.0', 'next'), /"next" is not a version: give X\.Y\.Z, major, minor or patch/)
  assert.throws(() => nextVersion('0.2.0', '1.0'), /is not a version/)
})

test('majorTag: what uses: …@vX follows', () => {
  assert.is(majorTag('1.4.2'), 'v1')
  assert.is(majorTag('0.3.0'), 'v0')
  assert.is(majorTag('2.0.0-rc.1'), 'v2')
})

test.run()
