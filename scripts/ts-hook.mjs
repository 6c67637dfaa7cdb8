// Loaded through .npmrc's node-options for every process npm starts from this folder.
// Node >= 22.18 strips types itself (process.features.typescript); older Node needs a loader for .ts/.mts.
// It must never fail: npm also applies node-options to dependencies' install scripts, before tsx exists.
import module from 'node:module'

// Node >= 22.1 can keep compiled code (on Node 24 also the stripped TypeScript) in the OS temp folder
// between runs; measured with `npm run bench`: ~90 ms of CPU and ~17 MB of peak memory saved per reporter
// run on Node 24 once warm. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// https://nodejs.org/api/module.html#module-compile-cache
try {
  module.enableCompileCache?.()
} catch {}

if (!process.features.typescript) {
  try {
    const { register } = await import('tsx/esm/api')
    register()
  } catch {}
}
