// A team's own issue template (REPORT_TEMPLATE): Markdown with an optional YAML front matter (`title`,
// `labels`, `assignees`, `milestone`), its values written as Mustache tags. This module parses and checks
// one; lib/core/text/template-render.ts renders it. Pure: the caller reads the file.
//
// Mustache (https://mustache.github.io/mustache.5.html) rather than Handlebars, EJS, Nunjucks or Liquid:
// it is logic-less (no helpers, no expressions, no code), so a template cannot call anything or reach
// beyond the values given to it; its one package has no dependencies and a stable, small syntax; and it
// hands out its parsed tokens, which is what lets each value be escaped for where it lands (Markdown
// text or the inside of a code fence) rather than with one HTML escape for all.
import Mustache from 'mustache'
import { lineAt, readFrontMatter } from './front-matter.ts'

/** Every variable a template may use; anything else is refused when the template is read. */
export const TEMPLATE_VARIABLES = [
  'environment',
  'commit',
  'commit_message',
  'time',
  'date',
  'pipeline',
  'reason',
  'log',
  'log_excerpt',
  'failed_jobs',
  'failed_steps',
  'changes',
  'changes_count',
  'last_good_sha',
  'compare_url',
  'authors',
  'job_url',
  'run_attempt',
  'actor',
  'ref',
  'default_body',
  'default_title',
] as const

export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]

/** The values that describe the run rather than the failure: empty (and falsy in a section) when unknown. */
export type TemplateExtras = Readonly<Partial<Record<'job_url' | 'run_attempt' | 'actor' | 'ref' | 'failed_jobs' | 'failed_steps', string>>>

// A title that renders the same for different failures would merge them into one issue: it must name
// at least one of these (default_title holds all three).
const DISTINGUISHING: readonly TemplateVariable[] = ['environment', 'commit', 'date', 'default_title']

/**
 * Where a value lands, which decides how it is escaped (lib/core/text/template-render.ts): Markdown text,
 * the inside of a code fence, HTML (an HTML block, or inside a tag), a table cell, a link's text or its
 * address, the title, or raw (`{{{x}}}`, asked for explicitly).
 */
export type Landing = 'markdown' | 'fence' | 'html' | 'cell' | 'link-text' | 'link-url' | 'raw' | 'title'

/** Every landing, in the order the renderer builds their views. */
export const LANDINGS: readonly Landing[] = ['markdown', 'fence', 'html', 'cell', 'link-text', 'link-url', 'raw', 'title']

/** Mustache's parsed tokens, with each variable's name rewritten to `<landing>.<variable>`. */
export type TemplateTokens = readonly unknown[]

/** A template as read and checked: what the tracker gets besides the rendered title and body. */
export interface IssueTemplate {
  /** The file, as named in messages. */
  readonly name: string
  /** The front matter's title; undefined keeps the original script's title. */
  readonly title: TemplateTokens | undefined
  readonly body: TemplateTokens
  readonly labels: readonly string[]
  readonly assignees: readonly string[]
  readonly milestone: string | undefined
  /** The run's extra values (job address, attempt, actor, ref), filled in by whoever reads the file. */
  readonly extras: TemplateExtras
}

type Token = [string, string, number, number, ...unknown[]]


const FRONT = /^\uFEFF?---[ \t]*\r?\n/
const FRONT_END = /^(?:---|\.\.\.)[ \t]*\r?$/m

/**
 * Parses template `text` (named `name` in messages). Returns the template, or the problems found, each
 * naming the line: a malformed front matter, an unknown key or variable, a partial, an unclosed tag, or a
 * title that names none of environment, commit, date (or default_title).
 */
export function parseTemplate(text: string, name: string): { template: IssueTemplate; problems: [] } | { template?: undefined; problems: string[] } {
  const problems: string[] = []
  const at = (line: number, message: string) => problems.push(`${name} line ${line}: ${message}`)
  let body = text.replace(/^\uFEFF/, '')
  let bodyLine = 1
  const front: Record<string, unknown> = {}
  let titleLine = 1
  const opening = FRONT.exec(text)
  if (opening) {
    const rest = text.slice(opening[0].length)
    const end = FRONT_END.exec(rest)
    if (!end) return { problems: [`${name} line 1: the front matter opened by --- is never closed; end it with a line holding only ---`] }
    const yamlText = rest.slice(0, end.index)
    bodyLine = 2 + yamlText.split('\n').length
    body = rest.slice(end.index + end[0].length).replace(/^\n/, '')
    const read = readFrontMatter(yamlText, at)
    if (!read.ok) return { problems }
    const data = read.data
    if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data))) {
      return { problems: [`${name} line 2: the front matter must be key: value lines (title, labels, assignees, milestone)`] }
    }
    Object.assign(front, data ?? {})
    const lines = yamlText.split('\n')
    const keyLine = (key: string) => 2 + Math.max(0, lines.findIndex((line) => line.startsWith(`${key}:`)))
    for (const key of Object.keys(front)) {
      if (!['title', 'labels', 'assignees', 'milestone'].includes(key)) at(keyLine(key), `unknown front matter key ${JSON.stringify(key)}; the keys are title, labels, assignees and milestone`)
    }
    for (const key of ['title', 'milestone']) {
      const v = front[key]
      if (v !== undefined && v !== null && typeof v !== 'string' && typeof v !== 'number') at(keyLine(key), `${key} must be one line of text`)
    }
    for (const key of ['labels', 'assignees']) {
      const v = front[key]
      const ok = v === undefined || v === null || typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))
      if (!ok) at(keyLine(key), `${key} must be a list of names (or one comma-separated line)`)
    }
    titleLine = keyLine('title')
  }
  const titleText = front.title === undefined || front.title === null ? undefined : String(front.title)
  const titleTokens = titleText === undefined ? undefined : tokensOf(titleText, titleLine, 'title', at)
  if (titleTokens && !DISTINGUISHING.some((v) => usedNames(titleTokens).has(v))) {
    at(
      titleLine,
      'the title names none of {{environment}}, {{commit}} or {{date}}, so different failures would share one issue; ' +
        'add at least one of them (or {{default_title}})',
    )
  }
  const bodyTokens = tokensOf(body, bodyLine, 'markdown', at)
  if (problems.length || !bodyTokens) return { problems }
  return {
    template: Object.freeze({
      name,
      title: titleTokens,
      body: bodyTokens,
      labels: Object.freeze(list(front.labels)),
      assignees: Object.freeze(list(front.assignees)),
      milestone: front.milestone === undefined || front.milestone === null ? undefined : String(front.milestone),
      extras: Object.freeze({}),
    }),
    problems: [],
  }
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((s) => s.trim()).filter(Boolean)

// Every variable name used in `tokens`, whatever its landing.
function usedNames(tokens: TemplateTokens): Set<string> {
  const names = new Set<string>()
  const walk = (list: readonly unknown[]) => {
    for (const token of list as Token[]) {
      if (['name', '&', '#', '^'].includes(token[0])) names.add(token[1].replace(/^[a-z]+\./, ''))
      if (Array.isArray(token[4])) walk(token[4])
    }
  }
  walk(tokens)
  return names
}

// A line that opens or closes a fenced code block (GFM §4.5): up to three spaces, then three or more
// backticks or tildes; a backtick fence's info string holds no backtick.
const FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/
// A line that starts an HTML block (GFM §4.6: a tag, a closing tag, a comment, a declaration); the block
// runs to the next blank line, and Markdown escapes mean nothing inside it.
const HTML_BLOCK = /^ {0,3}<[A-Za-z/!?]/
// Inside a tag on the current line: a `<tag` not closed by a `>` yet (an attribute's value).
const IN_TAG = /<[A-Za-z][^<>]*$/
// A table's delimiter row (GFM §4.10): `| --- | :-: |`; the table runs to the next blank line.
const DELIMITER_ROW = /^ {0,3}\|?(?:\s*:?-+:?\s*\|)+\s*(?::?-+:?\s*)?\|?\s*$/
// The current line so far is a table row: it starts with a pipe.
const ROW = /^ {0,3}\|/
// The current line so far inside a link's address `](…`, or inside its text `[…`.
const IN_LINK_URL = /\]\([^)\s]*$/
const IN_LINK_TEXT = /\[[^\]]*$/

/** Where a `{{x}}` in the body lands, from the text before it: the block it is in and its line so far. */
function bodyLanding(state: { fence?: string | undefined; html: boolean; table: boolean }, line: string): Landing {
  if (state.fence) return 'fence'
  if (state.html || HTML_BLOCK.test(line) || IN_TAG.test(line)) return 'html'
  if (IN_LINK_URL.test(line)) return 'link-url'
  if (IN_LINK_TEXT.test(line)) return 'link-text'
  if (state.table || ROW.test(line)) return 'cell'
  return 'markdown'
}

/**
 * Mustache's tokens of `text`, each variable checked against {@link TEMPLATE_VARIABLES} and renamed to
 * `<landing>.<name>`: in a title every value is a title value; in the body `{{x}}` lands in Markdown text or,
 * between fence lines, inside a code block, and `{{{x}}}` / `{{&x}}` is the raw value asked for explicitly.
 */
function tokensOf(text: string, firstLine: number, where: 'title' | 'markdown', at: (line: number, message: string) => void): TemplateTokens | undefined {
  let parsed: Token[]
  try {
    parsed = Mustache.parse(text) as unknown as Token[]
  } catch (error) {
    const message = (error as Error).message
    // Mustache names the end of the text for what is never closed; the line that opened it is the useful one.
    const end = Number(/ at (\d+)$/.exec(message)?.[1] ?? 0)
    const section = /^Unclosed section "(.*)"/.exec(message)?.[1]
    const opened = section === undefined ? text.lastIndexOf('{{', end) : Math.max(text.lastIndexOf(`{{#${section}`, end), text.lastIndexOf(`{{^${section}`, end))
    const index = /^Unclosed/.test(message) && opened >= 0 ? opened : end
    at(lineAt(text, index, firstLine), `${message.replace(/ at \d+$/, '')}; every {{ needs its }}, every {{#x}} its {{/x}}`)
    return undefined
  }
  const state: { fence?: string | undefined; html: boolean; table: boolean } = { html: false, table: false }
  let line = ''
  const scan = (chunk: string) => {
    const parts = (line + chunk).split('\n')
    line = parts.pop() ?? ''
    for (const complete of parts) {
      const mark = FENCE.exec(complete)?.[1]
      if (!state.fence && !state.html && mark) state.fence = mark
      else if (state.fence && mark && mark[0] === state.fence[0] && mark.length >= state.fence.length && complete.trim() === mark) state.fence = undefined
      else if (state.fence) continue
      else if (complete.trim() === '') state.html = state.table = false
      else if (HTML_BLOCK.test(complete)) state.html = true
      else if (DELIMITER_ROW.test(complete)) state.table = true
    }
  }
  const rewrite = (tokens: Token[]): Token[] =>
    tokens.map((token) => {
      const [kind, name, start] = token
      if (kind === 'text') scan(name)
      if (kind === '>') at(lineAt(text, start, firstLine), `partials ({{>${name}}}) are not supported; write the text in the template`)
      if (!['name', '&', '#', '^'].includes(kind)) return token
      if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name)) {
        at(lineAt(text, start, firstLine), `unknown variable {{${name}}}; the variables are ${TEMPLATE_VARIABLES.join(', ')}`)
        return token
      }
      const landing: Landing = where === 'title' ? 'title' : kind === 'name' ? bodyLanding(state, line) : 'raw'
      if (kind === 'name' || kind === '&') line += 'x'
      const copy = [...token] as Token
      copy[1] = `${landing}.${name}`
      if (Array.isArray(token[4])) copy[4] = rewrite(token[4] as Token[])
      return copy
    })
  return Object.freeze(rewrite(parsed))
}
