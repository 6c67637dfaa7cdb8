// The one rule for plain http, applied to every address that carries a secret: sent over `http:` to a host
// other than the loopback, the secret crosses the network in clear text. That is one [WARN] naming the
// variable and the secret, whichever variable it is, and the run goes on: a self-managed GitLab or GitHub
// Enterprise on a private network may only speak http (GitLab CI then sets CI_API_V4_URL to it itself),
// and refusing it would cost the team its issue. Loopback (tests, a local relay) is never warned about.
// docs/security.md states the rule.

/** Hosts that never leave the machine. */
export const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/** Whether `url` is a plain-http address of a host other than the loopback (false for anything unparsable). */
export function crossesNetworkInClear(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)
  } catch {
    return false
  }
}

/**
 * The [WARN] for `variable` when its address `url` would carry `secret` (named in words, never its value)
 * over plain http off the machine; undefined otherwise.
 */
export function plainHttpWarning(variable: string, url: string | undefined, secret: string): string | undefined {
  if (url === undefined || !crossesNetworkInClear(url)) return undefined
  return `${variable} uses plain http, so ${secret} travels unencrypted; use https unless the network is trusted`
}
