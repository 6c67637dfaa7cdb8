// The `### What changed` section: since the last good deploy of this environment, how many commits and
// pull requests went out, one line per pull request and per commit that came in none, and the authors;
// or, in one plain line, the cases a team must be told (no code change, a rollback, diverged histories,
// no earlier good deploy, its commit gone). Pull request titles, commit subjects and names are hostile
// text and get the body's usual escaping; people are @mentioned only with REPORT_MENTION=authors.
import type { ChangePull, Changes } from '../changes.ts'
import { authorsOf, isPerson, MAX_PEOPLE, type Author } from './authors.ts'
import { cutNote, FIELD_LIMIT, fitPrefix } from './budget.ts'
import { formatDuration } from './duration.ts'
import { inlineCode, markdownText, type Flavor } from './markdown.ts'
import { oneLine } from './text.ts'
import type { ChangesEntry } from '../report-result.ts'

/** At most this many lines of pull requests and commits; the rest are counted and linked. */
export const MAX_CHANGE_LINES = 20

// A title, subject or name is a label, not a document.
const TEXT_LIMIT = 200

/** How the section is rendered: when (for "2 h ago"), for which tracker, and whether to @mention. */
export interface ChangesView {
  /** When the run started: the base's age is counted to it. */
  readonly now: Date
  readonly flavor?: Flavor
  /** REPORT_MENTION=authors. */
  readonly mention?: boolean
  /** The environment, named when no earlier good deploy was found. */
  readonly environment?: string
}

/** `Changes.source` of a comparison with the previous occurrence's commit (an occurrence comment). */
export const PREVIOUS_OCCURRENCE = 'the previous occurrence'

/** Git's short form of a commit id. */
export const shortSha = (sha: string): string => sha.slice(0, 7)

// The largest unit only: "2 h ago", "3 d ago"; the exact time is on the deploy's page.
const age = (at: Date | undefined, now: Date): string | undefined =>
  at === undefined ? undefined : `${formatDuration(Math.max(0, now.getTime() - at.getTime()) / 1000).split(' ').slice(0, 2).join(' ')} ago`

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

const text = (value: string, flavor: Flavor) =>
  fitPrefix(oneLine(value), TEXT_LIMIT, (kept, cut) => markdownText(kept, flavor) + (cut ? `… ${cutNote(cut)}` : ''))

// Addresses come from the service or are built from the API's; only a plain http(s) one is linked, and
// only within FIELD_LIMIT, as in What failed: the section's smallest form holds the compare link, and the
// body's budget counts on that form being small (renderWhatChanged).
const linkable = (url: string | null): url is string => url !== null && url.length <= FIELD_LIMIT && /^https?:\/\/[^\s<>()`"[\]]+$/i.test(url) && URL.canParse(url)
const link = (label: string, url: string | null) => (linkable(url) ? `[${label}](${url})` : label)

// `abc1234`, 2 h ago
const baseWithAge = (changes: Changes, view: ChangesView) => {
  const when = age(changes.baseAt, view.now)
  return `${inlineCode(shortSha(changes.base ?? ''))}${when ? `, ${when}` : ''}`
}

const pullRef = (pull: ChangePull, flavor: Flavor) => link(`${flavor === 'gitlab' ? '!' : '#'}${pull.number}`, pull.url)

const nameOf = (author: string, flavor: Flavor) => text(author, flavor)

// The first MAX_CHANGE_LINES lines of pull requests, then of commits that came in none (only those are
// rendered), and how many there are in all, counting commits the comparison counted but did not list.
function allChangeLines(changes: Changes, flavor: Flavor): { lines: string[]; total: number } {
  const items = [
    ...changes.pulls.map((pull) => () => `- ${text(pull.title, flavor)} (${pullRef(pull, flavor)})${pull.author ? ` by ${nameOf(pull.author, flavor)}` : ''}`),
    ...changes.commits
      .filter((commit) => !changes.pullOf.has(commit.sha))
      .map((commit) => () => `- ${text(commit.subject, flavor)} (${inlineCode(shortSha(commit.sha))}) by ${nameOf(commit.login ?? commit.author, flavor)}`),
  ]
  return { lines: items.slice(0, MAX_CHANGE_LINES).map((line) => line()), total: items.length + Math.max(0, changes.total - changes.commits.length) }
}

// The first `count` of `lines`, then "and N more" for the rest of `total`.
const withMore = (lines: readonly string[], total: number, count: number, changes: Changes): string[] => {
  const kept = lines.slice(0, count)
  const more = total - kept.length
  return more > 0 ? [...kept, `- … and ${more} more: ${link('see the comparison', changes.compareUrl)}`] : kept
}

/** The section's lines of pull requests, then of commits that came in none, at most {@link MAX_CHANGE_LINES}, then "and N more". */
export function changeLines(changes: Changes, flavor: Flavor = 'github'): string[] {
  const { lines, total } = allChangeLines(changes, flavor)
  return withMore(lines, total, MAX_CHANGE_LINES, changes)
}

/**
 * At most this many authors are named; the rest are counted. The pulls and commits are listed in at most
 * {@link MAX_CHANGE_LINES} lines, but their authors came from every listed commit (GitHub's up to two
 * hundred, GitLab's all): a hundred long names made the section 29 KB. The body may name fewer still when
 * it is short of room (renderWhatChanged).
 */
export const MAX_AUTHORS = 20

/**
 * The authors line's names: @mentions for people with accounts when asked (each once, at most
 * {@link MAX_PEOPLE}), plain names otherwise; at most {@link MAX_AUTHORS}, then `and N more`.
 */
export function authorNames(authors: readonly Author[], view: Pick<ChangesView, 'mention' | 'flavor'>, count: number = MAX_AUTHORS): string[] {
  const flavor = view.flavor ?? 'github'
  let mentioned = 0
  const rest = authors.length - Math.min(count, authors.length)
  // With none named (the body's budget, renderWhatChanged), the line still says how many there are.
  const more = rest > 0 ? [rest === authors.length ? `${plural(rest, 'author')}, not named for want of room` : `and ${rest} more`] : []
  return [...authors.slice(0, count).map((author) => {
    if (view.mention && isPerson(author) && mentioned < MAX_PEOPLE) {
      mentioned++
      return `@${author.login}`
    }
    return nameOf(author.name, flavor)
  }), ...more]
}

/** The one-line summary or plain statement that opens the section. */
export function changesSummary(changes: Changes, view: ChangesView): string {
  if (changes.source === PREVIOUS_OCCURRENCE) return occurrenceSummary(changes)
  const compare = link('compare', changes.compareUrl)
  switch (changes.status) {
    case 'none': {
      // Where the source read only the newest deployments of more, "none" would claim what it did not read.
      const among = changes.among ? ` among its ${changes.among.count} newest ${changes.among.of} (older ones were not read)` : ''
      return `No earlier good deploy of ${inlineCode(oneLine(view.environment ?? 'this environment').slice(0, TEXT_LIMIT))} was found${among}, so there is nothing to compare this commit with.`
    }
    case 'gone':
      return `The last good deploy's commit (${baseWithAge(changes, view)}) is no longer in the repository (a force-push or a deleted branch), so nothing can be compared.`
    case 'identical':
      return `No code change since the last good deploy (${baseWithAge(changes, view)}): the failure is not in the code.`
    case 'behind':
      return `This deploy is older than the last good deploy (${baseWithAge(changes, view)}): a rollback by ${plural(changes.behindBy, 'commit')}. ${compare}`
    case 'diverged':
      return `The history diverged from the last good deploy (${baseWithAge(changes, view)}), as after a force-push: this commit ${inlineCode(shortSha(changes.head))} is not built on it; ${plural(changes.total, 'commit')} here are not in it. ${compare}`
    case 'ahead': {
      const counts = changes.pulls.length ? `${plural(changes.pulls.length, 'pull request')} and ${plural(changes.total, 'commit')}` : plural(changes.total, 'commit')
      return `**${counts}** since the last good deploy (${baseWithAge(changes, view)}): ${compare}`
    }
  }
}

// Since the previous occurrence: the same facts, measured from that occurrence's commit.
function occurrenceSummary(changes: Changes): string {
  const base = inlineCode(shortSha(changes.base ?? ''))
  const compare = link('compare', changes.compareUrl)
  switch (changes.status) {
    case 'ahead': {
      const counts = changes.pulls.length ? `${plural(changes.pulls.length, 'pull request')} and ${plural(changes.total, 'commit')}` : plural(changes.total, 'commit')
      return `**${counts}** since the previous occurrence (${base}): ${compare}`
    }
    case 'identical':
      return `No code change since the previous occurrence (${base}).`
    case 'behind':
      return `This commit is older than the previous occurrence's (${base}): a rollback by ${plural(changes.behindBy, 'commit')}. ${compare}`
    case 'diverged':
      return `The history diverged from the previous occurrence's commit (${base}). ${compare}`
    default:
      return `The previous occurrence's commit (${base}) is no longer in the repository.`
  }
}

/**
 * The `### What changed` section for `changes`, within `max` characters where it can be. Its lines of
 * pull requests and commits and its authors line are bounded in count, not in size: twenty lines of long
 * escaped titles, 255-character usernames and long addresses made it 18 KB, more than the issue body
 * leaves it beside a long message, reason and log. So when it is longer than `max`, it keeps fewer
 * lines (the last go first, counted in "and N more"), then names fewer authors (counted the same way), one
 * at a time, until it fits. The heading and the summary line are always kept: the section's smallest
 * form is those, the "and N more" line and the count of authors, under 2,500 characters (each linked
 * address is at most FIELD_LIMIT), and is what it returns when even that does not fit.
 */
export function renderWhatChanged(changes: Changes, view: ChangesView, max: number = Infinity): string {
  const flavor = view.flavor ?? 'github'
  const head = ['### What changed', changesSummary(changes, view)]
  if (changes.status !== 'ahead') return head.join('\n')
  const { lines, total } = allChangeLines(changes, flavor)
  const authors = authorsOf(changes)
  const named = authorNames(authors, view)
  const section = (lineCount: number, authorCount: number) => {
    const names = authorCount === MAX_AUTHORS ? named : authorNames(authors, view, authorCount)
    return [...head, '', ...withMore(lines, total, lineCount, changes), ...(names.length ? ['', `**Authors:** ${names.join(', ')}`] : [])].join('\n')
  }
  // Lines first: the compare link shows every change, while the authors are who to ask.
  for (let count = lines.length; count >= 0; count--) {
    const out = section(count, MAX_AUTHORS)
    if (out.length <= max) return out
  }
  for (let count = Math.min(MAX_AUTHORS, authors.length) - 1; count > 0; count--) {
    const out = section(0, count)
    if (out.length <= max) return out
  }
  return section(0, 0)
}

/**
 * The chat notice's line: `3 PRs, 5 commits since abc1234 (2 h ago)`, or the plain case. Plain text
 * (each chat format escapes it), no names, so no one is pinged.
 */
export function changedLine(changes: Changes, now: Date): string {
  const base = shortSha(changes.base ?? '')
  const when = age(changes.baseAt, now)
  const since = `${base}${when ? ` (${when})` : ''}`
  switch (changes.status) {
    case 'none':
      return 'no earlier good deploy found'
    case 'gone':
      return `the last good commit ${base} is no longer in the repository`
    case 'identical':
      return `no code change since ${since}`
    case 'behind':
      return `a rollback by ${plural(changes.behindBy, 'commit')} from ${since}`
    case 'diverged':
      return `history diverged from ${since}`
    case 'ahead':
      return `${changes.pulls.length ? `${plural(changes.pulls.length, 'PR')}, ` : ''}${plural(changes.total, 'commit')} since ${since}`
  }
}

/** What changed as `--json`, the Action's outputs and the plugin API give it (lib/core/report-result.ts). */
export type { ChangesEntry }

export function changesEntry(changes: Changes): ChangesEntry {
  return {
    base: changes.base,
    head: changes.head,
    status: changes.status,
    commits: changes.total,
    pulls: changes.pulls.map(({ number, title, author, url }) => ({ number, title, author, url })),
    authors: authorsOf(changes).map((author) => author.login ?? author.name),
    compareUrl: changes.compareUrl,
  }
}
