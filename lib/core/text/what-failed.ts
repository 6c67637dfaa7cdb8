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

// The list (with its heading) keeps to an eighth of the body: a matrix of hundreds of failed jobs still
// leaves room for the rest. It keeps less when the body is short of room (renderWhatFailed's `max`).
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

const HEADING = '### What failed'

/**
 * The list's lines: one per failed job and step, the job and step each linked to its page; within
 * `limit` characters (joined by line feeds) where it can be: when the whole list is longer, as many
 * lines as fit with a last one that counts the rest.
 */
export function failedList(jobs: readonly FailedJob[], flavor: Flavor = 'github', limit: number = LIST_LIMIT - HEADING.length - 1): string[] {
  const lines = jobs.flatMap((job) => {
    const head = linked(job.name, job.url, flavor)
    const tail = note(job, flavor)
    return job.steps.length ? job.steps.map((step) => `- ${head} › ${linked(step.name, step.url, flavor)}${tail}`) : [`- ${head}${tail}`]
  })
  const more = (rest: number) => `- … and ${rest} more failed job${rest === 1 ? '' : 's'} and step${rest === 1 ? '' : 's'}: see the pipeline`
  if (lines.reduce((sum, line) => sum + line.length + 1, -1) <= limit) return lines
  // Lines are kept while they and the count of the rest fit; the first that does not ends the list.
  let kept = 0
  let length = 0
  while (kept + 1 < lines.length && length + lines[kept]!.length + 1 + more(lines.length - kept - 1).length <= limit) {
    length += lines[kept]!.length + 1
    kept++
  }
  return [...lines.slice(0, kept), more(lines.length - kept)]
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

const frameOf = (excerpt: LogExcerpt, flavor: Flavor) => renderLogSection(excerpt, 0, flavor, false)

/**
 * The room the section needs for its whole list (to an eighth of the body) with each excerpt cut to its
 * frame (the summary, a note of what was cut and an empty code block): what a section before it in the
 * body (What changed) leaves it. 0 when no job failed.
 */
export function whatFailedRoom(jobs: readonly FailedJob[], excerpts: readonly LogExcerpt[], flavor: Flavor = 'github'): number {
  if (!jobs.length) return 0
  const list = [HEADING, ...failedList(jobs, flavor)].join('\n')
  return excerpts.slice(0, MAX_EXCERPTS).reduce((sum, excerpt) => sum + EXCERPT_JOIN + frameOf(excerpt, flavor).length, list.length)
}

/**
 * The `### What failed` section for `jobs`, with `excerpts` (the CI's logs, already cleaned) in collapsed
 * blocks after the list, within `max` characters where it can be: the list first, then the excerpts
 * sharing what is left, each cut from its start as `--log`'s is. Each excerpt keeps at least its frame,
 * so the list gives way to them when `max` is short, down to its last line, which counts the jobs and
 * steps it leaves out; the section's smallest form, heading, that line and the frames, is what it returns
 * when even that does not fit. Empty when no job failed.
 */
export function renderWhatFailed(jobs: readonly FailedJob[], excerpts: readonly LogExcerpt[], max: number, flavor: Flavor = 'github'): string {
  if (!jobs.length) return ''
  const shown = excerpts.slice(0, MAX_EXCERPTS)
  const block = (excerpt: LogExcerpt, room: number) => renderLogSection(excerpt, room, flavor, false)
  const frames = shown.map((excerpt) => frameOf(excerpt, flavor).length)
  const framesLength = frames.reduce((sum, length) => sum + EXCERPT_JOIN + length, 0)
  const head = [HEADING, ...failedList(jobs, flavor, Math.min(LIST_LIMIT, max - framesLength) - HEADING.length - 1)].join('\n')
  const full = shown.map((excerpt) => block(excerpt, Infinity))
  const room = max - head.length - EXCERPT_JOIN * shown.length
  const total = full.reduce((sum, text) => sum + text.length, 0)
  // Each excerpt gets its frame and a share of the room beyond the frames, so none is given less than
  // its frame (which it would overrun).
  const blocks = total <= room ? full : shares(full.map((text, i) => text.length - frames[i]!), room - (framesLength - EXCERPT_JOIN * shown.length)).map((share, i) => block(shown[i]!, frames[i]! + share))
  return [head, ...blocks].join('\n\n')
}
