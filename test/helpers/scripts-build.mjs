// The command scripts as the Node 20 line of the suite runs them. A Node without native type stripping
// (before 22.18) runs `scripts/*.mts` through tsx, whose loader thread and resolver cost ~0.65 s of CPU
// per start on this project's 2-core machine, four times the script's own work; with ~440 spawns that
// was most of the suite. So, once per run, esbuild (the compiler tsx itself uses, and the bundler of the
// published package) compiles the command scripts into plain ES modules, their dependencies bundled as
// in dist/ (~0.15 s of CPU for a report run instead of ~0.21 s with them read from node_modules), and
// the end-to-end tests start those. The path a user types, `npx zx scripts/…` through
// tsx, is still run as such by new-user.e2e.test.ts and security.e2e.test.ts on every line.
// Plain JavaScript: test/runner/run.mjs uses it before any TypeScript loader.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The scripts that are thin entries over lib/cli/commands, and so compile alone. */
export const COMMAND_SCRIPTS = ['doctor', 'health', 'report', 'resolve', 'retry', 'stats']

/** Whether this Node runs TypeScript itself; when it does, tests start the scripts as they are. */
export const nativeTypeScript = () => Boolean(process.features.typescript)

// Bundled CommonJS dependencies call require() for Node's built-ins, as in scripts/build.mjs.
const requireShim = "import { createRequire as __testCreateRequire } from 'node:module'; const require = __testCreateRequire(import.meta.url);"

/**
 * Compiles the command scripts into a new folder under the checkout's `.cache/` (git-ignored; the
 * checkout can be written, where HOME may not) and returns it; `<folder>/<name>.mjs` is `scripts/<name>.mts`.
 */
export async function buildScripts() {
  const { build } = await import('esbuild')
  mkdirSync(join(ROOT, '.cache'), { recursive: true })
  const dir = mkdtempSync(join(ROOT, '.cache', 'scripts-'))
  try {
    await build({
      entryPoints: COMMAND_SCRIPTS.map((name) => join(ROOT, 'scripts', `${name}.mts`)),
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      banner: { js: requireShim },
      format: 'esm',
      platform: 'node',
      target: 'node20.18',
      absWorkingDir: ROOT,
      logLevel: 'warning',
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return dir
}
