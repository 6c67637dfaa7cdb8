// The people behind what changed (lib/core/changes.ts): listed by name, @mentioned only when a team asks
// (REPORT_MENTION=authors), assigned only when it asks (REPORT_ASSIGN=authors), bots never either.
import type { Changes } from '../changes.ts'

/** An author as the section lists them: a name to show, and an account when the service knows one. */
export interface Author {
  readonly name: string
  readonly login?: string
}

/** At most this many people are @mentioned, and assigned in all: GitHub's limit of assignees per issue. */
export const MAX_PEOPLE = 10

// GitHub logins and GitLab usernames: letters, digits and `-`, `_`, `.` (GitLab), at most 255 characters;
// an App's is `name[bot]`. Anything else from a service is shown as a name, never written after an `@`.
const ACCOUNT = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,253}[A-Za-z0-9_])?$/

/** Whether `name` is a bot: a GitHub App (`…[bot]`), Dependabot or Renovate. They are listed, never pinged. */
export function isBot(name: string): boolean {
  return /\[bot\]$/i.test(name) || /^(dependabot|renovate)(?:$|[-[\s])/i.test(name)
}

const key = (author: Author) => (author.login ?? author.name).toLowerCase()

/**
 * The authors of `changes`, each once (ignoring case): the pull requests' authors, newest first, then
 * those of the commits that came in no pull request.
 */
export function authorsOf(changes: Changes): Author[] {
  const all: Author[] = [
    ...changes.pulls.filter((pull) => pull.author !== null).map((pull) => ({ name: pull.author!, login: pull.author! })),
    ...changes.commits.filter((commit) => !changes.pullOf.has(commit.sha)).map((commit) => (commit.login ? { name: commit.login, login: commit.login } : { name: commit.author })),
  ]
  const seen = new Set<string>()
  return all.filter((author) => author.name.trim() !== '' && !seen.has(key(author)) && seen.add(key(author)))
}

/** Whether `author` may be @mentioned or assigned: a known account that is not a bot. */
export function isPerson(author: Author): author is Author & { login: string } {
  return author.login !== undefined && ACCOUNT.test(author.login) && !isBot(author.login) && !isBot(author.name)
}

/**
 * The logins REPORT_ASSIGN=authors adds after `assignees` (REPORT_ASSIGNEES): the authors who are people
 * with accounts, none already there (ignoring case), so that there are at most {@link MAX_PEOPLE} in all.
 */
export function authorAssignees(changes: Changes, assignees: readonly string[]): string[] {
  const taken = new Set(assignees.map((login) => login.toLowerCase()))
  const room = Math.max(0, MAX_PEOPLE - assignees.length)
  return authorsOf(changes)
    .filter(isPerson)
    .map((author) => author.login)
    .filter((login) => !taken.has(login.toLowerCase()))
    .slice(0, room)
}
