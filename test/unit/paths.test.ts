// Every repository path the docs and the code's comments cite exists: the README, docs/, maintainers/,
// examples/, action.yml, the GitLab component (templates/), and the files of lib/ and scripts/ (comments,
// help texts and messages alike). A file moved or renamed without its citations fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT } from '../helpers/helpers.ts'

const TOP_FILES = ['README.md', 'CHANGELOG.md', 'LICENSE', 'action.yml', 'package.json', 'package-lock.json', '.gitlab-ci.yml', '.npmrc', '.env.example', 'tsconfig.json', 'tsconfig.build.json']
const TOP_DIRS = ['lib', 'scripts', 'test', 'docs', 'maintainers', 'bench', 'templates', 'examples', '.ci', '.github']

// A path starts at a top-level folder or file, not in the middle of another path (…/node_modules/x/scripts/…,
// a team's tools/deploy-failure-reporter/scripts/…): nothing path-like right before it.
const CITED = new RegExp(String.raw`(?<![\w./@-])((?:${TOP_DIRS.map((d) => d.replace('.', '\\.')).join('|')})/[\w./*{},<>…-]*|(?:${TOP_FILES.map((f) => f.replace(/\./g, '\\.')).join('|')})(?![\w.-]))`, 'g')

function* files(dir: string, keep: (name: string) => boolean): Generator<string> {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) yield* files(path, keep)
    else if (keep(entry.name)) yield path
  }
}

// Inside lib/, a comment may name a module from lib/ down (`run/outputs.ts`, `core/text/issue.ts`).
const ROOMS = readdirSync(join(ROOT, 'lib'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
const IN_LIB = new RegExp(String.raw`(?<![\w./@-])((?:${ROOMS.join('|')})/[\w./-]+\.(?:ts|md))`, 'g')

/** The files whose citations are checked. */
export function citingFiles(): string[] {
  return [
    'README.md',
    'action.yml',
    ...files('docs', (n) => n.endsWith('.md')),
    ...files('maintainers', (n) => n.endsWith('.md')),
    ...files('templates', () => true),
    ...files('examples', () => true),
    ...files('lib', (n) => /\.(ts|mts|mjs|md)$/.test(n)),
    ...files('scripts', (n) => /\.(ts|mts|mjs|sh)$/.test(n)),
  ]
}

/** The repository paths `text` cites, as written (a trailing full stop or colon left out). */
export function citedPaths(text: string): string[] {
  const tidy = (path: string) => path.replace(/[.,:;)]+$/, '')
  return [...[...text.matchAll(CITED)].map((m) => tidy(m[1]!)), ...[...text.matchAll(IN_LIB)].map((m) => `lib/${tidy(m[1]!)}`)]
}

/** Whether `path` names something in the checkout; a pattern (`*`, `{a,b}`, `<name>`) is held to the folder before it. */
export function exists(path: string): boolean {
  // Built output is not in the repository; dist/action.js, which is, is checked like any file.
  if (path.startsWith('dist/') && path !== 'dist/action.js') return true
  const wild = path.search(/[*{<…]/)
  const fixed = wild === -1 ? path : path.slice(0, wild)
  const target = wild === -1 ? fixed : fixed.endsWith('/') ? fixed : dirname(fixed)
  return existsSync(join(ROOT, target))
}

test('citedPaths finds a path after a space, a backtick or a bracket, and not in the middle of another path', () => {
  assert.equal(citedPaths('see lib/run/io.ts, `docs/ci.md` and (scripts/after-script.sh).'), ['lib/run/io.ts', 'docs/ci.md', 'scripts/after-script.sh'])
  assert.equal(citedPaths('source node_modules/deploy-failure-reporter/scripts/after-script.sh'), [])
  assert.equal(citedPaths('tools/deploy-failure-reporter/scripts/x.sh and README.md'), ['README.md'])
  assert.equal(citedPaths('as run/outputs.ts does'), ['lib/run/outputs.ts'])
  assert.ok(exists('lib/core/*'))
  assert.not.ok(exists('lib/tracker/*'), 'a pattern under a folder that is gone')
  assert.not.ok(exists('lib/retry.ts'))
})

// A path relative to the citing file (`./github.ts`, `../run/io.ts`), imports included: they resolve too.
// Only in lib/ and scripts/: elsewhere `./deploy.sh` is a team's own file.
const RELATIVE = /(?<![\w./@-])(\.\.?\/[\w./-]+\.(?:ts|mts|mjs|md|json))/g

test('every repository path cited in the docs, action.yml, the component, the examples and lib/ and scripts/ exists', () => {
  const missing = citingFiles().flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8')
    const relativeToFile = !/^(lib|scripts)\//.test(file) ? [] : [...text.matchAll(RELATIVE)].map((m) => relative(ROOT, join(ROOT, dirname(file), m[1]!)))
    return [...citedPaths(text), ...relativeToFile]
      .filter((path) => !exists(path))
      .map((path) => `${relative(ROOT, join(ROOT, file))}: ${path}`)
  })
  assert.equal([...new Set(missing)], [])
})

test.run()
