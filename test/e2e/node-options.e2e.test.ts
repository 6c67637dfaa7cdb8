// Issue 32: the TypeScript hook a checkout needs (.npmrc node-options) is added to the user's own
// NODE_OPTIONS, never put in their place: a heap size, --use-openssl-ca or a preloaded proxy agent stays.
// npx as typed, with the project's .npmrc alone (no npm_config_node_options from the test helpers).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import v8 from 'node:v8'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { GUARD, ROOT } from '../helpers/helpers.ts'
import { useLoopback } from '../helpers/servers.ts'
import { npmCache } from '../helpers/npm-cache.mjs'

const servers = useLoopback(test, { tmpdir: 'node-options-' })

// TypeScript (a type annotation): on Node 20 it runs only with the project's hook loaded.
const PROBE = `import v8 from 'node:v8'
const limit: number = v8.getHeapStatistics().heap_size_limit
console.log(JSON.stringify({ mb: Math.round(limit / 2 ** 20), options: process.env.NODE_OPTIONS }))
`

// `npx zx <probe>` from the project root with `nodeOptions` as the user's NODE_OPTIONS (the loopback
// guard first, so that the process may connect nowhere but 127.0.0.1 whatever npm does with the rest).
function probe(nodeOptions: string): { mb: number; options: string } {
  const file = join(servers.dir, 'probe.mts')
  writeFileSync(file, PROBE)
  const env = { PATH: process.env.PATH!, HOME: process.env.HOME!, npm_config_cache: npmCache(), REPORT_DOTENV: 'off', NODE_OPTIONS: `${GUARD} ${nodeOptions}`.trim() }
  const r = spawnSync('npx', ['zx', file], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 })
  assert.is(r.status, 0, r.stderr)
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { mb: number; options: string }
}

test("NODE_OPTIONS=--max-old-space-size=123 npx zx …: the user's heap flag is kept, and the hook still loads", () => {
  const small = probe('--max-old-space-size=123')
  // The heap limit is the old space plus the young generation: with 123 MB it stays far below the default,
  // which this process shows (started without the flag; a probe without it, ~1.5 s of CPU through npx and
  // zx on Node 20, gave the same limit). That the hook loads with no user options is new-user.e2e's npx zx.
  const plain = Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20)
  assert.ok(!`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`.includes('--max-old-space-size=123'), 'this process runs without the flag')
  assert.ok(small.mb >= 123 && small.mb < plain / 2, `heap limit ${small.mb} MB with the flag, ${plain} MB without`)
  assert.ok(small.options.includes('--max-old-space-size=123'), small.options)
  assert.ok(small.options.includes(GUARD), small.options)
  assert.ok(small.options.includes('/scripts/ts-hook.mjs'), `the project's hook: ${small.options}`)
  // The user's options come after the project's, so theirs win where both set one.
  assert.ok(small.options.indexOf('--max-old-space-size=123') > small.options.indexOf('ts-hook.mjs'), small.options)
})

test.run()
