// What must hold before a release is published, checked without publishing anything: one version in every
// place, a changelog section for it, and a committed Action bundle that is the build of these sources (a
// JavaScript action runs dist/action.js as committed; a stale one ships old code under the new tag).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { changelogProblems } from './changelog.ts'
import { majorTag, VERSION, versionsWritten } from './version-places.ts'

/** The version package.json names; the one every other place must follow. */
export const packageVersion = (root: string): string => (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version

/** Every place whose version differs from package.json's, or that lost it. */
export function versionProblems(root: string): string[] {
  const version = packageVersion(root)
  if (!VERSION.test(version ?? '')) return [`package.json: "version" is ${JSON.stringify(version)}, expected X.Y.Z`]
  // A major tag follows a release; a pre-release does not move it, so any tag passes then.
  const wanted = (w: { major?: true }) => (w.major ? majorTag(version) : version)
  return versionsWritten(root)
    .filter((w) => w.version !== wanted(w) && !(w.major && version.includes('-')))
    .map((w) =>
      w.version === undefined
        ? `${w.file}: ${w.what} is missing; it must name ${version}`
        : `${w.file}: ${w.what} says ${w.version}, package.json says ${version}: run npm run release, or write ${wanted(w)} there`,
    )
}

/** Whether dist/action.js is byte for byte a fresh build of lib/ (built into a scratch folder, the tree untouched). */
export function bundleProblems(root: string): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'release-check-'))
  try {
    const fresh = join(scratch, 'action.js')
    execFileSync(process.execPath, [join(root, 'scripts/build-action.mjs'), fresh], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
    let committed: Buffer | undefined
    try {
      committed = readFileSync(join(root, 'dist/action.js'))
    } catch {
      return ['dist/action.js is missing: run npm run build:action and commit it']
    }
    return committed.equals(readFileSync(fresh)) ? [] : ['dist/action.js differs from the build of these sources: run npm run build:action and commit it']
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * Every reason not to release the tree at `root` now, [] when there is none. With `tag` (the pushed tag,
 * as in the release workflow), also that it is `v` + the version.
 */
export function releaseProblems(root: string, { tag }: { tag?: string } = {}): string[] {
  const version = packageVersion(root)
  const problems = [...versionProblems(root)]
  if (tag !== undefined && tag !== `v${version}`) problems.push(`the tag ${tag} is not v${version}, the version package.json names`)
  let changelog: string | undefined
  try {
    changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8')
  } catch {
    problems.push('CHANGELOG.md is missing (Keep a Changelog: https://keepachangelog.com/en/1.1.0/)')
  }
  if (changelog !== undefined) problems.push(...changelogProblems(changelog, version))
  problems.push(...bundleProblems(root))
  return problems
}
