import { codePointsFrom, COMMENT_LIMIT, cutNote, fitPrefix } from './budget.ts'
import { field, inlineCode, localTimestamp, type Failure } from './issue.ts'
import { renderWhatChanged } from './what-changed.ts'
import { renderLogSection } from './log-tail.ts'
import type { Flavor } from './markdown.ts'
import { oneLine } from './text.ts'

/**
 * Opens every comment the reporter adds for a repeated failure. The occurrence count is derived from
 * these markers, not from the issue's `comments` total, so people discussing the failure on the issue
 * (or other tools commenting) never inflate it. It is an HTML comment: GitHub does not render it, and
 * quoting a comment in the web UI quotes the rendered text, so a quote does not carry it.
 */
export const OCCURRENCE_MARKER = '<!-- deploy-failure-reporter:occurrence -->'

/** Opens the comment that closes an issue after a good deploy. */
export const RECOVERY_MARKER = '<!-- deploy-failure-reporter:recovery -->'

/** The facts of one successful deploy that closes the open failure issues of its environment. */
export interface Recovery {
  readonly environment: string
  readonly commitSha: string
  readonly pipelineUrl: string
  /** When the resolver started; rendered in local time. */
  readonly time: Date
}

/** Whether a comment body is one of the reporter's occurrence comments (it starts with the marker). */
export function isOccurrenceComment(body: string | null | undefined): boolean {
  return typeof body === 'string' && body.startsWith(OCCURRENCE_MARKER)
}

/**
 * The number of the occurrence being recorded now: the issue itself was the first, each earlier
 * occurrence comment one more, and this one the next. Comments without the marker do not count.
 */
export function nextOccurrence(commentBodies: Iterable<string | null | undefined>): number {
  let earlier = 1
  for (const body of commentBodies) if (isOccurrenceComment(body)) earlier++
  return earlier + 1
}

// A reason is one line in a comment; a runaway one (a whole log) is cut so the comment stays far below
// GitHub's 65,536-character limit and readable. The issue body keeps the reason in full.
export const MAX_REASON = 1000

// The reason as one line of inline code, its first MAX_REASON characters kept whole (never half a
// surrogate pair), then a note of what was cut.
const reasonField = (reason: string): string => {
  const text = oneLine(reason)
  const kept = fitPrefix(text, MAX_REASON, (prefix) => prefix)
  const cut = codePointsFrom(text, kept.length)
  return inlineCode(kept) + (cut ? ` ${cutNote(cut)}` : '')
}

/**
 * A pipeline address as Markdown: an http(s) URL becomes a CommonMark autolink `<url>`, whose inside is
 * never read as emphasis, HTML or a mention; anything else (`unknown`, hostile text) is inline code.
 */
export function pipelineLink(address: string): string {
  // Autolinks may not contain spaces, controls, `<` or `>` (CommonMark §6.5).
  if (/^https?:\/\/[^\s<>\p{Cc}]+$/iu.test(address)) {
    try {
      new URL(address)
      return `<${address}>`
    } catch {}
  }
  return inlineCode(address)
}

/** The lines of an occurrence comment that say what failed: time, commit, pipeline and reason. */
export function occurrenceFacts(failure: Failure): string[] {
  return [
    `**Time:** ${localTimestamp(failure.time)}`,
    `**Commit:** ${field(failure.commitSha, inlineCode)}`,
    `**Pipeline:** ${field(failure.pipelineUrl, pipelineLink)}`,
    `**Reason:** ${reasonField(failure.reason)}`,
  ]
}

/**
 * An occurrence comment: `lines`, then what changed (when it was read), then, when `failure` carries a
 * log excerpt (`--log`), its `### Log excerpt` section as in the issue body, its start cut (the end, where
 * a job fails, is kept) so the whole comment stays within {@link COMMENT_LIMIT}. `flavor` is the
 * tracker's Markdown.
 */
export function occurrenceComment(lines: readonly string[], failure: Failure, flavor: Flavor = 'github'): string {
  // The lines are bounded (each field and the reason are cut). What changed since the previous
  // occurrence (or the last good deploy) is given what is left beside the log section's frame, and
  // shrinks to it as in the issue body (renderWhatChanged): it is not bounded by construction.
  const logFloor = failure.log ? renderLogSection(failure.log, 0, flavor).length + 2 : 0
  const top = lines.join('\n')
  const changed = failure.changes
    ? ['', renderWhatChanged(failure.changes, { now: failure.time, flavor, mention: failure.mentionAuthors === true, environment: failure.environment }, COMMENT_LIMIT - top.length - 3 - logFloor)]
    : []
  const text = [...lines, ...changed, ''].join('\n')
  if (!failure.log) return text
  // A blank line before the section and a line feed after it; the section's frame always fits.
  return `${text}\n${renderLogSection(failure.log, COMMENT_LIMIT - text.length - 2, flavor)}\n`
}

/** The comment added to the open issue when the same failure happens again (ON_DUPLICATE=comment). */
export function renderOccurrence(failure: Failure, occurrence: number, flavor: Flavor = 'github'): string {
  return occurrenceComment([OCCURRENCE_MARKER, `### Failed again: occurrence ${occurrence}`, '', ...occurrenceFacts(failure)], failure, flavor)
}

/**
 * The comment that closes an issue once a deploy of its environment has succeeded; `recovered` (see
 * recovered.ts) says how long it failed and in how many runs.
 */
export function renderRecoveryComment(recovery: Recovery, recovered?: string): string {
  return [
    RECOVERY_MARKER,
    '### Deploy recovered',
    '',
    `A deploy to ${field(recovery.environment, inlineCode)} succeeded, so this issue is closed automatically.`,
    '',
    ...(recovered ? [recovered, ''] : []),
    `**Commit:** ${field(recovery.commitSha, inlineCode)}`,
    `**Time:** ${localTimestamp(recovery.time)}`,
    `**Pipeline:** ${field(recovery.pipelineUrl, pipelineLink)}`,
    '',
  ].join('\n')
}
