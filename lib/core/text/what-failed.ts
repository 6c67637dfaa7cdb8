// The `### What failed` section: the failed jobs and steps the CI names (lib/core/ci.ts), each linked to
// its page, then the end of up to three of their logs in the same collapsed block as `--log`'s. The
// names are untrusted text (a workflow author chooses them) and get the body's usual escaping.
import type { FailedJob } from '../ci.ts'
import { BODY_LIMIT, cutNote, FIELD_LIMIT, fitPrefix } from './budget.ts'
import { renderLogSection, type LogExcerpt } from './log-tail.ts'
import { markdownText, type Flavor } from './markdown.ts'
import { oneLine } from './text.ts'
import type { FailedEntry } from '../report-result.ts'

/** At most this many jobs get a log excerpt; the rest are named and linked. */
export const MAX_EXCERPTS = 3

// The list keeps to an eighth of the body: a matrix of hundreds of failed jobs still leaves room for the rest.
const LIST_LIMIT = BODY_LIMIT / 8
// A job or step name is a label, not a document.
const NAME_LIMIT = 200

/** Every failed job and step of `jobs`, one entry per step (or per job without a named step), in order. */
export function failedEntries(jobs: readonly FailedJob[]): FailedEntry[] {
  return jobs.flatMap((job): FailedEntry[] =>
    job.steps.length ? job.steps.map((step) => ({ job: job.name, step: step.name, url: step.url })) : [{ job: job.name, step: null, url: job.url }],
  )
}

const name = (text: string, limit = NAME_LIMIT) => fitPrefix(oneLine(text), limit, (kept, cut) => (cut ? `${kept}… ${cutNote(cut)}` : kept))

/**
 * The chat notice's one line: `job › step` for the first failed step, and how many more there are. Plain
 * text, one line, within {@link FIELD_LIMIT}; each chat format escapes it. Never any log text.
 */
export function failedLine(jobs: readonly FailedJob[]): string {
  const entries = failedEntries(jobs)
  const [first] = entries
  if (!first) return ''
  const more = entries.length > 1 ? ` (+${entries.length - 1} more)` : ''
  return name(first.step === null ? first.job : `${first.job} › ${first.step}`, FIELD_LIMIT - more.length) + more
}

// A plain http(s) address without characters that would end a Markdown link early is linked; anything
// else is shown as text, as the pipeline address is.
const linkable = (url: string) => /^https?:\/\/[^\s<>()`"[\]]+$/i.test(url) && url.length <= FIELD_LIMIT && URL.canParse(url)
// Brackets and backslashes are escaped before the Markdown escaping, so a name ending in `\` cannot
// escape the link's closing bracket (and markdownText counts them when it escapes a `<` after them).
const linkText = (text: string, flavor: Flavor) => markdownText(name(text).replace(/[\\[\]]/g, '\\$&'), flavor)
const linked = (text: string, url: string, flavor: Flavor) => (linkable(url) ? `[${linkText(text, flavor)}](${url})` : linkText(text, flavor))

const note = (job: FailedJob, flavor: Flavor): string => {
  const parts = [
    ...(job.stage ? [`stage ${job.stage}`] : []),
    ...(job.reason ? [job.reason === 'timed_out' ? 'timed out' : job.reason] : []),
    ...(job.running ? ['this job, still running'] : []),
  ]
  return parts.length ? ` (${markdownText(name(parts.join(', ')), flavor)})` : ''
}

/** The list's lines: one per failed job and step, the job and step each linked to its page. */
export function failedList(jobs: readonly FailedJob[], flavor: Flavor = 'github'): string[] {
  const lines = jobs.flatMap((job) => {
    const head = linked(job.name, job.url, flavor)
    const tail = note(job, flavor)
    return job.steps.length ? job.steps.map((step) => `- ${head} › ${linked(step.name, step.url, flavor)}${tail}`) : [`- ${head}${tail}`]
  })
  const kept: string[] = []
  let length = 0
  for (const [i, line] of lines.entries()) {
    const rest = lines.length - i
    if (length + line.length + 1 > LIST_LIMIT - 100 && rest > 0) {
      kept.push(`- … and ${rest} more failed job${rest === 1 ? '' : 's'} and step${rest === 1 ? '' : 's'}: see the pipeline`)
      break
    }
    kept.push(line)
    length += line.length + 1
  }
  return kept
}

// Shares `room` between parts of the given lengths: none gets more than it needs, and what a short part
// leaves goes to the longer ones.
const shares = (lengths: readonly number[], room: number): number[] => {
  const out = new Array<number>(lengths.length).fill(0)
  const order = lengths.map((length, i) => ({ length, i })).sort((a, b) => a.length - b.length)
  let left = Math.max(0, room)
  for (const [k, { length, i }] of order.entries()) {
    const share = Math.min(length, Math.floor(left / (order.length - k)))
    out[i] = share
    left -= share
  }
  return out
}

const EXCERPT_JOIN = 2

/**
 * The `### What failed` section for `jobs`, with `excerpts` (the CI's logs, already cleaned) in collapsed
 * blocks after the list, within `max` characters where it can be: the list first, then the excerpts
 * sharing what is left, each cut from its start as `--log`'s is. Empty when no job failed.
 */
export function renderWhatFailed(jobs: readonly FailedJob[], excerpts: readonly LogExcerpt[], max: number, flavor: Flavor = 'github'): string {
  if (!jobs.length) return ''
  const head = ['### What failed', ...failedList(jobs, flavor)].join('\n')
  const shown = excerpts.slice(0, MAX_EXCERPTS)
  const block = (excerpt: LogExcerpt, room: number) => renderLogSection(excerpt, room, flavor, false)
  const full = shown.map((excerpt) => block(excerpt, Infinity))
  const room = max - head.length - EXCERPT_JOIN * shown.length
  const total = full.reduce((sum, text) => sum + text.length, 0)
  const blocks = total <= room ? full : shares(full.map((text) => text.length), room).map((share, i) => block(shown[i]!, share))
  return [head, ...blocks].join('\n\n')
}
