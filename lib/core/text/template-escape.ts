// A template value escaped for the place it lands in (docs/templates.md): the inside of the template's
// own code fence, an HTML block or a tag's attribute, a table cell, a link's text or its address. Markdown
// text itself is lib/core/text/markdown.ts's; which landing a value has is lib/core/text/template.ts's, and
// template-render.ts applies these.
import { defuseQuickActions, defuseReferences, markdownText, type Flavor } from './markdown.ts'
import { oneLine } from './text.ts'

const ZWSP = '\u200B'

/**
 * `text` made safe inside a template's own code fence: a run of three or more backticks or tildes gets a
 * zero-width space between its characters, so no line of the value can close the fence (GFM §4.5) and
 * it reads the same; on GitLab, lines starting with `/` cannot run as quick actions either.
 */
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function fenceSafe(text: string, flavor: Flavor = 'github'): string {
  const out = text.replace(/`{3,}|~{3,}/g, (run) => [...run].join(ZWSP))
  return flavor === 'gitlab' ? defuseQuickActions(out) : out
}

/**
 * `text` made safe as HTML (inside an HTML block, where Markdown escapes mean nothing, or inside a tag's
 * attribute): the characters that could close a tag, an attribute or an entity become entities, so the
 * value cannot end `<summary>` or add a link or an image; mentions and references are still defused.
 */
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function htmlSafe(text: string, flavor: Flavor = 'github'): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
  return defuseReferences(flavor === 'gitlab' ? defuseQuickActions(escaped) : escaped, flavor)
}

// A pipe in a table cell ends the cell (GFM §4.10) even after a backslash the value itself holds; the
// entity does not, and reads the same.
const PIPE = /\|/g
const noPipes = (text: string) => text.replace(PIPE, '&#124;')

// A value ending in an odd run of backslashes would escape the template's next character (a cell's `|`).
const closedEscapes = (text: string) => ((/\\+$/.exec(text)?.[0].length ?? 0) % 2 ? `${text}\\` : text)

/** `text` made safe in a table cell: one line, Markdown text, and no pipe or trailing backslash that could split or merge the row's cells. */
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function cellSafe(text: string, flavor: Flavor = 'github'): string {
  return closedEscapes(noPipes(markdownText(oneLine(text), flavor)))
}

/** `text` made safe as a link's text: Markdown text on one line whose brackets and backslashes cannot end the text early. */
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function linkTextSafe(text: string, flavor: Flavor = 'github'): string {
  return noPipes(markdownText(oneLine(text).replace(/[\\[\]]/g, '\\$&'), flavor))
}

/**
 * `text` made safe as a link's address: percent-encoded (spaces, parentheses, angle brackets, quotes,
 * pipes), so it cannot end the address and start text of its own; an address that is not http(s) is
 * left out (no `javascript:`).
 */
export function linkUrlSafe(text: string): string {
  const line = oneLine(text).trim()
  if (!/^https?:\/\//i.test(line)) return ''
  // encodeURI already encodes spaces, angle brackets, double quotes and pipes; it leaves parentheses and
  // apostrophes, encoded here (%28, %29, %27).
  return encodeURI(line).replace(/[()']/g, (c) => `%${c.charCodeAt(0).toString(16)}`)
}
