// The one list of secrets and the one redactor every outbound byte passes through (docs/security.md).
// The list is filled where the configuration is read (lib/config/config.ts: every secret variable, the
// webhook address and its path, a proxy's password), by whatever learns a secret at run time (a GitHub
// App's installation token), and by the doors every request leaves through, for each credential sent in an
// `Authorization` or `Proxy-Authorization` header (lib/http/credentials.ts: the App's JWTs among them).
// It is the process's: a secret known to any part of a run is taken out of everything any part of it
// writes, so the next feature cannot forget to name it.
// The doors that call {@link redact}: the tracker adapters' writes (lib/github/tracker.ts,
// lib/gitlab/tracker.ts), the chat and pager posts (lib/chat/webhook.ts, lib/chat/slack-api.ts,
// lib/pager/pagerduty.ts), the Actions outputs and --json (lib/run/outputs.ts), and the standard streams
// (lib/run/io.ts). Inputs are masked again where they are read, before anything cuts them (a line
// length, a tail, the body's budget), since a cut secret no longer matches itself.
import { MIN_SECRET_LENGTH, redactSecrets } from './text/secrets.ts'

export { MIN_SECRET_LENGTH }

const known = new Set<string>()
// Longest first, so that a secret containing another (a webhook address and its path) goes whole.
// Stryker disable next-line ArrayDeclaration: the list a process starts with; the test workers empty it (forgetSecrets) before each file
let ordered: readonly string[] = []

/** Adds every value of at least {@link MIN_SECRET_LENGTH} characters to the secrets {@link redact} takes out, for the rest of the process. */
export function registerSecret(...values: readonly (string | undefined)[]): void {
  const before = known.size
  for (const value of values) if (value !== undefined && value.length >= MIN_SECRET_LENGTH) known.add(value)
  // Every request registers the credential it sends (lib/http/credentials.ts), mostly one already known:
  // the list is sorted again only when it grew.
  if (known.size !== before) ordered = [...known].sort((a, b) => b.length - a.length)
}

/**
 * Empties the list: for a process that hosts several independent runs one after another, such as the
 * test runner's workers (test/runner/worker.mjs), where one run's secrets would otherwise mask the next's text.
 */
export function forgetSecrets(): void {
  known.clear()
  ordered = []
}

/** Every registered secret, longest first. */
export function registeredSecrets(): readonly string[] {
  return ordered
}

/**
 * `text` with every registered secret, each of `extra`, and every well-known secret shape (tokens by
 * their vendors' prefixes, PEM private keys, `Authorization:`-like header values: lib/core/text/secrets.ts)
 * replaced by `***`.
 */
// Stryker disable next-line ArrayDeclaration: no extra secrets; a made-up one changes only a text that holds it
export function redact(text: string, extra: readonly string[] = []): string {
  // redactSecrets passes over a secret shorter than MIN_SECRET_LENGTH.
  const secrets = extra.length ? [...extra, ...ordered].sort((a, b) => b.length - a.length) : ordered
  return redactSecrets(text, secrets)
}

/**
 * The credentials in an address such as a proxy's (`http://user:password@proxy:3128`), in every form they
 * could be printed in (`user:password`, the password as written and decoded; without one, a user name
 * that is a token: {@link userToken}); [] when it has none, and the whole value when it is not an address
 * at all (it may be a mangled secret).
 */
export function credentialsIn(url: string): string[] {
  try {
    const { username, password } = new URL(url)
    if (!password) return userToken(username)
    let decoded = password
    try {
      decoded = decodeURIComponent(password)
    } catch {}
    return [`${username}:${password}`, password, decoded]
  } catch {
    return [url]
  }
}

/**
 * A user name given with no password (`https://TOKEN@host`, as Git and curl take a token), as written and
 * decoded, when it looks like a credential: 20 characters or more (few user names are that long; most
 * tokens and keys are), or a shorter known token shape (lib/core/text/secrets.ts, a Slack `xoxb-` one).
 * Registering every user name would mask ordinary words (`deploy`) everywhere.
 */
function userToken(name: string): string[] {
  if (name.length < 20 && redactSecrets(name) === name) return []
  return [...new Set([name, safeDecode(name)])]
}

/**
 * `url` without its user name and password, which are a secret, and without a trailing `/`: the form to
 * print or publish (a doctor line, a link); undefined when it is not a URL.
 */
export function printableAddress(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined
  const parsed = new URL(url)
  parsed.username = ''
  parsed.password = ''
  return parsed.href.replace(/\/$/, '')
}

/**
 * A proxy variable's value as an address. curl reads a proxy without a scheme (`user:pw@proxy:3128`) as
 * `http://`, and so does everything here that reads one: registering its password, printing it and
 * sending through it. Parsed as it stands, `user:` would be its scheme and the password its path.
 * https://curl.se/docs/manpage.html#-x ("If no protocol is specified ... defaults to http://")
 */
export function proxyAddress(value: string): string {
  return value.includes('://') ? value : `http://${value}`
}

/**
 * The password in a setting that holds an address (`https://user:pw@host/api`), in the forms of
 * {@link credentialsIn}, and the `user:pw` of a `user:pw@` prefix as written even when the value is no
 * address (`https://ops:pw@exa mple`, `ops:pw@host`): its problem echoes the value, which must not print
 * the password. [] when it has none or is unset; the rest of a malformed value is still echoed, so the
 * problem shows what is wrong with it.
 */
export function passwordIn(url: string | undefined): string[] {
  if (url === undefined) return []
  const parsed = URL.canParse(url) ? credentialsIn(url) : []
  return [...new Set([...parsed, ...writtenCredentials(url)])]
}

// The userinfo of `url` as written: before the last `@` of what follows the scheme's `//` (or the start,
// without one) up to the first `/`, `?` or `#`, as a parser takes it; split at its first `:`.
function writtenCredentials(url: string): string[] {
  const authority = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '').split(/[/?#]/)[0]!
  const at = authority.lastIndexOf('@')
  const colon = authority.indexOf(':')
  if (at < 0) return []
  if (colon < 0 || colon > at) return userToken(authority.slice(0, at))
  const password = authority.slice(colon + 1, at)
  return password === '' ? [] : [authority.slice(0, at), password, safeDecode(password)]
}

// Query parameters that carry a webhook's secret: Google Chat's `key` and `token`
// (https://developers.google.com/workspace/chat/quickstart/webhooks), a Teams workflow's (Azure Logic
// Apps) `sig` (https://learn.microsoft.com/azure/logic-apps/logic-apps-securing-a-logic-app#generate-shared-access-signatures-sas),
// an Azure Function's `code` (https://learn.microsoft.com/azure/azure-functions/function-keys-how-to), and
// the usual names for tokens and keys. Other values (Google Chat's `messageReplyOption`, a `wait=true`)
// are left alone: registered, a word such as `true` would be masked everywhere.
const SECRET_PARAMETER = /^(key|token|sig|signature|code|secret|access_token|api[_-]?key)$/i

/**
 * `secret` in every form a log or a JSON document may print it in: as it is; percent-encoded, as an
 * address passed in a query is (encodeURIComponent); JSON with `/` escaped as `\/` (PHP's json_encode);
 * with `&` escaped as `\u0026` (Go's encoding/json) or as `&amp;` (HTML).
 */
export function printedForms(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret)]
  for (const form of [secret, secret.replaceAll('/', '\\/')]) forms.push(form, form.replaceAll('&', '\\u0026'), form.replaceAll('&', '&amp;'))
  return [...new Set(forms)]
}

/**
 * The secrets of an address that is a secret as a whole (a chat webhook's): the address (as written and
 * as parsed), its path and query, the value of each query parameter that carries a secret (as written and
 * decoded), each of them in its {@link printedForms}, and its password. A value that is no address is
 * registered whole.
 */
export function addressSecrets(address: string): string[] {
  if (!URL.canParse(address)) return [address]
  const { href, pathname, search } = new URL(address)
  const path = pathname === '/' ? '' : pathname
  const values = search
    .slice(1)
    .split('&')
    .flatMap((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s)
      if (!SECRET_PARAMETER.test(safeDecode(name))) return []
      return [value, safeDecode(value.replaceAll('+', ' '))]
    })
  const secrets = [address, href, path + search, path, search.slice(1), ...values].filter((secret) => secret !== '')
  return [...new Set([...secrets.flatMap(printedForms), ...credentialsIn(address)])]
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** A function that masks, as the service adapters take it: {@link redact} with the process's secrets. */
export type Redactor = (text: string) => string

/**
 * A copy of `value` with {@link redact} applied to every string in it (keys kept), for payloads built
 * as objects (a pager event, a chat body). `keep` names keys whose values are sent as they are (the
 * pager's routing key travels in the body it is the secret of).
 */
// Stryker disable next-line ArrayDeclaration: no key kept; a made-up one changes only a payload that has it
export function redactDeep<T>(value: T, keep: readonly string[] = []): T {
  if (typeof value === 'string') return redact(value) as T
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, keep)) as T
  // Plain objects only: a Date or a class instance is passed as it is.
  if (value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keep.includes(k) ? v : redactDeep(v, keep)])) as T
  }
  return value
}
