import type { Config } from '../config/config.ts'
import { proxyAddress } from '../core/redact.ts'
import { proxyConfigured, proxyFor, withoutCredentials } from '../http/proxy.ts'
import type { Check } from '../core/check.ts'

type Env = Record<string, string | undefined>

const route = (what: string, target: string, env: Env) => {
  const proxy = proxyFor(target, env)
  return proxy
    ? `${what} go through ${withoutCredentials(proxy.url)} (${proxy.variable})`
    : `${what} go direct to ${new URL(target).host} (NO_PROXY)`
}

/**
 * The doctor's proxy line: which proxy the API requests and the chat post go through, credentials never
 * shown; none when no proxy variable is set, so the doctor's report is as before. A proxy address that
 * is not a URL fails the line.
 */
export function proxyChecks(config: Pick<Config, 'apiUrl' | 'chatWebhook'>, env: Env = process.env): Check[] {
  if (!proxyConfigured(env)) return []
  const bad = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'].find((name) => env[name] && !URL.canParse(proxyAddress(env[name]!)))
  if (bad) return [{ ok: false, text: `proxy: ${bad} is not a URL such as http://proxy.example:3128` }]
  const parts = [route('API requests', config.apiUrl, env)]
  if (config.chatWebhook) parts.push(route('chat posts', config.chatWebhook, env))
  return [{ ok: true, text: `proxy: ${parts.join('; ')}` }]
}
