// Every place the package's version is written, so that a release changes all of them and release:check
// can say which one was left behind. A team pins what these name (the component's `package` input, a
// tarball in the docs), so a stale one installs an old reporter without any error.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A release version: X.Y.Z with an optional pre-release (SemVer 2.0.0 §9), no build metadata. */
export const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/
// A tarball's `.tgz` is not part of a pre-release (deploy-failure-reporter-1.0.0-rc.1.tgz).
const V = String.raw`\d+\.\d+\.\d+(?:-[0-9A-Za-z-]+(?:\.(?!tgz\b)[0-9A-Za-z-]+)*)?`

/** One place that names a version, and the version it names (undefined: the place is missing). */
export interface Written {
  readonly file: string
  readonly what: string
  readonly version: string | undefined
  /** Set when the place names the moving major tag (`v0`), which follows the version's major. */
  readonly major?: true
}

type Json = { version?: string; packages?: Record<string, { version?: string }> }
const readJson = (root: string, file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Json
// npm writes both files with two-space indentation and a final newline; keeping that keeps diffs to one line.
const writeJson = (root: string, file: string, value: Json) => writeFileSync(join(root, file), `${JSON.stringify(value, null, 2)}\n`)

// Text files: the component's default and any page that names an exact release (an npx spec or a tarball).
const TEMPLATE = 'templates/deploy-failure.yml'
const TEMPLATE_DEFAULT = new RegExp(String.raw`(^\s+default: deploy-failure-reporter@)(${V})$`, 'gm')
// The npm spec (`deploy-failure-reporter@X.Y.Z`), a tarball (`…-X.Y.Z.tgz`), and the GitLab component
// (`…/deploy-failure-reporter/deploy-failure@X.Y.Z`: the catalog version the mirror's release job publishes).
const IN_DOCS = new RegExp(String.raw`(deploy-failure-reporter[@-]|deploy-failure-reporter/deploy-failure@)(${V})(?=\.tgz|\.(?!\d)|[\s\`'"),;:]|$)`, 'gm')
// The Action's `uses: deploy-failure-reporter/deploy-failure-reporter@vX`: the major tag the release moves
// (scripts/release.mts), so a pasted snippet names a tag that exists.
const USES = /(deploy-failure-reporter\/deploy-failure-reporter@)(v\d+)(?![\w.])/gm

/** The tag that moves with each release of a major version: v1 for 1.4.2 (what `uses: …@v1` follows). */
export const majorTag = (version: string): string => `v${Number.parseInt(version, 10)}`

/** The pages whose mentions of `deploy-failure-reporter@X.Y.Z` or `…-X.Y.Z.tgz` must follow the version. */
export function docPages(root: string): string[] {
  return ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), ...EXAMPLES.filter((f) => existsSync(join(root, f)))]
}

// The examples a team copies: the Action's tag and the component's version are pinned there too.
const EXAMPLES = ['examples/github-actions.yml', 'examples/gitlab-ci.yml']

/** Every place the version is written in the tree at `root`, with what each says. */
export function versionsWritten(root: string): Written[] {
  const pkg = readJson(root, 'package.json')
  const lock = readJson(root, 'package-lock.json')
  const found: Written[] = [
    { file: 'package.json', what: 'version', version: pkg.version },
    { file: 'package-lock.json', what: 'version', version: lock.version },
    { file: 'package-lock.json', what: 'packages[""].version', version: lock.packages?.['']?.version },
  ]
  const template = [...readFileSync(join(root, TEMPLATE), 'utf8').matchAll(TEMPLATE_DEFAULT)]
  if (template.length === 0) found.push({ file: TEMPLATE, what: "the input package's default deploy-failure-reporter@X.Y.Z", version: undefined })
  for (const m of template) found.push({ file: TEMPLATE, what: "the input package's default", version: m[2] })
  for (const page of docPages(root)) {
    const text = readFileSync(join(root, page), 'utf8')
    for (const m of text.matchAll(IN_DOCS)) found.push({ file: page, what: `"${m[0]}"`, version: m[2] })
    for (const m of text.matchAll(USES)) found.push({ file: page, what: `"${m[0]}"`, version: m[2], major: true })
  }
  return found
}

/** Writes `version` in every place {@link versionsWritten} reads; returns the files it changed. */
export function writeVersion(root: string, version: string): string[] {
  if (!VERSION.test(version)) throw new Error(`not a release version: ${JSON.stringify(version)} (expected X.Y.Z)`)
  const changed = new Set<string>()
  const pkg = readJson(root, 'package.json')
  writeJson(root, 'package.json', { ...pkg, version })
  changed.add('package.json')
  const lock = readJson(root, 'package-lock.json')
  const rootEntry = lock.packages?.['']
  writeJson(root, 'package-lock.json', { ...lock, version, ...(rootEntry ? { packages: { ...lock.packages, '': { ...rootEntry, version } } } : {}) })
  changed.add('package-lock.json')
  for (const [file, pattern] of [[TEMPLATE, TEMPLATE_DEFAULT], ...docPages(root).map((p) => [p, IN_DOCS] as const)] as const) {
    const before = readFileSync(join(root, file), 'utf8')
    let after = before.replace(pattern, (_, head: string) => `${head}${version}`)
    // A pre-release leaves the major tag where it is (scripts/release.mts), and so the snippets.
    if (pattern === IN_DOCS && !version.includes('-')) after = after.replace(USES, (_, head: string) => `${head}${majorTag(version)}`)
    if (after !== before) {
      writeFileSync(join(root, file), after)
      changed.add(file)
    }
  }
  return [...changed]
}
