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
const TOKENS: readonly RegExp[] = [
  /gh[pousr]_[A-Za-z0-9]{20,}/g,
  /github_pat_[A-Za-z0-9_]{20,}/g,
  /gl(?:pat|dt|rt|ptt|cbt|oas|soat|ffct|imt|agent)-[A-Za-z0-9_-]{20,}/g,
  /xox[abeoprs]-[A-Za-z0-9-]{10,}/g,
  /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g,
  /(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}/g,
]

// An `Authorization:` (or `Proxy-Authorization:`, GitLab's `PRIVATE-TOKEN:`) header as `curl -v`, a
// `set -x` trace or an HTTP dump prints it: everything after the colon to the end of the line is the
// credential, whatever its scheme.
const HEADER = /((?:proxy-)?authorization|private-token|job-token)([ \t]*[:=][ \t]*)[^\n]*/gi

// PEM private keys (RSA, EC, OpenSSH, PKCS #8, encrypted, PGP). A block is replaced from its BEGIN line
// to its END line; a BEGIN without an END (the text was cut) takes everything after it, and an END
// without a BEGIN (the text starts inside a key) everything before it.
const PEM_LABEL = '-----(?:BEGIN|END) [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----'
const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/
const PEM_END = /-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/
const PEM_BLOCK = new RegExp(`${PEM_BEGIN.source}[\\s\\S]*?(?:${PEM_END.source}|$)`, 'g')

const MASK = '***'

function redactKeys(text: string): string {
  // An END before any BEGIN: the text opens inside a key.
  const firstEnd = PEM_END.exec(text)
  const firstBegin = PEM_BEGIN.exec(text)
  let out = text
  if (firstEnd && (!firstBegin || firstEnd.index < firstBegin.index)) out = MASK + out.slice(firstEnd.index + firstEnd[0].length)
  out = out.replace(PEM_BLOCK, MASK)
  // A stray marker left over (an END after a block already closed) carries no key; it goes too.
  return out.replace(new RegExp(PEM_LABEL, 'g'), MASK)
}

/**
 * `text` with every well-known secret shape replaced by `***`: GitHub (`ghp_`, `gho_`, `ghs_`, `ghu_`,
 * `ghr_`, `github_pat_`), GitLab (`glpat-` and its other prefixes), Slack (`xox?-` tokens and webhook
 * paths) tokens, AWS access key ids, PEM private-key blocks, and `Authorization:` header values, and every
 * occurrence of each of `known` (the run's own token, its webhook address) of at least 4 characters.
 */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  let out = text
  for (const secret of known) if (secret.length >= 4) out = out.split(secret).join(MASK)
  out = redactKeys(out).replace(HEADER, (_, name: string, colon: string) => `${name}${colon}${MASK}`)
  for (const pattern of TOKENS) out = out.replace(pattern, MASK)
  return out
}
