import { $ } from 'zx/core'

/**
 * The global `fetch` with zx's request echo kept off. Under the zx CLI `globalThis.fetch` is zx's
 * wrapper, which in verbose mode (`--verbose`, `ZX_VERBOSE`) prints every request's options: the
 * Authorization header and the chat webhook address (a secret of its own) included. These tools print
 * their own lines, never that echo. undici's `fetch` would sidestep the wrapper too, but importing it
 * costs ~30 ms on every run (`npm run bench`). Node's fetch drops Authorization when a redirect leads
 * to another origin (Fetch standard, HTTP-redirect fetch).
 */
export const fetchQuietly: typeof fetch = (input, init) => {
  $.verbose = false
  return globalThis.fetch(input, init)
}
