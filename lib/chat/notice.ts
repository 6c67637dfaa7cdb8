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

/**
 * Renders `notice` with `render`, cutting its reason (the only long value) so that `measure` of the result
 * stays within `limit`; the cut reason ends with a note of what was cut.
 */
export function fitNotice<T>(notice: Notice, limit: number, render: (notice: Notice) => T, measure: (body: T) => number): T {
  const reason = notice.facts.find((fact) => fact.kind === 'reason')?.value
  let body = render(notice)
  if (reason === undefined || measure(body) <= limit) return body
  // fitPrefix bisects over the rendered size; its last rendering is the one it settles on.
  fitPrefix(reason, limit, (kept, cut) => {
    body = render(withReason(notice, cut ? `${kept} ${cutNote(cut)}` : kept))
    return ' '.repeat(measure(body))
  })
  return body
}

/** The test message's sentence, `repo` already escaped for the format; the same words in every format. */
export function pingSentence(repo: string): string {
  return `Test message from deploy-failure-reporter (doctor --ping) for ${repo}: the chat webhook works. No action needed.`
}
