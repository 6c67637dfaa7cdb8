// Well-known secret shapes, taken out of text the tool publishes but did not write itself (a job log).
// Pipelines print secrets by accident (`set -x`, `curl -v`, a debug dump of the environment); a token
// that reaches an issue is readable by everyone who can read the repository, and is scraped within
// minutes on a public one. Each shape is replaced whole by `***`.

// Token formats as their vendors document them; lengths are lower bounds, so a token a little shorter
// or longer than today's format (or glued to neighbouring letters) is still caught.
// GitHub: https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/
// GitLab: https://docs.gitlab.com/security/tokens/#token-prefixes
// Slack:  https://api.slack.com/concepts/token-types
// AWS:    https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids
const MASK = '***'

/**
 * Shorter known values are not masked: they would blank out ordinary words (an environment named
 * `prod`), and no real credential is this short. A value of exactly this length is masked.
 */
export const MIN_SECRET_LENGTH = 4

const PREFIX = 'gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt|cbt|oas|soat|ffct|imt|agent)-|xox[abeoprs]-'
// Past its shortest length, a token's body stops where another token's prefix starts: two tokens
// printed with nothing between them would otherwise be one match that swallows the second one's prefix
// and leaves its body bare. Within its shortest length it does not: a body whose own characters happen to
// spell a prefix (`glpat-…g` before `hp_`) would be cut short of it and not masked at all (found by the
// log excerpt's property test, test/unit/core/text/log-tail.property.test.ts).
const body = (chars: string, min: number) => `[${chars}]{${min}}(?:(?!${PREFIX})[${chars}])*`
const TOKENS: readonly RegExp[] = [
  new RegExp(`gh[pousr]_${body('A-Za-z0-9', 20)}`, 'g'),
  new RegExp(`github_pat_${body('A-Za-z0-9_', 20)}`, 'g'),
  new RegExp(`gl(?:pat|dt|rt|ptt|cbt|oas|soat|ffct|imt|agent)-${body('A-Za-z0-9_-', 20)}`, 'g'),
  new RegExp(`xox[abeoprs]-${body('A-Za-z0-9-', 10)}`, 'g'),
  /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g,
  /(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}/g,
]

// An `Authorization:` (or `Proxy-Authorization:`, GitLab's `PRIVATE-TOKEN:`) header as `curl -v`, a
// `set -x` trace or an HTTP dump prints it: everything after the colon to the end of the line is the
// credential, whatever its scheme.
const HEADER = /((?:proxy-)?authorization|private-token|job-token)([ \t]*[:=][ \t]*)[^\n]*/gi

// PEM private keys (RSA, EC, OpenSSH, PKCS #8, encrypted, PGP). A block is masked from its BEGIN line
// to its END line; a BEGIN without an END (the text was cut) takes everything after it, and an END
// without a BEGIN (the text starts inside a key) everything before it. Markers are found on the text
// as given, each on its own, so two glued together (sharing their dashes) still count as two.
const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g
const PEM_END = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g

type Span = readonly [start: number, end: number]

// Every match of `pattern` in `text`, overlapping ones included.
function spans(text: string, pattern: RegExp): Span[] {
  const found: Span[] = []
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    found.push([m.index, m.index + m[0].length])
    pattern.lastIndex = m.index + 1
  }
  return found
}

// `text` with each of `masked` (merged where they overlap or touch) replaced by one mask.
function mask(text: string, masked: Span[]): string {
  if (masked.length === 0) return text
  const sorted = [...masked].sort((a, b) => a[0] - b[0])
  let out = ''
  let at = 0
  let open: [number, number] | undefined
  for (const [start, end] of sorted) {
    if (open && start <= open[1]) open[1] = Math.max(open[1], end)
    else {
      if (open) out += MASK
      out += text.slice(at, start)
      open = [start, end]
    }
    at = Math.max(at, open[1])
  }
  return out + MASK + text.slice(at)
}

function redactKeys(text: string): string {
  const begins = spans(text, PEM_BEGIN)
  const ends = spans(text, PEM_END)
  const masked: Span[] = [...ends]
  const firstEnd = ends[0]
  // Stryker disable next-line EqualityOperator: a BEGIN and an END never start at the same index
  if (firstEnd && !(begins[0] && begins[0][0] < firstEnd[0])) masked.push([0, firstEnd[1]])
  // Both lists are in text order: one pass pairs each BEGIN with the first END after it.
  let next = 0
  for (const [start] of begins) {
    // Stryker disable next-line EqualityOperator: a BEGIN and an END never start at the same index
    while (next < ends.length && ends[next]![0] <= start) next++
    masked.push([start, next < ends.length ? ends[next]![1] : text.length])
  }
  return mask(text, masked)
}

/**
 * `text` with every well-known secret shape replaced by `***`: GitHub (`ghp_`, `gho_`, `ghs_`, `ghu_`,
 * `ghr_`, `github_pat_`), GitLab (`glpat-` and its other prefixes), Slack (`xox?-` tokens and webhook
 * paths) tokens, AWS access key ids, PEM private-key blocks, and `Authorization:` header values, and every
 * occurrence of each of `known` (the run's secrets, lib/core/redact.ts) of at least {@link MIN_SECRET_LENGTH} characters.
 */
// Stryker disable next-line ArrayDeclaration: no known secrets; a made-up one changes only a text that holds it
export function redactSecrets(text: string, known: readonly string[] = []): string {
  let out = text
  for (const secret of known) if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(MASK)
  out = redactKeys(out).replace(HEADER, (_, name: string, colon: string) => `${name}${colon}${MASK}`)
  for (const pattern of TOKENS) out = out.replace(pattern, MASK)
  return out
}
