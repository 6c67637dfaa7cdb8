// Renders a team's issue template (lib/core/text/template.ts) for one failure: each value escaped for
// where it lands, the title on one line within the tracker's limit, the body within its budget.
import Mustache from 'mustache'
import { cutNote, fitPrefix, fitSuffix } from './budget.ts'
import { field, localDate, localTimestamp, pipelineMarkdown, renderBody, renderTitle, type Failure } from './issue.ts'
import { renderLogSection } from './log-tail.ts'
import { markdownText, type Flavor } from './markdown.ts'
import { cellSafe, fenceSafe, htmlSafe, linkTextSafe, linkUrlSafe } from './template-escape.ts'
import { cleanText, oneLine } from './text.ts'
import { LANDINGS, TEMPLATE_VARIABLES, type IssueTemplate, type Landing, type TemplateExtras, type TemplateTokens, type TemplateVariable } from './template.ts'
import type { FailedJob } from '../ci.ts'
import { authorsOf } from './authors.ts'
import { authorNames, renderWhatChanged } from './what-changed.ts'

// Values that are one line (cut to the field limit in the body, like the original script's fields).
const ONE_LINE = new Set<TemplateVariable>(['environment', 'commit', 'time', 'date', 'pipeline', 'job_url', 'run_attempt', 'actor', 'ref', 'default_title', 'changes_count', 'last_good_sha'])
// Values that are Markdown already, made safe when built: they go into Markdown text as they are.
// `authors` is built escaped too: plain names, or @mentions only with REPORT_MENTION=authors.
const MARKDOWN = new Set<TemplateVariable>(['default_body', 'log_excerpt', 'changes', 'authors'])
// Addresses, which stay links.
const LINKS = new Set<TemplateVariable>(['pipeline', 'job_url', 'compare_url'])
function landed(name: TemplateVariable, value: string, landing: Landing, flavor: Flavor): string {
  if (landing === 'raw') return value
  if (landing === 'title') return oneLine(value)
  if (landing === 'fence') return fenceSafe(value, flavor)
  if (landing === 'html') return htmlSafe(ONE_LINE.has(name) ? field(value, String) : value, flavor)
  if (landing === 'cell') return cellSafe(ONE_LINE.has(name) ? field(value, String) : value, flavor)
  if (landing === 'link-text') return linkTextSafe(ONE_LINE.has(name) ? field(value, String) : value, flavor)
  if (landing === 'link-url') return linkUrlSafe(value)
  if (MARKDOWN.has(name)) return value
  if (LINKS.has(name)) return field(value, (text) => pipelineMarkdown(text, flavor))
  if (ONE_LINE.has(name)) return field(value, (text) => markdownText(text, flavor))
  return markdownText(value, flavor)
}

// The full (uncut) lengths of what the budget may cut: the log first, then the texts.
interface Sizes {
  readonly logSection: number
  readonly logText: number
  readonly message: number
  readonly reason: number
  readonly defaultBody: number
}

const textPart = (kept: string, cut: number) => (cut ? `${kept}\n${cutNote(cut)}` : kept)
const logPart = (kept: string, cut: number) => (cut ? `${cutNote(cut)}\n${kept}` : kept)

// The raw value of each variable with `cut` characters taken out: from the log first (its start), then
// from the commit message, the reason and the default body (their ends). Computed only when used.
function valuesAt(template: IssueTemplate, failure: Failure, flavor: Flavor, limits: Limits, sizes: Sizes, cut: number) {
  const logCut = Math.min(cut, sizes.logSection)
  const textCut = Math.max(0, cut - sizes.logSection)
  const log = failure.log
  const compute: Record<TemplateVariable, () => string> = {
    environment: () => oneLine(failure.environment),
    commit: () => oneLine(failure.commitSha),
    commit_message: () => fitPrefix(cleanText(failure.commitMessage), sizes.message - textCut, textPart),
    time: () => localTimestamp(failure.time),
    date: () => localDate(failure.time),
    pipeline: () => oneLine(failure.pipelineUrl),
    reason: () => fitPrefix(cleanText(failure.reason), sizes.reason - textCut, textPart),
    log: () => (log ? fitSuffix(log.text, sizes.logText - logCut, logPart) : ''),
    log_excerpt: () => (log ? renderLogSection(log, sizes.logSection - logCut, flavor) : ''),
    default_body: () => renderBody(failure, flavor, sizes.defaultBody - cut),
    default_title: () => renderTitle(failure, limits.title),
    job_url: () => oneLine(template.extras.job_url ?? log?.jobUrl ?? ''),
    run_attempt: () => oneLine(template.extras.run_attempt ?? ''),
    actor: () => oneLine(template.extras.actor ?? ''),
    ref: () => oneLine(template.extras.ref ?? ''),
    // What the CI said failed (REPORT_CI_LOG=auto), unless the caller gave its own.
    failed_jobs: () => cleanText(template.extras.failed_jobs ?? failedJobsExtras(failure.failed ?? []).failed_jobs ?? ''),
    failed_steps: () => cleanText(template.extras.failed_steps ?? failedJobsExtras(failure.failed ?? []).failed_steps ?? ''),
    // What changed since the last good deploy (REPORT_CHANGES=auto); empty when it was not read.
    changes: () => (failure.changes ? renderWhatChanged(failure.changes, { now: failure.time, flavor, mention: failure.mentionAuthors === true, environment: failure.environment }) : ''),
    changes_count: () => (failure.changes && failure.changes.status !== 'none' && failure.changes.status !== 'gone' ? String(failure.changes.total) : ''),
    last_good_sha: () => failure.changes?.base ?? '',
    compare_url: () => failure.changes?.compareUrl ?? '',
    authors: () => (failure.changes ? authorNames(authorsOf(failure.changes), { flavor, mention: failure.mentionAuthors === true }).join(', ') : ''),
  }
  const memo = new Map<TemplateVariable, string>()
  const raw = (name: TemplateVariable) => memo.get(name) ?? memo.set(name, compute[name]()).get(name)!
  // One object per landing, `markdown.reason` and so on, as the parsed tokens name them.
  const view: Record<string, object> = {}
  for (const landing of LANDINGS) {
    const values = {}
    for (const name of TEMPLATE_VARIABLES) {
      Object.defineProperty(values, name, { enumerable: true, get: () => landed(name, raw(name), landing, flavor) })
    }
    view[landing] = values
  }
  return view
}

/**
 * The `failed_jobs` and `failed_steps` values for the CI's failed jobs: one line each, comma-separated
 * (`build, deploy`; `deploy › Run smoke tests`), so they read well in a title, a sentence or a fence.
 */
export function failedJobsExtras(jobs: readonly FailedJob[]): Pick<TemplateExtras, 'failed_jobs' | 'failed_steps'> {
  const steps = jobs.flatMap((job) => job.steps.map((step) => `${job.name} › ${step.name}`))
  return { ...(jobs.length ? { failed_jobs: jobs.map((job) => job.name).join(', ') } : {}), ...(steps.length ? { failed_steps: steps.join(', ') } : {}) }
}

/** The longest title and body the tracker takes. */
export interface Limits {
  readonly title: number
  readonly body: number
}

// Values are escaped by `landed` already, so Mustache's own (HTML) escaping is turned off.
const render = (tokens: TemplateTokens, view: object): string =>
  new Mustache.Writer().renderTokens(tokens as string[][], new Mustache.Context(view), undefined, undefined, { escape: String })

const sizesOf = (failure: Failure, flavor: Flavor, limits: Limits): Sizes => {
  const section = failure.log ? renderLogSection(failure.log, Infinity, flavor).length : 0
  return {
    logSection: section,
    logText: failure.log?.text.length ?? 0,
    message: cleanText(failure.commitMessage).length + 40,
    reason: cleanText(failure.reason).length + 40,
    defaultBody: renderBody(failure, flavor, limits.body).length,
  }
}

/**
 * The issue title from `template`: its front matter's title rendered on one line and cut, with a note,
 * to `limits.title`, the same way for the same failure (it is the duplicate key); the original script's
 * title when the template has none, or when the rendered one is blank.
 */
export function templateTitle(template: IssueTemplate, failure: Failure, flavor: Flavor, limits: Limits): string {
  if (!template.title) return renderTitle(failure, limits.title)
  const view = valuesAt(template, failure, flavor, limits, sizesOf(failure, flavor, limits), 0)
  const title = oneLine(render(template.title, view)).trim()
  if (title === '') return renderTitle(failure, limits.title)
  return fitPrefix(title, limits.title, (kept, cut) => (cut ? `${kept}… ${cutNote(cut)}` : kept))
}

/**
 * The issue body from `template` within `limits.body`: when too long, the log excerpt is cut first (its
 * start), then the commit message, the reason and the default body (their ends), each with a note of how
 * much; a template whose own text is too long is cut last, at its end.
 */
export function templateBody(template: IssueTemplate, failure: Failure, flavor: Flavor, limits: Limits): string {
  const sizes = sizesOf(failure, flavor, limits)
  const at = (cut: number) => render(template.body, valuesAt(template, failure, flavor, limits, sizes, cut))
  const whole = at(0)
  if (whole.length <= limits.body) return whole
  // The smallest cut that fits, by bisection (a larger cut never renders longer).
  let lo = 0
  let hi = sizes.logSection + Math.max(sizes.message, sizes.reason, sizes.defaultBody)
  if (at(hi).length > limits.body) return fitPrefix(at(hi), limits.body, (kept, cut) => (cut ? `${kept}\n\n*${cutNote(cut)}*` : kept))
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (at(mid).length <= limits.body) hi = mid
    else lo = mid + 1
  }
  return at(hi)
}
