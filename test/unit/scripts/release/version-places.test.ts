import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { versionsWritten, writeVersion } from '../../../../scripts/release/version-places.ts'

let root: string
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true })
  writeFileSync(join(root, file), text)
}
const read = (file: string) => readFileSync(join(root, file), 'utf8')

test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), 'version-places-'))
  write('package.json', `${JSON.stringify({ name: 'deploy-failure-reporter', version: '0.2.0', scripts: { a: 'b' } }, null, 2)}\n`)
  write('package-lock.json', `${JSON.stringify({ name: 'deploy-failure-reporter', version: '0.2.0', lockfileVersion: 3, packages: { '': { name: 'deploy-failure-reporter', version: '0.2.0' }, 'node_modules/x': { version: '0.2.0' } } }, null, 2)}\n`)
  write('templates/deploy-failure.yml', 'spec:\n  inputs:\n    package:\n      description: The package.\n      default: deploy-failure-reporter@0.2.0\n---\njob: {}\n')
  write('README.md', 'Run `npx deploy-failure-reporter@0.2.0 report`. Not deploy-failure-reporter@v1 nor OWNER/deploy-failure-reporter@v1.\n')
  write('docs/ci.md', '      package: ./vendor/deploy-failure-reporter-0.2.0.tgz   # spec\nthe package deploy-failure-reporter@0.2.0.\n')
  write('docs/other.md', 'No version here: deploy-failure-reporter@<version>.\n')
  write('examples/github-actions.yml', '      - uses: deploy-failure-reporter/deploy-failure-reporter@v0\n')
  write('docs/gitlab.md', '  - component: gitlab.com/deploy-failure-reporter/deploy-failure-reporter/deploy-failure@0.2.0\n')
})
test.after.each(() => rmSync(root, { recursive: true, force: true }))

test('versionsWritten: package.json, both places in the lock, the component default and each pinned mention in the docs', () => {
  assert.equal(versionsWritten(root), [
    { file: 'package.json', what: 'version', version: '0.2.0' },
    { file: 'package-lock.json', what: 'version', version: '0.2.0' },
    { file: 'package-lock.json', what: 'packages[""].version', version: '0.2.0' },
    { file: 'templates/deploy-failure.yml', what: "the input package's default", version: '0.2.0' },
    { file: 'README.md', what: '"deploy-failure-reporter@0.2.0"', version: '0.2.0' },
    { file: 'docs/ci.md', what: '"deploy-failure-reporter-0.2.0"', version: '0.2.0' },
    { file: 'docs/ci.md', what: '"deploy-failure-reporter@0.2.0"', version: '0.2.0' },
    { file: 'docs/gitlab.md', what: '"deploy-failure-reporter/deploy-failure@0.2.0"', version: '0.2.0' },
    { file: 'examples/github-actions.yml', what: '"deploy-failure-reporter/deploy-failure-reporter@v0"', version: 'v0', major: true },
  ])
})

test('writeVersion: the Action\'s uses: follows the major tag, which a pre-release leaves where it is', () => {
  writeVersion(root, '0.3.0')
  assert.is(read('examples/github-actions.yml'), '      - uses: deploy-failure-reporter/deploy-failure-reporter@v0\n')
  assert.match(read('docs/gitlab.md'), 'deploy-failure@0.3.0\n')
  writeVersion(root, '1.0.0-rc.1')
  assert.is(read('examples/github-actions.yml'), '      - uses: deploy-failure-reporter/deploy-failure-reporter@v0\n')
  writeVersion(root, '1.0.0')
  assert.is(read('examples/github-actions.yml'), '      - uses: deploy-failure-reporter/deploy-failure-reporter@v1\n')
})

test('versionsWritten: a component without a pinned default is named as missing', () => {
  write('templates/deploy-failure.yml', read('templates/deploy-failure.yml').replace('deploy-failure-reporter@0.2.0', 'deploy-failure-reporter'))
  assert.ok(versionsWritten(root).some((w) => w.file === 'templates/deploy-failure.yml' && w.version === undefined))
})

test('writeVersion: every place, nothing else (dependencies\' versions, @v1, placeholders), formatting kept', () => {
  const files = writeVersion(root, '0.3.0')
  assert.equal(files.sort(), ['README.md', 'docs/ci.md', 'docs/gitlab.md', 'package-lock.json', 'package.json', 'templates/deploy-failure.yml'])
  assert.ok(versionsWritten(root).every((w) => w.version === (w.major ? 'v0' : '0.3.0')))
  assert.is(read('package.json'), `${JSON.stringify({ name: 'deploy-failure-reporter', version: '0.3.0', scripts: { a: 'b' } }, null, 2)}\n`)
  assert.is(JSON.parse(read('package-lock.json')).packages['node_modules/x'].version, '0.2.0')
  assert.match(read('README.md'), 'Not deploy-failure-reporter@v1 nor OWNER/deploy-failure-reporter@v1.')
  assert.is(read('docs/other.md'), 'No version here: deploy-failure-reporter@<version>.\n')
  assert.match(read('docs/ci.md'), './vendor/deploy-failure-reporter-0.3.0.tgz   # spec')
  assert.throws(() => writeVersion(root, '0.3'), /not a release version: "0\.3"/)
  writeVersion(root, '1.0.0-rc.1')
  assert.match(read('docs/ci.md'), './vendor/deploy-failure-reporter-1.0.0-rc.1.tgz   # spec')
  assert.ok(versionsWritten(root).every((w) => w.major || w.version === '1.0.0-rc.1'), 'a pre-release before .tgz')
})

test.run()
