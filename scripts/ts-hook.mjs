// Loaded through .npmrc's node-options for every process npm starts from this folder.
// Node >= 22.18 strips types itself (process.features.typescript); older Node needs a loader for .ts/.mts.
// npm also applies node-options to dependencies' install scripts, before tsx exists: those run plain
// JavaScript and must pass. A TypeScript file without a loader, though, is a clear error, never Node's
// bare ERR_UNKNOWN_FILE_EXTENSION.
import module from 'node:module'

// Node >= 22.1 can keep compiled code (on Node 24 also the stripped TypeScript) in the OS temp folder
// between runs; measured with `npm run bench`: ~90 ms of CPU and ~17 MB of peak memory saved per reporter
// run on Node 24 once warm. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// https://nodejs.org/api/module.html#module-compile-cache
try {
  module.enableCompileCache?.()
} catch {}

const TYPESCRIPT = /\.[cm]?ts$/
const NO_LOADER =
  `Node ${process.version} cannot run TypeScript without a loader, and tsx (a dev dependency) is not installed: ` +
  'run npm ci (without --omit=dev), use Node 22.18 or later, or install the published package, which needs none'

if (!process.features.typescript) {
  let loaded = false
  try {
    const { register } = await import('tsx/esm/api')
    register()
    loaded = true
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error
  }
  if (!loaded) {
    // The script named on the command line (after node, or after zx's CLI) is TypeScript: stop now, in
    // the spec's line format, before anything else runs.
    if (process.argv.slice(1, 3).some((arg) => TYPESCRIPT.test(arg))) {
      process.stderr.write(`[ERROR] ${NO_LOADER}\n`)
      process.exit(2)
    }
    // Any other TypeScript file imported later fails with the same explanation.
    const hooks = `export async function load(url, context, next) {
      if (${TYPESCRIPT}.test(new URL(url).pathname)) throw new Error(${JSON.stringify(NO_LOADER)} + ' (loading ' + url + ')')
      return next(url, context)
    }`
    module.register(`data:text/javascript,${encodeURIComponent(hooks)}`)
  }
}
