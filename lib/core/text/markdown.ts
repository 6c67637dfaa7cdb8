// Targeted escaping for GitHub Flavored Markdown: ordinary text (quotes, backslashes, `$`, emoji, shell
// metacharacters) is left as typed; only what could change the report's structure, inject HTML, or notify
// someone is neutralised. https://github.github.com/gfm/
// GitLab Flavored Markdown has more references and runs quick actions; the `gitlab` flavor adds what it
// needs and the `github` flavor (the default) renders exactly as before.

/** The Markdown dialect a text is rendered for: the tracker's. */
export type Flavor = 'github' | 'gitlab'

const longestRun = (text: string, char: string): number => {
  let longest = 0
  let run = 0
  for (const c of text) {
    run = c === char ? run + 1 : 0
    // Stryker disable next-line EqualityOperator: at run === longest the assignment changes nothing
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
 * line of the text can close it (GFM §4.5), and a ``` or `### heading` line stays inside. For GitLab, a
 * line starting with `/` gets an invisible zero-width space before it (see {@link defuseQuickActions}).
 */
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function codeBlock(text: string, flavor: Flavor = 'github'): string {
  const inner = flavor === 'gitlab' ? defuseQuickActions(text) : text
  const fence = '`'.repeat(Math.max(3, longestRun(inner, '`') + 1))
  return `${fence}\n${inner}\n${fence}`
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
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function defuseReferences(text: string, flavor: Flavor = 'github'): string {
  const out = text
    .replace(/(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/\b(GH-)(?=\d)/gi, `$1${ZWSP}`)
  return flavor === 'gitlab' ? defuseGitLabReferences(out) : out
}

// GitLab's references beyond GitHub's, each also after a project or group path (`group/project!1`):
// `!1` merge request, `&1` epic, `$1` snippet, `~label` / `~"two words"`, `%milestone` / `%"v 1"`, and
// `@user` names starting with `_` or `.`. Addresses are left whole: GitLab makes them links, inside which
// it reads no references, and a `%20` in one must stay intact.
// https://docs.gitlab.com/user/markdown/#gitlab-specific-references
const URL_PART = /(https?:\/\/[^\s<>]+)/i
const GITLAB_REFERENCES: readonly [RegExp, string][] = [
  [/([!&$])(?=\d)/g, `$1${ZWSP}`],
  [/([~%])(?=[\p{L}\p{N}_"])/gu, `$1${ZWSP}`],
  [/(^|[^\p{L}\p{N}_])@(?=[\p{L}\p{N}_.])/gu, `$1@${ZWSP}`],
]

function defuseGitLabReferences(text: string): string {
  return text
    .split(URL_PART)
    .map((part, i) => (i % 2 ? part : GITLAB_REFERENCES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), part)))
    .join('')
}

/**
 * Keeps GitLab from running quick actions (`/close`, `/label ~x`, `/assign @me`) held in `text`: GitLab
 * runs every line that starts with `/` in a new issue's description or a note, outside only the code
 * blocks its own pattern recognises (three backticks exactly), so each such line gets a zero-width space
 * in front; it reads the same. https://docs.gitlab.com/user/project/quick_actions/
 */
export function defuseQuickActions(text: string): string {
  return text.replace(/^\//gm, `${ZWSP}/`)
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
// A match starts only where a run of backslashes starts (the lookbehind): from inside a run it could not
// match anyway, and trying each position did, over a run of n backslashes, n² steps (a 67,000-character
// reason of backslashes took 35 s to render).
const INLINE = /(?<!\\)(\\*)(<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;))/g

/**
 * `text` as Markdown that renders as the text itself inside the report: it cannot add headings, code
 * fences, rules, lists, quotes or HTML that would break the report's structure, and it pings no one.
 * Line breaks are kept. For `gitlab`, GitLab's references and quick actions are defused too.
 */
// Stryker disable next-line StringLiteral: the default flavor; only 'gitlab' is ever tested for, so any other string is GitHub's
export function markdownText(text: string, flavor: Flavor = 'github'): string {
  let out = text.replace(INLINE, (_, slashes: string, char: string) => (slashes.length % 2 ? slashes + char : `${slashes}\\${char}`))
  for (const pattern of BLOCK_START) out = out.replace(pattern, '$1\\$2')
  return defuseReferences(flavor === 'gitlab' ? defuseQuickActions(out) : out, flavor)
}
