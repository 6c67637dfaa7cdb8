import { BODY_LIMIT, CHAT_LIMIT, cutNote, FIELD_LIMIT, fitPrefix, GITLAB_TITLE_LIMIT, roomForSecond, TITLE_LIMIT } from './budget.ts'
import { renderLogSection, type LogExcerpt } from './log-tail.ts'
import { codeBlock, inlineCode, markdownText, type Flavor } from './markdown.ts'
import { cleanText, oneLine } from './text.ts'
import { failedLine, MAX_EXCERPTS, renderWhatFailed, whatFailedRoom } from './what-failed.ts'
import type { FailedJob } from '../ci.ts'
import type { Changes } from '../changes.ts'
import { changedLine, renderWhatChanged } from './what-changed.ts'

export { codeBlock, inlineCode } from './markdown.ts'

/** The facts of one failed deploy, as plain values; everything rendered is derived from these. */
export interface Failure {
  readonly environment: string
  readonly commitSha: string
  readonly commitMessage: string
  readonly reason: string
  readonly pipelineUrl: string
  /** When the reporter started; rendered in local time. */
  readonly time: Date
  /** The end of the job log (`--log`), already cleaned; the body has no log section without it. */
  readonly log?: LogExcerpt | undefined
  /**
   * What the CI says failed (REPORT_CI_LOG=auto): the failed jobs and their failed steps. Undefined when
   * the CI was not asked or could not answer; the body then has no `What failed` section.
   */
  readonly failed?: readonly FailedJob[] | undefined
  /** The end of up to three failed jobs' logs, read from the CI and already cleaned; `log` wins over them. */
  readonly ciLogs?: readonly LogExcerpt[] | undefined
  /**
   * What changed since the last good deploy (REPORT_CHANGES=auto; lib/core/text/what-changed.ts).
   * Undefined when it was not asked or could not be read; the body then has no `What changed` section.
   */
  readonly changes?: Changes | undefined
  /** REPORT_MENTION=authors: the section @mentions the authors instead of naming them. */
  readonly mentionAuthors?: boolean | undefined
}

export const LABELS = ['auto-deploy-failure', 'ops'] as const
export const DEDUP_LABEL = LABELS[0]
export const DEFAULT_REASON = 'Unknown failure'

export const REQUIRED_ACTIONS = [
  'Check pipeline logs',
  'Verify deployment artifacts',
  'Confirm service health',
  'Update issue when resolved',
] as const

const pad = (n: number) => String(n).padStart(2, '0')

/** The longest title of each tracker's issues, for rendering before (or without) a tracker at hand. */
export const TITLE_LIMITS: Readonly<Record<'github' | 'gitlab', number>> = Object.freeze({ github: TITLE_LIMIT, gitlab: GITLAB_TITLE_LIMIT })

/** `YYYY-MM-DD` in local time. */
export function localDate(time: Date): string {
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`
}

/** `YYYY-MM-DD HH:MM:SS` in local time. */
export function localTimestamp(time: Date): string {
  return `${localDate(time)} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`
}

/**
 * The spec's title, `[DEPLOY FAIL] <env> — <sha> — <YYYY-MM-DD>` (local date), on one line and within
 * `limit` (GitHub's 256 characters unless told; GitLab's is 255): an overlong environment or commit is
 * cut, with a note of how much (a value that fits in half the room is never cut), the same way for the
 * same inputs, so duplicate detection still finds it. GitHub sends no notification for an `@mention` in a title, so the values are carried as they are.
 */
export function renderTitle(failure: Failure, limit: number = TITLE_LIMIT): string {
  const environment = oneLine(failure.environment)
  const commit = oneLine(failure.commitSha)
  const frame = (env: string, sha: string) => `[DEPLOY FAIL] ${env} — ${sha} — ${localDate(failure.time)}`
  const part = (kept: string, cut: number) => (cut ? `${kept}… ${cutNote(cut)}` : kept)
  const room = limit - frame('', '').length
  const env = fitPrefix(environment, roomForSecond(room, commit.length, environment.length, Math.floor(room / 2)), part)
  return frame(env, fitPrefix(commit, room - env.length, part))
}

/**
 * A pipeline address that is a plain http(s) URL stays as typed: GitHub makes it a link, and nothing
 * inside a link is taken for a mention or reference. Anything else is escaped text.
 */
export const pipelineMarkdown = (text: string, flavor: Flavor = 'github'): string =>
  /^https?:\/\/[^\s<>`"]+$/i.test(text) && URL.canParse(text) ? text : markdownText(text, flavor)

/**
 * A one-line untrusted value (environment, commit, pipeline address) rendered by `render` (inline code, a
 * link): cleaned to one line and cut to {@link FIELD_LIMIT} with a note of what was cut.
 */
export function field(text: string, render: (text: string) => string): string {
  return fitPrefix(oneLine(text), FIELD_LIMIT, (kept, cut) => render(kept) + (cut ? ` ${cutNote(cut)}` : ''))
}

const messagePartFor = (flavor: Flavor) => (kept: string, cut: number): string => codeBlock(kept, flavor) + (cut ? `\n*${cutNote(cut)}*` : '')
const reasonPartFor = (flavor: Flavor) => (kept: string, cut: number): string => markdownText(kept, flavor) + (cut ? `\n\n*${cutNote(cut)}*` : '')

/**
 * The spec's issue body, in its six parts and order, within GitHub's 65,536 characters. Untrusted values
 * cannot change its structure or ping anyone: the environment and commit are inline code, the commit
 * message a code block, the reason and pipeline escaped text (see lib/core/text/markdown.ts). With a log excerpt,
 * a `### Log excerpt` section follows the reason (lib/core/text/log-tail.ts); without one the body is the
 * spec's exactly. When too long, the log is cut first (keeping its end), then the commit message, then
 * the reason, each to no less than a quarter of the room left to it and with a note of how much was cut;
 * with the CI's failed jobs (`failure.failed`), a `### What failed` section comes first in the log's place
 * (lib/core/text/what-failed.ts), then `### What changed` (lib/core/text/what-changed.ts); they shrink to
 * the log's place as described below, and the message and reason always leave them their smallest form;
 * the code block always holds a prefix of the message. `flavor` is the tracker's Markdown: GitLab's has
 * more references, and quick actions, to keep from acting. `limit` replaces the 65,536 characters when a
 * template wraps this body in text of its own.
 */
export function renderBody(failure: Failure, flavor: Flavor = 'github', limit: number = BODY_LIMIT): string {
  const messagePart = messagePartFor(flavor)
  const reasonPart = reasonPartFor(flavor)
  const environment = field(failure.environment, inlineCode)
  const commit = field(failure.commitSha, inlineCode)
  const pipeline = field(failure.pipelineUrl, (text) => pipelineMarkdown(text, flavor))
  const layout = (message: string, reason: string, log: string) =>
    [
      '## Deploy Failure Report',
      '',
      `**Environment:** ${environment}`,
      `**Commit:** ${commit}`,
      `**Time:** ${localTimestamp(failure.time)}`,
      `**Pipeline:** ${pipeline}`,
      '',
      '### Commit Message',
      message,
      '',
      '### Failure Reason',
      reason,
      '',
      ...(log ? [log, ''] : []),
      '### Required Actions',
      ...REQUIRED_ACTIONS.map((action) => `- [ ] ${action}`),
      '',
      '---',
      '*This issue was generated automatically by the deployment monitoring script.*',
      '',
    ].join('\n')
  const message = cleanText(failure.commitMessage)
  const reason = cleanText(failure.reason)
  const room = limit - layout('', '', '').length
  // The log section, when present, takes its own length plus a line feed and a blank line after it.
  const LOG_JOIN = 2
  const logLength = (text: string) => (text ? text.length + LOG_JOIN : 0)
  // The `What failed` section, then `--log`'s excerpt, share the log's place and budget; an explicit
  // `--log` wins over the CI's logs.
  const failed = failure.failed ?? []
  const ciLogs = failure.log ? [] : (failure.ciLogs ?? []).slice(0, MAX_EXCERPTS)
  // `What changed` comes after `What failed` (or after the reason), before `--log`'s excerpt. Neither
  // section is bounded by construction (twenty lines of long escaped titles, names and addresses, a
  // matrix of failed jobs): each is given a `max` and shrinks to it, down to a small form of its own
  // (renderWhatChanged, renderWhatFailed). When the log's place is short, what gives way first is
  // `--log`'s text, then the CI excerpts' text, then What changed's lines and names, then What failed's
  // list: which jobs failed is read before who changed what, and each says what it left out. Each
  // section is given what those after it need at their smallest, so the place holds all of them
  // whenever it holds their smallest forms (`leastLog` below makes sure it does).
  const changesView = { now: failure.time, flavor, mention: failure.mentionAuthors === true, environment: failure.environment }
  const logFloor = failure.log ? renderLogSection(failure.log, 0, flavor).length + LOG_JOIN : 0
  const failedFloor = failed.length ? whatFailedRoom(failed, ciLogs, flavor) + LOG_JOIN : 0
  const logPart = (max: number): string => {
    const changes = failure.changes ? renderWhatChanged(failure.changes, changesView, max - failedFloor - logFloor) : ''
    const failedSection = renderWhatFailed(failed, ciLogs, max - (changes ? changes.length + LOG_JOIN : 0) - logFloor, flavor)
    const section = [failedSection, changes].filter((part) => part !== '').join('\n\n')
    if (!failure.log) return section
    return section ? `${section}\n\n${renderLogSection(failure.log, max - section.length - LOG_JOIN, flavor)}` : renderLogSection(failure.log, max, flavor)
  }
  const fullLog = logPart(Infinity)
  // The log's place at its smallest: the message and the reason leave it that much even when they are
  // long, so that the body stays within `limit` (0 without any of these sections: the spec's body).
  const leastLog = fullLog ? logLength(logPart(0)) : 0
  const textRoom = Math.min(
    roomForSecond(room, logLength(fullLog), messagePart(message, 0).length + reasonPart(reason, 0).length, Math.floor(room / 4)),
    room - leastLog,
  )
  const reasonRoom = roomForSecond(textRoom, messagePart(message, 0).length, reasonPart(reason, 0).length, Math.floor(textRoom / 4))
  const renderedReason = fitPrefix(reason, reasonRoom, reasonPart)
  const renderedMessage = fitPrefix(message, textRoom - renderedReason.length, messagePart)
  const logRoom = room - renderedReason.length - renderedMessage.length - LOG_JOIN
  const log = fullLog.length > logRoom ? logPart(logRoom) : fullLog
  return layout(renderedMessage, renderedReason, log)
}

/** Slack's escaping for interpolated text: only `&`, `<` and `>` (https://api.slack.com/reference/surfaces/formatting#escaping). */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

const slackPart = (kept: string, cut: number): string => slackEscape(kept) + (cut ? ` ${cutNote(cut)}` : '')

/** A one-line untrusted value for chat text: cleaned to one line, Slack-escaped, cut to {@link FIELD_LIMIT}. */
export function chatField(text: string): string {
  return fitPrefix(oneLine(text), FIELD_LIMIT, slackPart)
}

/**
 * The spec's four-line chat notice. Every value is Slack-escaped, so `<!channel>` in a reason is text; the
 * environment, commit and pipeline are one line each, and the reason is cut so the text stays under
 * Slack's 40,000 characters.
 */
export function renderChat(failure: Failure): string {
  const environment = chatField(failure.environment)
  const commit = chatField(failure.commitSha)
  const pipeline = chatField(failure.pipelineUrl)
  // What failed, when the CI was read: one line of job and step names, never log text.
  const failed = failure.failed?.length ? [`Failed: ${slackEscape(failedLine(failure.failed))}`] : []
  // What changed, when it was read: counts and the base commit, never names.
  const changed = failure.changes ? [`Changed: ${slackEscape(changedLine(failure.changes, failure.time))}`] : []
  const layout = (reason: string) =>
    [`*[DEPLOY FAILURE]* ${environment}`, `Commit: \`${commit}\``, `Reason: ${reason}`, ...failed, ...changed, `Pipeline: ${pipeline}`].join('\n')
  return layout(fitPrefix(cleanText(failure.reason), CHAT_LIMIT - 1 - layout('').length, slackPart))
}
