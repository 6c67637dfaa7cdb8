/** The facts of one failed deploy, as plain values; everything rendered is derived from these. */
export interface Failure {
  readonly environment: string
  readonly commitSha: string
  readonly commitMessage: string
  readonly reason: string
  readonly pipelineUrl: string
  /** When the reporter started; rendered in local time. */
  readonly time: Date
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

/** `YYYY-MM-DD` in local time. */
export function localDate(time: Date): string {
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`
}

/** `YYYY-MM-DD HH:MM:SS` in local time. */
export function localTimestamp(time: Date): string {
  return `${localDate(time)} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`
}

const longestRun = (text: string, char: string): number => {
  let longest = 0
  let run = 0
  for (const c of text) {
    run = c === char ? run + 1 : 0
    if (run > longest) longest = run
  }
  return longest
}

/**
 * Markdown inline code that holds `text` verbatim: the backtick delimiter is longer than any run of
 * backticks inside, and padded with spaces where the text starts or ends with one (CommonMark §6.1).
 */
export function inlineCode(text: string): string {
  const flat = text.replace(/\r\n?|\n/g, ' ')
  const fence = '`'.repeat(longestRun(flat, '`') + 1)
  const padding = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : ''
  return `${fence}${padding}${flat}${padding}${fence}`
}

/** A fenced code block that holds `text` verbatim: the fence is longer than any backtick run inside. */
export function codeBlock(text: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1))
  return `${fence}\n${text}\n${fence}`
}

/** The spec's title: `[DEPLOY FAIL] <env> — <sha> — <YYYY-MM-DD>` (local date). */
export function renderTitle(failure: Failure): string {
  return `[DEPLOY FAIL] ${failure.environment} — ${failure.commitSha} — ${localDate(failure.time)}`
}

/** The spec's issue body, in its six parts and order. */
export function renderBody(failure: Failure): string {
  return [
    '## Deploy Failure Report',
    '',
    `**Environment:** ${inlineCode(failure.environment)}`,
    `**Commit:** ${inlineCode(failure.commitSha)}`,
    `**Time:** ${localTimestamp(failure.time)}`,
    `**Pipeline:** ${failure.pipelineUrl}`,
    '',
    '### Commit Message',
    codeBlock(failure.commitMessage),
    '',
    '### Failure Reason',
    failure.reason,
    '',
    '### Required Actions',
    ...REQUIRED_ACTIONS.map((action) => `- [ ] ${action}`),
    '',
    '---',
    '*This issue was generated automatically by the deployment monitoring script.*',
    '',
  ].join('\n')
}

/** Slack's escaping for interpolated text: only `&`, `<` and `>` (https://api.slack.com/reference/surfaces/formatting#escaping). */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The spec's four-line chat notice. */
export function renderChat(failure: Failure): string {
  return [
    `*[DEPLOY FAILURE]* ${slackEscape(failure.environment)}`,
    `Commit: \`${slackEscape(failure.commitSha)}\``,
    `Reason: ${slackEscape(failure.reason)}`,
    `Pipeline: ${slackEscape(failure.pipelineUrl)}`,
  ].join('\n')
}
