// `npm run release:check` on a copy of the project: it passes on the tree as it is, and fails, naming the
// culprit, on each mismatch a release must never ship: a stale dist/action.js, a version that differs
// between files, a changelog without the version's section, a tag that is not the version.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, runCommand } from '../helpers/helpers.ts'
import { projectCopy } from '../helpers/project-copy.ts'
import { runReleaseInProcess } from '../helpers/release-in-process.ts'

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
let dir: string

// The copy's bundle is rebuilt first: the clean case is then "a tree whose dist/action.js is its build",
// whether or not this checkout's committed bundle is current (.ci/run checks that one itself).
test.before(() => {
  dir = projectCopy('release-check-')
  execFileSync(process.execPath, ['scripts/build-action.mjs'], { cwd: dir, stdio: 'ignore' })
})
test.after(() => rmSync(dir, { recursive: true, force: true }))

// Runs release:check in the copy, with each change applied to its file for this run only: through npm for the
// wrong tag (the npm script itself, as the release workflow runs it), else the command the script calls, in
// this process (helpers/release-in-process.ts; the script is that one call, test/unit/scripts/release/
// entries.test.ts): a typed start, ~1 s of CPU on Node 20 (npm's ~0.4 s more), says nothing about a
// planted problem. Each run still builds the bundle in a child process, as the command does.
const viaNpm = async (args: string[]) => runCommand('npm', ['run', '--silent', 'release:check', ...(args.length ? ['--', ...args] : [])], {}, { cwd: dir })
const direct = async (args: string[]) => runReleaseInProcess('release-check.mts', dir, args)
async function check(changes: { file: string; edit: (text: string) => string }[] = [], args: string[] = [], run = direct) {
  const before = changes.map((c) => readFileSync(join(dir, c.file), 'utf8'))
  try {
    changes.forEach((c, i) => {
      const after = c.edit(before[i]!)
      assert.is.not(after, before[i], `the planted change alters ${c.file}`)
      writeFileSync(join(dir, c.file), after)
    })
    return await run(args)
  } finally {
    changes.forEach((c, i) => writeFileSync(join(dir, c.file), before[i]!))
  }
}

test('the tree as it is: ready, exit 0, nothing on stderr', async () => {
  const r = await check()
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.is(r.stderr, '')
  assert.match(r.stdout, `[INFO] Ready to release ${VERSION}`)
})

test('a stale bundle: dist/action.js one byte off its build', async () => {
  const r = await check([{ file: 'dist/action.js', edit: (t) => t.replace('TITLE_LIMIT = 256', 'TITLE_LIMIT = 255') }])
  assert.is(r.code, 1)
  assert.is(r.stderr, '[ERROR] dist/action.js differs from the build of these sources: run npm run build:action and commit it\n')
})

// The planted mismatches that are not the bundle's, all in one run: each must be named, none hides
// another (the command prints every reason, scripts/release-check.mts), and each run rebuilds the
// bundle (~1 s of CPU), so one run checks them all. package.json's own version is planted in a run of
// its own: it makes every other file differ.
test('several mismatches at once: each named, in its own line, exit 1', async () => {
  const planted = [
    { file: 'templates/deploy-failure.yml', edit: (t: string) => t.replace(`deploy-failure-reporter@${VERSION}`, 'deploy-failure-reporter@0.1.9') },
    { file: 'docs/ci.md', edit: (t: string) => `${t}\n    npm i ./deploy-failure-reporter-0.0.1.tgz\n` },
    { file: 'CHANGELOG.md', edit: (t: string) => t.replace(`## [${VERSION}] - `, '## [0.0.0] - ') },
  ]
  const r = await check(planted)
  assert.is(r.code, 1)
  const lines = r.stderr.trimEnd().split('\n')
  assert.equal(lines.sort(), [
    `[ERROR] CHANGELOG.md has no section "## [${VERSION}] - YYYY-MM-DD" with the changes under it: run npm run release, or move the Unreleased entries there`,
    `[ERROR] docs/ci.md: "deploy-failure-reporter-0.0.1" says 0.0.1, package.json says ${VERSION}: run npm run release, or write ${VERSION} there`,
    `[ERROR] templates/deploy-failure.yml: the input package's default says 0.1.9, package.json says ${VERSION}: run npm run release, or write ${VERSION} there`,
  ].sort(), r.stderr)
})

test('a version differing between files: package.json ahead of the lock file, the component and the changelog', async () => {
  const r = await check([{ file: 'package.json', edit: (t) => t.replace(`"version": "${VERSION}"`, '"version": "9.9.9"') }])
  assert.is(r.code, 1)
  const lines = r.stderr.trim().split('\n')
  assert.ok(lines.includes('[ERROR] package-lock.json: version says 0.2.0, package.json says 9.9.9: run npm run release, or write 9.9.9 there'.replaceAll('0.2.0', VERSION)), r.stderr)
  assert.ok(lines.some((l) => l.startsWith('[ERROR] templates/deploy-failure.yml: ')), r.stderr)
  assert.ok(lines.some((l) => l.startsWith('[ERROR] CHANGELOG.md has no section "## [9.9.9] - YYYY-MM-DD"')), r.stderr)
})

// Through npm, as the release workflow runs it (the one typed start of release:check in the suite): the
// refusal also shows that npm passes the arguments after -- on, and that the script reads them (without
// them the tree as it is passes). The tag that is the version passes in release.e2e.
test('a pushed tag that is not the version (the release workflow passes --tag)', async () => {
  const r = await check([], ['--tag', 'v9.0.0'], viaNpm)
  assert.is(r.code, 1)
  assert.is(r.stderr, `[ERROR] the tag v9.0.0 is not v${VERSION}, the version package.json names\n`)
})

test.run()
