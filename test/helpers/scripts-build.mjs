// The command scripts as the end-to-end tests start them. Run as typed, `npx zx scripts/report.mts`
// costs per start, on this project's 2-core machine: npm's start-up (~0.4 s of CPU), then on Node 20
// tsx's loader thread and resolver (~0.6 s), on Node 24 zx's CLI and type stripping (~0.15 s), around
// the script's own ~0.15 s; with ~440 spawns that was most of the suite. So, once per run, esbuild (the
// compiler tsx itself uses, and the bundler of the published package) compiles the command scripts
// into plain ES modules with their dependencies bundled, as in dist/, and the tests start those. The
// scripts as typed still run: report.mts and the scripts that are not commands with --help through zx's
// CLI and the project's hook (help.e2e.test.ts), and `npx zx scripts/…` itself in new-user.e2e.test.ts
// and security.e2e.test.ts.
// Plain JavaScript: test/runner/run.mjs uses it before any TypeScript loader.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The scripts that are thin entries over lib/cli/commands, and so compile alone. */
export const COMMAND_SCRIPTS = ['demo', 'doctor', 'health', 'report', 'resolve', 'retry', 'stats']

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
