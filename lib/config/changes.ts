// What changed since the last good deploy (lib/core/changes.ts, lib/core/flows/what-changed.ts): whether to read it, where from and for how
// long, and what to do with the people it names. Off by default on the command line, so a run without
// REPORT_CHANGES sends what it always sent; the Action and the GitLab component switch it on with their
// `changes` input.

import { trimmedValue, type Env } from './env.ts'

/** REPORT_CHANGES's values. */
export const CHANGES_MODES = ['auto', 'off'] as const
export type ChangesMode = (typeof CHANGES_MODES)[number]

/** The whole read (last good deploy, comparison, pull requests) gets this long unless told otherwise. */
export const DEFAULT_CHANGES_TIMEOUT_SECONDS = 5

/** The settings this module reads. */
export interface ChangesSettings {
  /** REPORT_CHANGES: `auto` adds a What changed section when a source answers; `off` (default) never. */
  readonly changes: ChangesMode
  /** REPORT_LAST_GOOD_SHA: the last good deploy's commit, set by the pipeline; wins over every service. */
  readonly lastGoodSha: string | undefined
  /** REPORT_CHANGES_TIMEOUT in milliseconds: one deadline for every request and git call the read makes. */
  readonly changesTimeoutMs: number
  /** REPORT_MENTION=authors: the authors as @mentions (at most 10); otherwise plain names, which notify no one. */
  readonly mentionAuthors: boolean
  /** REPORT_ASSIGN=authors: the changes' authors are assigned after REPORT_ASSIGNEES (at most 10 in all). */
  readonly assignAuthors: boolean
}

// A commit id as git writes it: SHA-1 (40) or SHA-256 (64) hex digits, abbreviated to no fewer than 7.
const SHA = /^[0-9a-f]{7,64}$/i

const choice = (env: Env, name: string, allowed: readonly string[], fallback: string, problems: string[]): string => {
  const raw = trimmedValue(env, name) ?? fallback
  if (!allowed.includes(raw)) problems.push(`${name} must be ${allowed.join(' or ')}, got ${JSON.stringify(env[name])}`)
  return allowed.includes(raw) ? raw : fallback
}

/** Reads REPORT_CHANGES, REPORT_LAST_GOOD_SHA, REPORT_CHANGES_TIMEOUT, REPORT_MENTION and REPORT_ASSIGN, one line in `problems` per bad value. */
export function readChanges(env: Env, problems: string[]): ChangesSettings {
  const mode = choice(env, 'REPORT_CHANGES', CHANGES_MODES, 'off', problems)
  const sha = trimmedValue(env, 'REPORT_LAST_GOOD_SHA')
  if (sha !== undefined && !SHA.test(sha)) problems.push(`REPORT_LAST_GOOD_SHA must be a commit id, 7 to 64 hex digits such as 3f2a9c1 (got ${JSON.stringify(env.REPORT_LAST_GOOD_SHA)})`)
  const timeoutText = trimmedValue(env, 'REPORT_CHANGES_TIMEOUT')
  const seconds = timeoutText === undefined ? DEFAULT_CHANGES_TIMEOUT_SECONDS : Number(timeoutText)
  const goodTimeout = Number.isFinite(seconds) && seconds > 0
  if (!goodTimeout) problems.push(`REPORT_CHANGES_TIMEOUT must be a number of seconds above 0, such as ${DEFAULT_CHANGES_TIMEOUT_SECONDS} (got ${JSON.stringify(env.REPORT_CHANGES_TIMEOUT)})`)
  const mention = choice(env, 'REPORT_MENTION', ['authors', 'off'], 'off', problems)
  const assign = choice(env, 'REPORT_ASSIGN', ['authors', 'off'], 'off', problems)
  return Object.freeze({
    changes: mode as ChangesMode,
    lastGoodSha: sha !== undefined && SHA.test(sha) ? sha.toLowerCase() : undefined,
    changesTimeoutMs: Math.round((goodTimeout ? seconds : DEFAULT_CHANGES_TIMEOUT_SECONDS) * 1000),
    mentionAuthors: mention === 'authors',
    assignAuthors: assign === 'authors',
  })
}
