// The end of a deploy's job log, made fit to publish in the issue: the most hostile input the tool reads
// (terminal escape codes, binary noise, and secrets a pipeline printed by accident).
import { stripVTControlCharacters } from 'node:util'
import { cutNote, fitSuffix, FIELD_LIMIT, fitPrefix } from './budget.ts'
import { codeBlock, defuseReferences, type Flavor } from './markdown.ts'
import { redactSecrets } from './secrets.ts'
import { cleanText, oneLine } from './text.ts'

/** A log excerpt as the issue body carries it. */
export interface LogExcerpt {
  /** The cleaned last lines (see {@link cleanLog}), joined by line feeds, without a final one. */
  readonly text: string
  /** Where it was read from: a file name as given, or `standard input`. */
  readonly source: string
  /** The CI job's page (GitLab's CI_JOB_URL), where the whole log is; undefined when unknown. */
  readonly jobUrl?: string | undefined
}

// A line a progress bar redrew with carriage returns shows, in a terminal and in GitLab's job log, only
// what was written after the last one; the frames before it are noise.
const lastFrame = (line: string): string => {
  const frames = line.split('\r')
  for (let i = frames.length - 1; i >= 0; i--) if (frames[i] !== '') return frames[i]!
  return ''
}

/**
 * `raw` made safe to publish: ANSI colour, cursor and other terminal control sequences stripped (Node's
 * own `util.stripVTControlCharacters`), each line reduced to its last carriage-return frame, the
 * remaining control codes made visible as everywhere else (lib/core/text/text.ts), and every well-known
 * secret shape and each of `known` replaced by `***` (lib/core/text/secrets.ts), both before and after the
 * sequences are stripped, so colour codes inside a token do not hide it.
 */
// Stryker disable next-line ArrayDeclaration: no known secrets; a made-up one changes only a log that holds it
export function cleanLog(raw: string, known: readonly string[] = []): string {
  // Secrets are masked before the sequences are stripped as well: a broken sequence just before a token
  // (`ESC [ 3` then `ghp_…`) would otherwise swallow the token's first letter and hide the rest of it.
  // A line's carriage returns before its line feed (CR LF) redraw nothing: lastFrame passes over the empty frames after them.
  const plain = stripVTControlCharacters(redactSecrets(raw, known))
    .split('\n')
    .map(lastFrame)
    .join('\n')
  return redactSecrets(cleanText(plain), known)
}

/** The last `count` lines of `text` (a final line feed does not start another line), without a final line feed. */
export function lastLines(text: string, count: number): string {
  const lines = text.replace(/\n$/, '').split('\n')
  return count > 0 ? lines.slice(-count).join('\n') : ''
}

/** {@link cleanLog}, then {@link lastLines}: secrets are found in the whole window, so a key block cut by the tail still goes. */
// Stryker disable next-line ArrayDeclaration: no known secrets; a made-up one changes only a log that holds it
export function logTail(raw: string, count: number, known: readonly string[] = []): string {
  return lastLines(cleanLog(raw, known), count)
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

// The summary is HTML: values are escaped, and mentions and references are broken as in the rest of
// the body, since GitHub links them in HTML text too. A job address that is a plain http(s) URL is a link.
const summaryValue = (text: string, flavor: Flavor) =>
  fitPrefix(oneLine(text), FIELD_LIMIT, (kept, cut) => defuseReferences(escapeHtml(kept), flavor) + (cut ? ` ${cutNote(cut)}` : ''))

const jobLink = (url: string, flavor: Flavor): string => {
  const line = oneLine(url)
  if (escapeHtml(line).length <= FIELD_LIMIT && /^https?:\/\/[^\s<>"']+$/i.test(line) && URL.canParse(line)) {
    return `<a href="${escapeHtml(line)}">${escapeHtml(line)}</a>`
  }
  return summaryValue(url, flavor)
}

/** The summary line of the collapsed excerpt: how many lines, from which file, and the job when known. */
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function logSummary(excerpt: LogExcerpt, lines: number, flavor: Flavor = 'github'): string {
  const what = `Last ${lines} line${lines === 1 ? '' : 's'} of ${summaryValue(excerpt.source, flavor)}`
  return excerpt.jobUrl ? `${what}, full log: ${jobLink(excerpt.jobUrl, flavor)}` : what
}

/**
 * The `### Log excerpt` section: a collapsed `<details>` whose summary says how many lines and from
 * where, holding the log in a fence longer than any backtick run in it. When `max` is too small, the
 * log's start is cut (the end, where a job fails, is kept), from a line start where one fits, after a
 * note of how much was cut. `flavor` is the tracker's Markdown (lib/core/text/markdown.ts). Without
 * `heading`, the block alone (the `What failed` section holds several, lib/core/text/what-failed.ts).
 */
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function renderLogSection(excerpt: LogExcerpt, max: number, flavor: Flavor = 'github', heading = true): string {
  const render = (kept: string, cut: number): string => {
    // A cut inside a line: start at the next whole line, when there is one.
    const newline = cut ? kept.indexOf('\n') : -1
    const shown = kept.slice(newline + 1)
    const cutCount = cut + [...kept.slice(0, newline + 1)].length
    const lines = shown === '' ? 0 : shown.split('\n').length
    return [
      ...(heading ? ['### Log excerpt'] : []),
      `<details><summary>${logSummary(excerpt, lines, flavor)}</summary>`,
      '',
      ...(cutCount ? [`*${cutNote(cutCount)}*`, ''] : []),
      codeBlock(shown, flavor),
      '',
      '</details>',
    ].join('\n')
  }
  return fitSuffix(excerpt.text, max, render)
}
