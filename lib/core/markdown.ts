// Targeted escaping for GitHub Flavored Markdown: ordinary text (quotes, backslashes, `$`, emoji, shell
// metacharacters) is left as typed; only what could change the report's structure, inject HTML, or notify
// someone is neutralised. https://github.github.com/gfm/

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
 * backticks inside, and padded with a space where CommonMark would otherwise strip or merge one (§6.1).
 * GitHub processes no mentions or references inside code.
 */
export function inlineCode(text: string): string {
  const flat = text.replace(/\r\n?|\n/g, ' ')
  const fence = '`'.repeat(longestRun(flat, '`') + 1)
  const stripped = flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== ''
  const padding = flat.startsWith('`') || flat.endsWith('`') || flat === '' || stripped ? ' ' : ''
  return `${fence}${padding}${flat}${padding}${fence}`
}

/**
 * A fenced code block that holds `text` verbatim: the fence is longer than any backtick run inside, so no
 * line of the text can close it (GFM §4.5), and a ``` or `### heading` line stays inside.
 */
export function codeBlock(text: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1))
  return `${fence}\n${text}\n${fence}`
}

// A zero-width space after `@` or `#` is what Renovate puts in the release notes it copies into GitHub
// (`@&#8203;user`, `#&#8203;123`): GitHub no longer sees a mention or reference, and the text reads the
// same. Used as the raw character rather than the entity, so it is just as invisible inside a code span.
const ZWSP = '\u200B'

/**
 * Breaks what GitHub would turn into a notification or a cross-reference: `@user` and `@org/team`
 * (an `@` after a non-word character, as GitHub matches them, so `ops@acme.com` is untouched), `#123`,
 * `owner/repo#123` and `GH-123`. https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls
 */
export function defuseReferences(text: string): string {
  return text
    .replace(/(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/\b(GH-)(?=\d)/gi, `$1${ZWSP}`)
}

// Block constructs that may start a line after at most three spaces (more makes an indented code block,
// whose content is literal): ATX headings, code fences, block quotes, list items, thematic breaks and
// setext underlines. Escaping their first character with a backslash (GFM §2.4) leaves plain text.
const BLOCK_START = [
  /^( {0,3})(#)(?=#{0,5}(?:[ \t]|$))/gm,
  /^( {0,3})(`(?=``)|~(?=~~))/gm,
  /^( {0,3})(>)/gm,
  /^( {0,3})([-+*])(?=[ \t]|$)/gm,
  /^( {0,3}\d{1,9})([.)])(?=[ \t]|$)/gm,
  /^( {0,3})([-*_=])(?=[-*_= \t]*$)/gm,
]

// `<` that could open a tag, comment or declaration (an HTML block, or inline HTML such as `<details>`
// that would swallow the rest of the report), and `&` that starts a character reference (`&#64;` would
// decode to an `@` after mentions were defused). An odd run of backslashes before them already escapes them.
const INLINE = /(\\*)(<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;))/g

/**
 * `text` as Markdown that renders as the text itself inside the report: it cannot add headings, code
 * fences, rules, lists, quotes or HTML that would break the report's structure, and it pings no one.
 * Line breaks are kept.
 */
export function markdownText(text: string): string {
  let out = text.replace(INLINE, (_, slashes: string, char: string) => (slashes.length % 2 ? slashes + char : `${slashes}\\${char}`))
  for (const pattern of BLOCK_START) out = out.replace(pattern, '$1\\$2')
  return defuseReferences(out)
}
