// A template's YAML front matter, read defensively. The file is the team's own, but a template copied
// from elsewhere can carry a YAML bomb (aliases that expand a few lines into gigabytes) or nesting deep
// enough to end the parser's stack: its size, its depth and its aliases are checked before anything is
// expanded, and each is a configuration error naming the file and the line (docs/security.md). Which
// keys are allowed and what they hold is lib/core/text/template.ts's business.
import { isAlias, parseDocument, visit } from 'yaml'

/** The longest front matter read: four short keys need far less; more is a mistake or an attack. */
export const MAX_FRONT_MATTER = 16 * 1024
/** The deepest nesting the front matter may hold: a key, then a list of names. */
export const MAX_FRONT_DEPTH = 4

/** The line of `text`'s character `index`, counting `first` for its first line. */
export const lineAt = (text: string, index: number, first: number): number => first + text.slice(0, index).split('\n').length - 1

const DEEP = `nests more than ${MAX_FRONT_DEPTH} levels deep; its keys take one line of text or a list of names`

/**
 * The first place `yaml` opens more than `max` flow collections (`[`, `{`) inside each other, outside
 * quotes and comments: checked before parsing, since the parser recurses once per level.
 */
export function tooDeep(yaml: string, max: number): number | undefined {
  let depth = 0
  let quote: string | undefined
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml[i]!
    if (quote) {
      if (c === quote) quote = undefined
      else if (c === '\\' && quote === '"') i++
    } else if (c === '"' || c === "'") quote = c
    else if (c === '#' && (i === 0 || /\s/.test(yaml[i - 1]!))) {
      const end = yaml.indexOf('\n', i)
      i = end === -1 ? yaml.length : end
    } else if (c === '[' || c === '{') {
      if (++depth > max) return i
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1)
  }
  return undefined
}

/**
 * The front matter `yaml` (the text between the `---` lines; its first line is the file's line 2) as
 * data, or `ok: false` after reporting each problem through `at(line, message)`.
 */
export function readFrontMatter(yaml: string, at: (line: number, message: string) => void): { ok: true; data: unknown } | { ok: false } {
  if (yaml.length > MAX_FRONT_MATTER) {
    at(2, `the front matter is ${yaml.length} characters; at most ${MAX_FRONT_MATTER} (title, labels, assignees, milestone)`)
    return { ok: false }
  }
  const deep = tooDeep(yaml, MAX_FRONT_DEPTH)
  if (deep !== undefined) {
    at(lineAt(yaml, deep, 2), `the front matter ${DEEP}`)
    return { ok: false }
  }
  const doc = parseDocument(yaml, { uniqueKeys: true })
  for (const error of doc.errors) at(1 + (error.linePos?.[0]?.line ?? 1), `malformed front matter: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`)
  if (doc.errors.length) return { ok: false }
  let refused = false
  visit(doc, (_, node, path) => {
    const offset = (node as { range?: readonly number[] } | null)?.range?.[0] ?? 0
    if (isAlias(node)) at(lineAt(yaml, offset, 2), `aliases (*${node.source}) are not allowed in the front matter; write the value out`)
    // Block nesting (indentation) the bracket count above does not see: each level is a collection and a pair.
    else if (path.length > 2 * MAX_FRONT_DEPTH) at(lineAt(yaml, offset, 2), `the front matter ${DEEP}`)
    else return undefined
    refused = true
    return visit.BREAK
  })
  if (refused) return { ok: false }
  try {
    // No alias survives the check above; maxAliasCount stays as a second guard.
    return { ok: true, data: doc.toJS({ maxAliasCount: 0 }) }
  } catch (error) {
    at(2, `malformed front matter: ${(error as Error).message.split('\n')[0]}`)
    return { ok: false }
  }
}
