// Untrusted text (reason, commit message, environment, commit, pipeline address) is made safe to carry
// before any Markdown or Slack rule applies: always valid Unicode, and free of invisible control codes.

// C0 controls other than tab and line feed, and DEL: invisible on GitHub, NUL is refused or cut short by
// many stores and tools, and ESC sequences act on the terminal of whoever reads the text with
// `gh issue view` or in a job log. Each becomes its visible Control Picture (U+2400 block: NUL → ␀,
// ESC → ␛, DEL → ␡), so a reader still sees that something was there. C1 controls (U+0080–U+009F)
// have no pictures and are just as active in terminals (U+009B is CSI): they become U+FFFD.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g

const picture = (c: string): string => {
  const code = c.charCodeAt(0)
  if (code < 0x20) return String.fromCharCode(0x2400 + code)
  return code === 0x7f ? '\u2421' : '\uFFFD'
}

/**
 * `text` as well-formed Unicode with plain line feeds: every lone UTF-16 surrogate becomes U+FFFD (a JSON
 * body carrying one cannot be decoded as UTF-8 by the API), CR LF and lone CR become LF, and the other
 * control codes become visible stand-ins (see above). Tabs, line feeds and all printable text are kept.
 */
export function cleanText(text: string): string {
  // String.prototype.toWellFormed is in every Node this project supports (≥ 20); TypeScript's es2023 lib
  // does not declare it yet.
  const wellFormed = (text as string & { toWellFormed(): string }).toWellFormed()
  return wellFormed.replace(/\r\n?/g, '\n').replace(CONTROL, picture)
}

/** {@link cleanText} on one line: line feeds and tabs become spaces (titles, inline code, chat fields). */
export function oneLine(text: string): string {
  return cleanText(text).replace(/[\n\t]/g, ' ')
}
