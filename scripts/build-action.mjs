// Builds dist/action.js, the GitHub Action's entry (action.yml), as one self-contained ES module: the
// runner installs nothing. .ci/run rebuilds it and fails when the committed file differs, so the output
// must depend only on the sources and the locked dependencies (esbuild is pinned exactly).
// `node scripts/build-action.mjs <file>` writes the same build elsewhere: release:check compares it.
import { build } from 'esbuild'

await build({
  entryPoints: ['lib/action/main.ts'],
  outfile: process.argv[2] ?? 'dist/action.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Some dependencies are CommonJS and call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  legalComments: 'eof',
  logLevel: 'warning',
})
