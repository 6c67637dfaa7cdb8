// CHANGELOG.md in the Keep a Changelog 1.1.0 form: `## [Unreleased]` on top, then `## [X.Y.Z] - YYYY-MM-DD`
// per release, newest first, and link definitions at the end. https://keepachangelog.com/en/1.1.0/
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const HEADING = /^## \[([^\]]+)\](.*)$/gm
const LINK = (name: string) => new RegExp(String.raw`^\[${escape(name)}\]: \S+$`, 'im')

// One `## [...]` section: its name, the rest of the heading line, and its text up to the next section.
interface Section {
  readonly name: string
  readonly rest: string
  readonly start: number
  readonly bodyStart: number
  readonly end: number
}

function sections(text: string): Section[] {
  const heads = [...text.matchAll(HEADING)]
  // The link definitions close the file; the last section ends where they start.
  const links = /^\[[^\]]+\]: \S+$/m.exec(text.slice(heads.at(-1)?.index ?? 0))
  const tail = links ? (heads.at(-1)?.index ?? 0) + links.index : text.length
  return heads.map((m, i) => ({
    name: m[1]!,
    rest: m[2]!,
    start: m.index!,
    bodyStart: m.index! + m[0].length,
    end: heads[i + 1]?.index ?? tail,
  }))
}

/**
 * The text of `version`'s section (what a GitHub release shows), trimmed; undefined when the changelog has
 * no `## [version] - YYYY-MM-DD` heading with at least one line under it.
 */
export function releaseNotes(changelog: string, version: string): string | undefined {
  const section = sections(changelog).find((s) => s.name === version && /^ - \d{4}-\d{2}-\d{2}$/.test(s.rest))
  const body = section && changelog.slice(section.bodyStart, section.end).trim()
  return body || undefined
}

/** What is wrong with the changelog for releasing `version`: [] when it can be released as it is. */
export function changelogProblems(changelog: string, version: string): string[] {
  const problems: string[] = []
  if (releaseNotes(changelog, version) === undefined) {
    problems.push(`CHANGELOG.md has no section "## [${version}] - YYYY-MM-DD" with the changes under it: run npm run release, or move the Unreleased entries there`)
  }
  if (!LINK(version).test(changelog)) problems.push(`CHANGELOG.md has no link definition "[${version}]: <address>" at its end`)
  const unreleased = sections(changelog)[0]
  if (unreleased?.name.toLowerCase() !== 'unreleased') problems.push('CHANGELOG.md does not start with an "## [Unreleased]" section (Keep a Changelog)')
  return problems
}

/**
 * Turns the Unreleased section into `version`'s, dated `date` (YYYY-MM-DD), with a new empty Unreleased
 * above it, and the compare links at the end: Unreleased from the new tag, the new version from the
 * previous one. `repository` is the project's web address (https://github.com/owner/name).
 */
export function cutRelease(changelog: string, version: string, date: string, repository: string): string {
  const all = sections(changelog)
  const unreleased = all[0]
  if (unreleased?.name.toLowerCase() !== 'unreleased') throw new Error('CHANGELOG.md has no "## [Unreleased]" section on top to release')
  if (all.some((s) => s.name === version)) throw new Error(`CHANGELOG.md already has a section for ${version}`)
  const entries = changelog.slice(unreleased.bodyStart, unreleased.end).trim()
  if (!entries) throw new Error(`CHANGELOG.md: the Unreleased section is empty; write what ${version} changes there first`)
  const previous = all[1]?.name
  let text = `${changelog.slice(0, unreleased.bodyStart)}\n\n## [${version}] - ${date}\n\n${entries}\n\n${changelog.slice(unreleased.end)}`
  const base = repository.replace(/\/+$/, '')
  const unreleasedLink = `[Unreleased]: ${base}/compare/v${version}...HEAD`
  const versionLink = previous ? `[${version}]: ${base}/compare/v${previous}...v${version}` : `[${version}]: ${base}/releases/tag/v${version}`
  text = LINK('Unreleased').test(text) ? text.replace(LINK('Unreleased'), `${unreleasedLink}\n${versionLink}`) : `${text.trimEnd()}\n\n${unreleasedLink}\n${versionLink}\n`
  return text
}
