// Which npm cache the npm and npx that tests start use. npm sets npm_config_cache for the scripts it runs
// (its own cache, by default ~/.npm), so tests share the cache that `npm ci` just filled and reach the
// registry for nothing it holds. When that cache cannot be written (a read-only HOME), the repository's
// git-ignored .cache/npm serves instead, so the suite never needs to write to HOME.
// Plain JavaScript: test/run.mjs uses it before any TypeScript loader.
import { accessSync, constants, existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

// Whether `dir` can be written, or made: its nearest existing ancestor can be written.
function writable(dir) {
  let at = dir
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at)
  try {
    accessSync(at, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/** The npm cache for what tests start: npm's own when it can be written, else `<repo>/.cache/npm`. */
export function npmCache(env = process.env) {
  const own = env.npm_config_cache || join(env.HOME || homedir(), '.npm')
  return writable(own) ? own : join(ROOT, '.cache', 'npm')
}
