import { proxiedFetch, proxyConfigured } from './proxy.ts'

/**
 * The global `fetch` with zx's request echo kept off. The zx CLI puts its own `fetch` and `$` on
 * `globalThis`; its `fetch`, in verbose mode (`--verbose`, `ZX_VERBOSE`), prints every request's options:
 * the Authorization header and the chat webhook address (a secret of its own) included. These tools print
 * their own lines, never that echo. Reaching zx through the global it installs costs nothing when zx is
 * not the launcher; undici's `fetch` would sidestep the wrapper too, but importing it costs ~30 ms on
 * every run (`npm run bench`). Node's fetch drops Authorization when a redirect leads to another origin
 * (Fetch standard, HTTP-redirect fetch). With a proxy variable set, requests go through it (proxy.ts).
 */
export const fetchQuietly: typeof fetch = (input, init) => {
  // Behind a proxy every request goes through undici's fetch, which never passes zx's wrapper.
  if (proxyConfigured()) return proxiedFetch().then((proxied) => proxied(input, init))
  const zx = (globalThis as { $?: { verbose?: boolean } }).$
  if (zx) zx.verbose = false
  return globalThis.fetch(input, init)
}
