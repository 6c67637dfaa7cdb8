// The test helpers that run as child processes (https-ahead.mts, https-redirect.mts, read-gitlab-trace.mts),
// compiled once per test process by esbuild into a plain ES module each, with lib/ and its dependencies
// bundled, as scripts-build.mjs compiles the command scripts and scripts/build.mjs the published
// executable. Started with `--import tsx` instead, each child paid tsx's loader on Node 20 (~0.5 s of CPU,
// most of the child's cost) for a few lines of its own.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './helpers.ts'

// Bundled CommonJS dependencies call require() for Node's built-ins, as in scripts/build.mjs.
const requireShim = "import { createRequire as __testCreateRequire } from 'node:module'; const require = __testCreateRequire(import.meta.url);"

const built = new Map<string, Promise<string>>()

/** The path of `test/helpers/<name>.mts` compiled to plain JavaScript, made on first use, removed at exit. */
export function compiledChild(name: string): Promise<string> {
  let file = built.get(name)
  if (!file) {
    file = (async () => {
      const { build } = await import('esbuild')
      mkdirSync(join(ROOT, '.cache'), { recursive: true })
      const dir = mkdtempSync(join(ROOT, '.cache', 'child-'))
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
      const outfile = join(dir, `${name}.mjs`)
      await build({
        entryPoints: [join(ROOT, 'test/helpers', `${name}.mts`)],
        outfile,
        bundle: true,
        banner: { js: requireShim },
        format: 'esm',
        platform: 'node',
        target: 'node20.18',
        logLevel: 'warning',
      })
      return outfile
    })()
    built.set(name, file)
  }
  return file
}
