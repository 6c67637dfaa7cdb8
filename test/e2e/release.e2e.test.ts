// `npm run release -- minor` in a git copy of the project: one commit that bumps the version everywhere,
// turns the changelog's Unreleased section into the version's, rebuilds dist/action.js, tagged vX.Y.Z,
// with vX moved to it; after it release:check passes for that tag. And a release that cannot be cut
// changes nothing.
// test-runner: slow, 15-20 s: git, npm and the typed release scripts, one after another
import { execFileSync } from 'node:child_process'
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments } from 'yaml'
import { ROOT, runCommand } from '../helpers/helpers.ts'
import { projectCopy } from '../helpers/project-copy.ts'
import { runReleaseInProcess } from '../helpers/release-in-process.ts'

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const [MAJOR, MINOR] = VERSION.split('.').map(Number) as [number, number]
const NEXT = `${MAJOR}.${MINOR + 1}.0`
const IDENTITY = { GIT_AUTHOR_NAME: 'Release Test', GIT_AUTHOR_EMAIL: 'release@example.invalid', GIT_COMMITTER_NAME: 'Release Test', GIT_COMMITTER_EMAIL: 'release@example.invalid' }

let dir: string
const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...IDENTITY } }).trim()
const read = (file: string) => readFileSync(join(dir, file), 'utf8')
// `npm run release -- …` cuts the release below, and `npm run release:notes` reads its notes, as the
// maintainer and the release workflow type them: the scripts' starts through npm (package.json: node
// scripts/release.mts, with .npmrc's node-options loading the TypeScript hook). The refusals, the
// pre-release and release:check after the release run the command the script calls in this process
// (helpers/release-in-process.ts; each script is that one call, test/unit/scripts/release/entries.test.ts):
// a typed start, ~1 s of CPU on Node 20, says nothing about why a release is refused. That npm passes the
// arguments after -- on shows in the release itself (without them it prints its usage and exits 2).
// release:check typed through npm is release-check.e2e's.
const npmRelease = (...args: string[]) => runCommand('npm', ['run', '--silent', 'release', '--', ...args], IDENTITY, { cwd: dir })
// The release commits and tags with git, which takes its identity from the environment: this process's.
const release = (...args: string[]) => {
  const saved = process.env
  process.env = { ...saved, ...IDENTITY }
  try {
    return runReleaseInProcess('release.mts', dir, args)
  } finally {
    process.env = saved
  }
}

test.before(() => {
  dir = projectCopy('release-')
  git('init', '-q', '-b', 'main')
  // No background maintenance after each commit (a git process each): a scratch repository.
  appendFileSync(join(dir, '.git/config'), '[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n')
  git('add', '-A')
  git('commit', '-q', '-m', 'The project as it is')
})
test.after(() => rmSync(dir, { recursive: true, force: true }))

test('a tree with changes is not released: nothing written, no tag', async () => {
  writeFileSync(join(dir, 'notes.txt'), 'work in progress\n')
  const r = release('minor', '--date', '2026-12-01')
  rmSync(join(dir, 'notes.txt'))
  assert.is(r.code, 1)
  assert.match(r.stderr, /The working tree has changes/)
  assert.is(git('tag', '--list'), '')
  assert.is(git('status', '--porcelain'), '')
})

test('a version that does not come after the current one is refused', async () => {
  const r = release(VERSION)
  assert.is(r.code, 1)
  assert.match(r.stderr, `${VERSION} is the current version already`)
  assert.is(release('not-a-version').code, 1)
  assert.is(release().code, 2, 'no version given')
})

test(`npm run release -- minor: ${NEXT} in every file, the changelog cut, one commit, v${NEXT} and v${MAJOR} on it`, async () => {
  const unreleased = /## \[Unreleased\]\n([\s\S]*?)\n## \[/.exec(read('CHANGELOG.md'))![1]!.trim()
  const r = await npmRelease('minor', '--date', '2026-12-01')
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.match(r.stdout, `[INFO] To publish: git push --atomic origin HEAD:refs/heads/main refs/tags/v${NEXT} && git push --force origin refs/tags/v${MAJOR}`)

  assert.is(JSON.parse(read('package.json')).version, NEXT)
  const lock = JSON.parse(read('package-lock.json'))
  assert.equal([lock.version, lock.packages[''].version], [NEXT, NEXT])
  const [spec] = parseAllDocuments(read('templates/deploy-failure.yml')).map((d) => d.toJS()) as [{ spec: { inputs: { package: { default: string } } } }]
  assert.is(spec.spec.inputs.package.default, `deploy-failure-reporter@${NEXT}`)
  assert.match(read('docs/ci.md'), `./vendor/deploy-failure-reporter-${NEXT}.tgz`)

  const changelog = read('CHANGELOG.md')
  assert.match(changelog, `## [Unreleased]\n\n## [${NEXT}] - 2026-12-01\n\n${unreleased}\n\n## [${VERSION}] - `)
  assert.match(changelog, `[Unreleased]: https://github.com/deploy-failure-reporter/deploy-failure-reporter/compare/v${NEXT}...HEAD\n[${NEXT}]: https://github.com/deploy-failure-reporter/deploy-failure-reporter/compare/v${VERSION}...v${NEXT}\n`)

  assert.is(git('status', '--porcelain'), '', 'everything committed')
  assert.is(git('log', '-1', '--format=%s'), `Release ${NEXT}`)
  // dist/action.js is in the commit when its build changed (a rebuild of a current bundle changes nothing).
  const changed = git('diff', '--name-only', 'HEAD~1', 'HEAD').split('\n').filter((f) => f !== 'dist/action.js')
  assert.equal(changed.sort(), ['CHANGELOG.md', 'README.md', 'docs/ci.md', 'package-lock.json', 'package.json', 'templates/deploy-failure.yml'])
  // The snippets: the component names the new release; the Action's tag stays v${MAJOR} within the major.
  assert.match(read('README.md'), `component: gitlab.com/deploy-failure-reporter/deploy-failure-reporter/deploy-failure@${NEXT} }]`)
  assert.match(read('README.md'), `uses: deploy-failure-reporter/deploy-failure-reporter@v${MAJOR}\n`)
  const head = git('rev-parse', 'HEAD')
  assert.is(git('rev-parse', `v${NEXT}^{commit}`), head)
  assert.is(git('rev-parse', `v${MAJOR}^{commit}`), head)
  assert.is(git('cat-file', '-t', `v${NEXT}`), 'tag', 'an annotated tag')

  const checked = runReleaseInProcess('release-check.mts', dir, ['--tag', `v${NEXT}`])
  assert.is(checked.code, 0, checked.stderr)
  assert.match(checked.stdout, `[INFO] Ready to release ${NEXT}`)
  const notes = await runCommand('npm', ['run', '--silent', 'release:notes', '--', `v${NEXT}`], {}, { cwd: dir })
  assert.is(notes.stdout.trim(), unreleased)
})

test('the next release with an empty Unreleased section stops before writing anything', async () => {
  const r = release('patch')
  assert.is(r.code, 1)
  assert.match(r.stderr, /the Unreleased section is empty/)
  assert.is(git('status', '--porcelain'), '')
  assert.equal(git('tag', '--points-at', 'HEAD').split('\n').sort(), [`v${MAJOR}`, `v${NEXT}`])
  assert.is(git('log', '-1', '--format=%s'), `Release ${NEXT}`)
})

test('a pre-release: tagged, published from the same workflow, but vX stays on the last release', async () => {
  const rc = `${MAJOR + 1}.0.0-rc.1`
  writeFileSync(join(dir, 'CHANGELOG.md'), read('CHANGELOG.md').replace('## [Unreleased]\n', '## [Unreleased]\n\n### Changed\n- Something big.\n'))
  git('commit', '-q', '-am', 'Note the big change')
  const before = git('rev-parse', `v${MAJOR}^{commit}`)
  const r = release(rc, '--date', '2026-12-02')
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.match(r.stdout, 'a pre-release: the major tag stays')
  assert.is(git('rev-parse', `v${rc}^{commit}`), git('rev-parse', 'HEAD'))
  assert.is(git('rev-parse', `v${MAJOR}^{commit}`), before)
  assert.is(git('tag', '--list', `v${MAJOR + 1}`), '')
  assert.not.match(r.stdout, 'push --force')
})

test.run()
