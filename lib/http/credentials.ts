// Every credential the tools themselves put in an `Authorization` or `Proxy-Authorization` header is
// registered as a secret (lib/core/redact.ts) as the request leaves, by the two doors every request
// passes (fetch.ts, stream.ts). So a credential learned at run time is masked like one read from the
// configuration, wherever a server, a gateway or an error echoes it back: the JWTs @octokit/auth-app signs
// on its own to buy an installation token (with ISSUE_APP_INSTALLATION_ID set, no code of ours sees them),
// the tokens it buys, and whatever the next client sends. Registering at the door, not at each client,
// means a new client cannot forget it.
// The scheme's name is not the secret; what follows it is (RFC 9110, 11.6.2:
// https://www.rfc-editor.org/rfc/rfc9110#name-authorization). A Basic credential is `user:password` in
// base64 (RFC 7617: https://www.rfc-editor.org/rfc/rfc7617#section-2), so its decoded forms are secrets too.
import { registerSecret } from '../core/redact.ts'

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization'])
// A scheme's name alone (a header sent with an empty credential) is no secret, and masking it would blank
// out the word wherever it is printed.
const SCHEMES = new Set(['basic', 'bearer', 'token', 'digest'])
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/**
 * The secret parts of an `Authorization`-like header's value: the credential after the scheme (`Bearer`,
 * `token`, …); for `Basic` also the decoded `user:password` and the password; the whole value when it has
 * no scheme; nothing when it is a scheme's name alone.
 */
export function credentialsInHeader(value: string): string[] {
  const parts = value.trim().split(/\s+/)
  if (parts.length === 1) return parts[0] === '' || SCHEMES.has(parts[0]!.toLowerCase()) ? [] : [parts[0]!]
  const [scheme, ...rest] = parts
  const credential = rest.join(' ')
  if (scheme!.toLowerCase() !== 'basic' || !BASE64.test(credential)) return [credential]
  const decoded = Buffer.from(credential, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? [credential, decoded] : [credential, decoded, decoded.slice(colon + 1)]
}

/** Registers the credential of every `Authorization` and `Proxy-Authorization` header in `headers` (any case). */
export function registerSentCredentials(headers: Readonly<Record<string, string>> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (CREDENTIAL_HEADERS.has(name.toLowerCase()) && typeof value === 'string') registerSecret(...credentialsInHeader(value))
  }
}
