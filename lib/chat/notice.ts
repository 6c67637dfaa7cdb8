// What every chat format shows for an event, before any service's escaping: a headline, its subject
// (the environment, or the repository for a ping), the facts in the spec's order, and the issue.
import { cutNote, FIELD_LIMIT, fitPrefix } from '../core/text/budget.ts'
import type { ChatEvent, IssueRef } from '../core/chat.ts'
import { cleanText, oneLine } from '../core/text/text.ts'
import { failedLine } from '../core/text/what-failed.ts'
import { changedLine } from '../core/text/what-changed.ts'

/**
 * One labelled fact. `code` is shown as code; `url` as a link when it is an http(s) address; `reason` is
 * the one long, possibly multi-line value, cut first when a format's limit is reached; `issues` is the
 * notice's issues, `value` being their numbers (`#12, #15`) for formats that do not link them.
 */
export interface Fact {
  readonly label: string
  readonly value: string
  readonly kind: 'code' | 'text' | 'url' | 'reason' | 'issues' | 'name'
}

/** An event as plain, untrusted values. */
export interface Notice {
  /** `DEPLOY FAILURE`, `DEPLOY FAILED AGAIN`, `DEPLOY RECOVERED` or `TEST MESSAGE`; fixed text. */
  readonly headline: string
  readonly subject: string
  readonly facts: readonly Fact[]
  /** The issue(s) the notice is about, for a link or a button. */
  readonly issues: readonly IssueRef[]
}

/** A one-line value cut to {@link FIELD_LIMIT} with a note of what was cut. */
export function oneLineField(text: string): string {
  return fitPrefix(oneLine(text), FIELD_LIMIT, (kept, cut) => (cut ? `${kept} ${cutNote(cut)}` : kept))
}

/** Whether `text` is a plain http(s) address that a format may render as a link. */
export function isLink(text: string): boolean {
  return /^https?:\/\/[^\s<>|`"\p{Cc}]+$/iu.test(text) && URL.canParse(text)
}

/** `#12, #15` for the issues a notice is about. */
export function issueNumbers(issues: readonly IssueRef[]): string {
  return issues.map((issue) => `#${issue.number}`).join(', ')
}

/** The facts of `event`, in the order of the spec's text. */
export function noticeOf(event: ChatEvent): Notice {
  switch (event.kind) {
    case 'failure':
    case 'recurrence': {
      const { failure } = event
      const facts: Fact[] = [
        { label: 'Commit', value: oneLineField(failure.commitSha), kind: 'code' },
        { label: 'Reason', value: cleanText(failure.reason), kind: 'reason' },
        // What the CI says failed: job and step names only, never log text.
        ...(failure.failed?.length ? [{ label: 'Failed', value: failedLine(failure.failed), kind: 'name' } as const] : []),
        // What changed since the last good deploy: counts and a commit, never names, so no one is pinged.
        ...(failure.changes ? [{ label: 'Changed', value: changedLine(failure.changes, failure.time), kind: 'name' } as const] : []),
        { label: 'Pipeline', value: oneLineField(failure.pipelineUrl), kind: 'url' },
      ]
      if (event.kind === 'recurrence') facts.unshift({ label: 'Occurrence', value: String(event.occurrence), kind: 'text' })
      if (event.issue) facts.push({ label: 'Issue', value: issueNumbers([event.issue]), kind: 'issues' })
      return {
        headline: event.kind === 'failure' ? 'DEPLOY FAILURE' : 'DEPLOY FAILED AGAIN',
        subject: oneLineField(failure.environment),
        facts,
        issues: event.issue ? [event.issue] : [],
      }
    }
    case 'recovery':
      return {
        headline: 'DEPLOY RECOVERED',
        subject: oneLineField(event.recovery.environment),
        facts: [
          { label: 'Commit', value: oneLineField(event.recovery.commitSha), kind: 'code' },
          { label: 'Closed', value: issueNumbers(event.closed), kind: 'issues' },
          { label: 'Pipeline', value: oneLineField(event.recovery.pipelineUrl), kind: 'url' },
          ...(event.recovered ? [{ label: 'Recovered', value: event.recovered.replace(/^Recovered /, ''), kind: 'text' as const }] : []),
        ],
        issues: event.closed,
      }
    case 'ping':
      return { headline: 'TEST MESSAGE', subject: oneLineField(event.repo), facts: [], issues: [] }
  }
}

const withReason = (notice: Notice, reason: string): Notice => ({
  ...notice,
  facts: notice.facts.map((fact) => (fact.kind === 'reason' ? { ...fact, value: reason } : fact)),
})

const cutReason = (kept: string, cut: number): string => (cut ? `${kept} ${cutNote(cut)}` : kept)

// `text` cut to `max` characters, with a note of what was cut; a note already there (oneLineField's) is
// counted into the new one rather than cut as text.
const CUT_BEFORE = / \[(\d+) characters cut\]$/
function cutField(text: string, max: number): string {
  const earlier = CUT_BEFORE.exec(text)
  const value = earlier ? text.slice(0, earlier.index) : text
  const before = earlier ? Number(earlier[1]) : 0
  return fitPrefix(value, max, (kept, cut) => cutReason(kept, cut + before))
}

// The notice with its subject and every one-line fact (all but the reason and the issue links) cut to `max`.
const withFieldsWithin = (notice: Notice, max: number): Notice => ({
  ...notice,
  subject: cutField(notice.subject, max),
  facts: notice.facts.map((fact) => (fact.kind === 'reason' || fact.kind === 'issues' ? fact : { ...fact, value: cutField(fact.value, max) })),
})

// Renders `notice` with its reason cut so that the body fits, or cut to its note when nothing fits.
function fitReason<T>(notice: Notice, limit: number, render: (notice: Notice) => T, measure: (body: T) => number): T {
  const reason = notice.facts.find((fact) => fact.kind === 'reason')?.value
  let body = render(notice)
  if (reason === undefined || measure(body) <= limit) return body
  // fitPrefix bisects over the rendered size; its last rendering is the one it settles on.
  fitPrefix(reason, limit, (kept, cut) => {
    body = render(withReason(notice, cutReason(kept, cut)))
    return ' '.repeat(measure(body))
  })
  return body
}

/**
 * Renders `notice` with `render`, cutting its reason (the only long value) so that `measure` of the result
 * stays within `limit`; the cut reason ends with a note of what was cut. When that is not enough (each
 * one-line value may hold FIELD_LIMIT characters, and escaping can double them: several of them exceed
 * Discord's 2,000 or Google Chat's 4,096, and the service refuses the whole post), the subject and the
 * other one-line values are cut as well, all to the longest length that fits, each with its note.
 */
export function fitNotice<T>(notice: Notice, limit: number, render: (notice: Notice) => T, measure: (body: T) => number): T {
  const body = fitReason(notice, limit, render, measure)
  if (measure(body) <= limit) return body
  // The reason at its shortest, its note alone; then the longest common length of the other values that fits.
  const reason = notice.facts.find((fact) => fact.kind === 'reason')?.value
  const shortest = reason === undefined ? notice : withReason(notice, cutReason('', [...reason].length))
  const fits = (max: number) => measure(render(withFieldsWithin(shortest, max))) <= limit
  let lo = 0
  let hi = FIELD_LIMIT
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (fits(mid)) lo = mid
    else hi = mid - 1
  }
  // The reason then takes whatever room the cut values left.
  return fitReason(withFieldsWithin(notice, lo), limit, render, measure)
}

/** The test message's sentence, `repo` already escaped for the format; the same words in every format. */
export function pingSentence(repo: string): string {
  return `Test message from deploy-failure-reporter (doctor --ping) for ${repo}: the chat webhook works. No action needed.`
}
