// Corporate proxies, the way curl (and so the original script) honours them: `https_proxy`/`HTTPS_PROXY`
// for https addresses, `http_proxy`/`HTTP_PROXY` for http ones (and for https when no https proxy is
// set), and `no_proxy`/`NO_PROXY` for hosts that bypass it. undici's EnvHttpProxyAgent applies exactly
// these rules; Node's own fetch ignores them. undici is imported only when a proxy variable is set, so
// runs without a proxy pay nothing for it (npm run bench).
// https://github.com/nodejs/undici/blob/main/docs/docs/api/EnvHttpProxyAgent.md
// A value without a scheme (`user:pw@proxy:3128`) is http://, as curl reads it (lib/core/redact.ts
// proxyAddress): it is printed, registered and used in that form.
import { credentialsIn, printableAddress, proxyAddress, registerSecret } from '../core/redact.ts'

type Env = Record<string, string | undefined>

// Lower case first, as undici reads them.
const HTTP = ['http_proxy', 'HTTP_PROXY'] as const
const HTTPS = ['https_proxy', 'HTTPS_PROXY'] as const
const NO = ['no_proxy', 'NO_PROXY'] as const

const first = (env: Env, names: readonly string[]) => {
  const name = names.find((n) => env[n] !== undefined && env[n] !== '')
  return name === undefined ? undefined : { variable: name, url: env[name]! }
}

// The proxy a variable pair names, as an address (a value without a scheme is http://).
const proxyOf = (env: Env, names: readonly string[]) => {
  const found = first(env, names)
  return found && { variable: found.variable, url: proxyAddress(found.url) }
}

/** Whether any proxy variable is set (an empty value counts as unset). */
export function proxyConfigured(env: Env = process.env): boolean {
  return first(env, [...HTTP, ...HTTPS]) !== undefined
}

/** `url` without its user name and password, which are a secret: the form to print (without a scheme, http://). */
export function withoutCredentials(url: string): string {
  return printableAddress(proxyAddress(url)) ?? 'a proxy address that is not a URL'
}

/** The credentials in a proxy URL (without a scheme, http://), in every form they could be printed in; [] when it has none (lib/core/redact.ts). */
export const proxyCredentials = (url: string): string[] => credentialsIn(proxyAddress(url))

/** The proxy a request to `target` goes through, by undici's rules, or undefined when it goes direct. */
export function proxyFor(target: string, env: Env = process.env): { variable: string; url: string } | undefined {
  const url = new URL(target)
  const proxy = url.protocol === 'https:' ? (proxyOf(env, HTTPS) ?? proxyOf(env, HTTP)) : proxyOf(env, HTTP)
  if (!proxy) return undefined
  const noProxy = first(env, NO)?.url ?? ''
  if (noProxy.trim() === '*') return undefined
  const host = url.hostname.toLowerCase()
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
  for (const entry of noProxy.split(/[,\s]/).filter(Boolean)) {
    const [, name = entry, entryPort] = /^(.+):(\d+)$/.exec(entry) ?? []
    const bare = name.replace(/^\*?\./, '').toLowerCase()
    if (entryPort && Number(entryPort) !== port) continue
    if (host === bare || host.endsWith(`.${bare}`)) return undefined
  }
  return proxy
}

/** Takes the credentials of every proxy variable in `env` out of all output from now on (log.ts redact). */
export function registerProxySecrets(env: Env = process.env): void {
  for (const name of [...HTTP, ...HTTPS]) if (env[name]) registerSecret(...proxyCredentials(env[name]!))
}

/** EnvHttpProxyAgent's options: plain-http addresses go to the proxy in absolute form, as with curl. */
export const PROXY_AGENT_OPTIONS = { proxyTunnel: false } as const

/**
 * {@link PROXY_AGENT_OPTIONS} with the proxies of `env` as `httpProxy` and `httpsProxy`, each when set.
 * Given by name, a value without a scheme reaches undici as http:// (it refuses one otherwise), and an
 * empty lower-case variable does not hide its upper-case twin, as {@link proxyFor} reads them.
 */
export function proxyAgentOptions(env: Env = process.env): typeof PROXY_AGENT_OPTIONS & { httpProxy?: string; httpsProxy?: string } {
  const http = proxyOf(env, HTTP)
  const https = proxyOf(env, HTTPS)
  return { ...PROXY_AGENT_OPTIONS, ...(http ? { httpProxy: http.url } : {}), ...(https ? { httpsProxy: https.url } : {}) }
}

let proxied: Promise<typeof fetch> | undefined

/**
 * undici's `fetch` bound to an EnvHttpProxyAgent, created once per process. Plain-http addresses are
 * sent to the proxy in absolute form, as curl does, and https ones through a CONNECT tunnel. The
 * proxy's credentials are registered as secrets first, so no error can print them.
 */
export function proxiedFetch(env: Env = process.env): Promise<typeof fetch> {
  registerProxySecrets(env)
  // `.default`: undici is CommonJS, and inside the package's bundle import() yields its exports only
  // as `default` (esbuild's Node interop); Node's own import() has it too.
  proxied ??= import('undici').then(({ default: { EnvHttpProxyAgent, fetch: undiciFetch } }) => {
    const dispatcher = new EnvHttpProxyAgent(proxyAgentOptions(env))
    const proxiedFetch = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
      undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as object), dispatcher })
    return proxiedFetch as unknown as typeof fetch
  })
  return proxied
}
