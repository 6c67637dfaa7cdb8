import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { changelogProblems, cutRelease, releaseNotes } from '../../../../scripts/release/changelog.ts'

const REPO = 'https://github.com/acme/tool'
const LOG = `# Changelog

Intro text.

## [Unreleased]

### Added
- Stats.

## [1.1.0] - 2026-10-01

### Fixed
- A bug.

## [1.0.0] - 2026-09-01

- First.

[Unreleased]: ${REPO}/compare/v1.1.0...HEAD
[1.1.0]: ${REPO}/compare/v1.0.0...v1.1.0
[1.0.0]: ${REPO}/releases/tag/v1.0.0
`

test('releaseNotes: the section\'s text without its heading, up to the next section or the links', () => {
  assert.is(releaseNotes(LOG, '1.1.0'), '### Fixed\n- A bug.')
  assert.is(releaseNotes(LOG, '1.0.0'), '- First.', 'the last section stops at the link definitions')
  assert.is(releaseNotes(LOG, '1.2.0'), undefined)
  assert.is(releaseNotes(LOG, 'Unreleased'), undefined, 'a section without a date is not a release')
  assert.is(releaseNotes(LOG.replace('- A bug.', ''), '1.1.0'), '### Fixed', 'a heading alone still counts as text')
  assert.is(releaseNotes(LOG.replace('### Fixed\n- A bug.', ''), '1.1.0'), undefined, 'an empty section is none')
})

test('changelogProblems: none for a released version; each missing piece named', () => {
  assert.equal(changelogProblems(LOG, '1.1.0'), [])
  assert.equal(changelogProblems(LOG, '1.2.0'), [
    'CHANGELOG.md has no section "## [1.2.0] - YYYY-MM-DD" with the changes under it: run npm run release, or move the Unreleased entries there',
    'CHANGELOG.md has no link definition "[1.2.0]: <address>" at its end',
  ])
  assert.equal(changelogProblems(LOG.replace(`[1.1.0]: ${REPO}/compare/v1.0.0...v1.1.0\n`, ''), '1.1.0'), ['CHANGELOG.md has no link definition "[1.1.0]: <address>" at its end'])
  assert.equal(changelogProblems(LOG.replace('## [Unreleased]\n\n### Added\n- Stats.\n\n', ''), '1.1.0'), ['CHANGELOG.md does not start with an "## [Unreleased]" section (Keep a Changelog)'])
})

test('cutRelease: Unreleased becomes the dated version under a new empty Unreleased; the links follow', () => {
  const out = cutRelease(LOG, '1.2.0', '2026-12-01', `${REPO}/`)
  assert.match(out, '## [Unreleased]\n\n## [1.2.0] - 2026-12-01\n\n### Added\n- Stats.\n\n## [1.1.0] - 2026-10-01\n')
  assert.match(out, `[Unreleased]: ${REPO}/compare/v1.2.0...HEAD\n[1.2.0]: ${REPO}/compare/v1.1.0...v1.2.0\n[1.1.0]: `)
  assert.equal(changelogProblems(out, '1.2.0'), [])
  assert.is(releaseNotes(out, '1.2.0'), '### Added\n- Stats.')
  assert.is(out.split('\n').filter((l) => l.startsWith('[1.2.0]: ')).length, 1)
})

test('cutRelease: the first release links its tag; refusals change nothing', () => {
  const first = '# Changelog\n\n## [Unreleased]\n\n- Everything.\n'
  const out = cutRelease(first, '0.1.0', '2026-01-02', REPO)
  assert.is(out, `# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-01-02\n\n- Everything.\n\n[Unreleased]: ${REPO}/compare/v0.1.0...HEAD\n[0.1.0]: ${REPO}/releases/tag/v0.1.0\n`)
  assert.throws(() => cutRelease(out, '0.2.0', '2026-01-03', REPO), /Unreleased section is empty/)
  assert.throws(() => cutRelease(LOG, '1.1.0', '2026-01-03', REPO), /already has a section for 1\.1\.0/)
  assert.throws(() => cutRelease('# Changelog\n\n## [1.0.0] - 2026-01-01\n- x\n', '1.1.0', '2026-01-03', REPO), /no "## \[Unreleased\]" section/)
})

test.run()
