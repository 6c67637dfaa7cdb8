// package.json and the lock file: what `npm pack` publishes, and whether the Node versions it claims are true.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'))
const pkg = read('package.json')
const lock = read('package-lock.json') as { packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean }> }

type Version = [number, number, number]
const parse = (text: string): Version => {
  const [a = 0, b = 0, c = 0] = text.trim().replace(/^v/, '').split('.').map(Number)
  return [a, b, c]
}
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/**
 * Whether `version` satisfies `range`, for the forms npm packages use in `engines.node`: `>=x`, `^x`, `a || b`,
 * comparator sets such as `>=x <=y` (every one of them holds), and bare versions (`20` is 20.x).
 */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) => {
    const comparators = alternative.trim().replace(/(>=|<=|\^)\s+/g, '$1').split(/\s+/)
    return comparators.every((comparator) => {
      const [, op = '', v = ''] = /^(>=|<=|\^)?v?([\d.]+)$/.exec(comparator) ?? []
      if (!v) throw new Error(`an engines range this test cannot read: ${JSON.stringify(range)}`)
      const min = parse(v)
      if (op === '>=') return compare(version, min) >= 0
      if (op === '<=') return compare(version, min) <= 0
      if (op === '^') return compare(version, min) >= 0 && version[0] === min[0]
      // A bare `20` or `20.1` is every version it starts (20.x, 20.1.x); a bare `20.1.2` is that one.
      return v.split('.').every((part, i) => version[i] === Number(part))
    })
  })
}

test('satisfies reads the forms found in the lock file', () => {
  assert.ok(satisfies([20, 18, 1], '>=20.18.1'))
  assert.not.ok(satisfies([20, 18, 0], '>= 20.18.1'))
  assert.not.ok(satisfies([20, 18, 1], '>=22'))
  assert.ok(satisfies([20, 18, 1], '^8.16.0 || ^10.6.0 || >=11.0.0'))
  assert.not.ok(satisfies([9, 0, 0], '^8.16.0 || ^10.6.0 || >=11.0.0'))
  // tunnel (through @stryker-mutator/core): a set of two comparators, then a minimum.
  assert.ok(satisfies([0, 7, 0], '>=0.6.11 <=0.7.0 || >=0.7.3'))
  assert.not.ok(satisfies([0, 7, 1], '>=0.6.11 <=0.7.0 || >=0.7.3'))
  assert.ok(satisfies([20, 18, 1], '>=0.6.11 <=0.7.0 || >=0.7.3'))
  assert.not.ok(satisfies([0, 6, 10], '>=0.6.11 <=0.7.0'))
  // balanced-match, brace-expansion, minimatch (through @stryker-mutator/core): bare majors.
  assert.ok(satisfies([20, 18, 1], '18 || 20 || >=22'))
  assert.not.ok(satisfies([21, 0, 0], '18 || 20 || >=22'))
  assert.not.ok(satisfies([20, 1, 0], '20.0'))
})

test('every package npm installs here runs on the oldest Node the package claims (npm ci --engine-strict passes)', () => {
  const claimed = /^>=\s*([\d.]+)$/.exec(pkg.engines.node)
  assert.ok(claimed, `engines.node is a plain minimum: ${pkg.engines.node}`)
  const oldest = parse(claimed![1]!)
  const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node
    return path && range && !satisfies(oldest, range) ? [`${path} wants node ${range}`] : []
  })
  assert.equal(refusing, [])
})

test('the published package: named, licensed, not private, one bin, exports only ".", no tests or bench', () => {
  assert.is(pkg.name, 'deploy-failure-reporter')
  assert.is(pkg.private, undefined)
  assert.is(pkg.license, 'MIT')
  assert.ok(pkg.repository?.url, 'repository')
  assert.equal(pkg.bin, { 'deploy-failure-reporter': 'dist/cli.js' })
  assert.equal(pkg.exports, { '.': { types: './dist/index.d.ts', import: './dist/index.js' } })
  for (const entry of pkg.files as string[]) assert.not.match(entry, /^(test|bench|lib|examples)\b/, entry)
  // The build bundles every dependency: an installed package pulls nothing else in.
  assert.is(pkg.dependencies, undefined)
  assert.is(pkg.scripts.prepack, 'npm run build')
})

test('the package ships the user docs, README, CHANGELOG.md and LICENSE; the maintainers\' pages stay in the repository', () => {
  // npm adds package.json, README and LICENSE itself; the rest is `files`.
  assert.equal(pkg.files, ['dist/', '!dist/action.js', 'scripts/after-script.sh', 'docs/', 'CHANGELOG.md'])
  const docs = readdirSync(new URL('../../docs', import.meta.url), { withFileTypes: true })
  assert.equal(docs.filter((entry) => !entry.isFile() || !entry.name.endsWith('.md')).map((e) => e.name), [], 'docs/ holds only pages')
  for (const page of ['development.md', 'releasing.md']) {
    assert.not.ok(docs.some((e) => e.name === page), `docs/${page} is a maintainers' page`)
    assert.ok(existsSync(new URL(`../../maintainers/${page}`, import.meta.url)), `maintainers/${page}`)
  }
})

test.run()
