// What a reporter run leaves behind for machines: the `--json` line, GitHub Actions step outputs and the
// run-page summary. Rendering is pure; `appendOutputs` is the one function here that writes (to the
// files GitHub Actions names), kept at the edge like the network calls in lib/github/.
import { randomUUID } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import type { OutputFiles } from '../config/config.ts'
import { field, inlineCode, type Failure } from '../core/text/issue.ts'
import { markdownText } from '../core/text/markdown.ts'
import { redact, redactDeep } from '../core/redact.ts'
import type { Resolution } from '../core/flows/resolve.ts'
import type { ReportResult } from '../core/report-result.ts'

/**
 * The `--json` line: one object with exactly `outcome`, `number`, `url`, `title`, in that order, then
 * `failed` when the CI was read and `changes` when REPORT_CHANGES=auto.
 */
export function jsonLine(o: ReportResult): string {
  // The door out (lib/core/redact.ts), on the values: a secret JSON escapes would not be found in the line.
  o = redactDeep(o)
  return JSON.stringify({ outcome: o.outcome, number: o.number, url: o.url, title: o.title, ...(o.failed ? { failed: o.failed } : {}), ...(o.held ? { held: o.held } : {}), ...(o.changes !== undefined ? { changes: o.changes } : {}) })
}

/**
 * Step outputs in GitHub Actions' file format: `name=value`, or a heredoc with a random delimiter when
 * the value holds a line break, so no value can forge another output.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#multiline-strings
 */
export function outputLines(o: ReportResult, delimiter: () => string = () => `ghadelimiter_${randomUUID()}`): string {
  const entries: [string, string][] = [
    ['outcome', o.outcome],
    ['issue-number', o.number === null ? '' : String(o.number)],
    ['issue-url', o.url ?? ''],
    // A JSON list of {job, step, url}, when the CI was read.
    ...(o.failed ? [['failed', JSON.stringify(o.failed)] as [string, string]] : []),
    // A JSON object {base, head, status, commits, pulls, authors, compareUrl}, with REPORT_CHANGES=auto.
    ...(o.changes !== undefined ? [['changes', JSON.stringify(o.changes)] as [string, string]] : []),
  ]
  return entries
    .map(([name, value]) => {
      if (!/[\r\n]/.test(value)) return `${name}=${value}\n`
      let end = delimiter()
      while (value.includes(end)) end = delimiter()
      return `${name}<<${end}\n${value}\n${end}\n`
    })
    .join('')
}

const HEADLINES: Record<ReportResult['outcome'], (o: ReportResult) => string> = {
  created: (o) => `Deploy failure reported: issue #${o.number} created`,
  duplicate: (o) => `Deploy failure already reported: open issue #${o.number}`,
  commented: (o) => `Deploy failure added to open issue #${o.number}`,
  reopened: (o) => `Deploy failed again after recovery: issue #${o.number} reopened`,
  failed: () => 'Deploy failure could not be filed',
  held: (o) => `Deploy failure held: ${o.held?.count ?? '?'} of ${o.held?.of ?? '?'} consecutive failed runs, no issue yet (REPORT_FILE_AFTER)`,
}

// Values shown on the run page get the issue body's treatment: one clean line, Markdown and mentions defused.
const text = (value: string) => field(value, markdownText)

/** A short Markdown summary for the run page: outcome, link, environment, commit and reason. */
export function summaryMarkdown(o: ReportResult, failure: Failure | undefined): string {
  const lines = [`### ${HEADLINES[o.outcome](o)}`, '', `- **Outcome:** ${o.outcome}`]
  if (o.url) lines.push(`- **Issue:** [#${o.number}](${o.url})${o.title ? ` ${text(o.title)}` : ''}`)
  else if (o.outcome === 'failed') lines.push('- **Issue:** none filed; the step log says why')
  else if (o.outcome === 'held') lines.push('- **Issue:** none yet; filed from the run that reaches REPORT_FILE_AFTER')
  if (failure) {
    lines.push(
      `- **Environment:** ${field(failure.environment, inlineCode)}`,
      `- **Commit:** ${field(failure.commitSha, inlineCode)}`,
      `- **Reason:** ${text(failure.reason)}`,
    )
  }
  return lines.join('\n') + '\n\n'
}

/**
 * Appends the step outputs to `GITHUB_OUTPUT` and the summary to `GITHUB_STEP_SUMMARY`, each only when
 * set. File I/O: throws when a file cannot be written, and the caller decides what that means.
 */
export function appendOutputs(files: OutputFiles, o: ReportResult, failure: Failure | undefined): void {
  // The door out (lib/core/redact.ts), on the values before they are rendered and cut.
  o = redactDeep(o)
  failure = failure && redactDeep(failure)
  if (files.githubOutput) appendFileSync(files.githubOutput, outputLines(o))
  if (files.stepSummary) appendFileSync(files.stepSummary, redact(summaryMarkdown(o, failure)))
}

/** The resolver's step outputs: `outcome` and `closed`, the closed issues' numbers comma-separated. */
export function resolveOutputLines(r: Resolution): string {
  return `outcome=${r.outcome}\nclosed=${r.closed.join(',')}\n`
}

/** Appends {@link resolveOutputLines} to the `GITHUB_OUTPUT` file; throws when it cannot be written. */
export function appendResolveOutputs(githubOutput: string, r: Resolution): void {
  appendFileSync(githubOutput, resolveOutputLines(r))
}
