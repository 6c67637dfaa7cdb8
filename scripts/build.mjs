// `npm run build` (also run by `prepack`): the JavaScript the package ships, from the TypeScript in lib/.
//   dist/cli.js      the `deploy-failure-reporter` executable (ES module)
//   dist/index.js    the plugin API (`import … from 'deploy-failure-reporter'`)
//   dist/chunks/     code both share and code loaded on demand; with the two above, everything runs
//                    from dist/ alone: the dependencies are bundled, so the package installs none
//   dist/*.d.ts      the API's type declarations (tsc), with no import of any other package
// Plain JavaScript, so that it runs on every supported Node without a TypeScript loader.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

// Bundled CommonJS dependencies (dotenv, bottleneck) call require() for Node's built-ins, which an ES
// module does not have: each bundle gets one, made by createRequire.
// https://esbuild.github.io/api/#platform (ESM output and require)
const requireShim = "import { createRequire as __dfrCreateRequire } from 'node:module'; const require = __dfrCreateRequire(import.meta.url);"

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node the package claims (engines), so nothing newer slips into the output.
  target: `node${engines.node.replace(/^>=\s*/, '')}`,
  absWorkingDir: root,
  legalComments: 'eof',
  logLevel: 'warning',
}

// Everything but dist/action.js, the GitHub Action's bundle: committed, and built by npm run build:action.
mkdirSync(dist, { recursive: true })
for (const entry of readdirSync(dist, { withFileTypes: true }).map((e) => e.name)) {
  if (entry !== 'action.js') rmSync(join(dist, entry), { recursive: true, force: true })
}
// One build for both entries, split: the code they share, and what only one command needs (undici, 1 MB,
// for `health`), sit in chunks loaded on first use, so `--help` and `report` never parse them
// (maintainers/performance.md has the measurements). Every chunk is in dist/: nothing is read from node_modules.
await build({
  ...common,
  entryPoints: { cli: 'lib/cli/bin.ts', index: 'lib/index.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  banner: { js: requireShim },
})
// esbuild's banner is the same for every output file; only the executable gets the shebang.
writeFileSync(join(dist, 'cli.js'), `#!/usr/bin/env node\n${readFileSync(join(dist, 'cli.js'), 'utf8')}`, { mode: 0o755 })

// Declarations: tsc emits them for lib/index.ts and what it imports into a scratch folder; only the files
// dist/index.d.ts reaches are kept, with their `.ts` import specifiers turned into the `.js` a consumer's
// TypeScript resolves.
const scratch = join(root, '.cache/types')
rmSync(scratch, { recursive: true, force: true })
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', scratch], { cwd: root, stdio: 'inherit' })

const seen = new Set()
const visit = (file) => {
  if (seen.has(file)) return
  seen.add(file)
  const text = readFileSync(join(scratch, file), 'utf8')
  const out = text.replace(/(from\s+|import\()(['"])([^'"]+)\2/g, (match, head, quote, spec) => {
    if (!spec.startsWith('.')) throw new Error(`${file}: the public types import ${spec}; they must stand alone (a consumer has no such package)`)
    const target = join(dirname(file), spec.replace(/\.ts$/, '.d.ts'))
    visit(target)
    return `${head}${quote}${spec.replace(/\.ts$/, '.js')}${quote}`
  })
  mkdirSync(dirname(join(dist, file)), { recursive: true })
  writeFileSync(join(dist, file), out)
}
visit('index.d.ts')
rmSync(scratch, { recursive: true, force: true })
console.log(`built ${relative(root, dist)}/: cli.js, index.js and ${seen.size} declaration files`)
