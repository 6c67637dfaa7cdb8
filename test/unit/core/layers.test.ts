// lib/core/README.md's table, enforced: each room of the core imports only what the table allows, and
// nothing in the core reaches a service, the configuration or the command line.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const LIB = join(dirname(fileURLToPath(import.meta.url)), '../../../lib')
const CORE = join(LIB, 'core')
const SEAMS = '(seams)'
const ALLOWED: Record<string, readonly string[]> = {
  [SEAMS]: ['text', SEAMS],
  text: [SEAMS, 'text'],
  retry: [SEAMS, 'retry', 'errors'],
  find: [SEAMS, 'find', 'text', 'retry', 'errors'],
  flows: [SEAMS, 'flows', 'find', 'text', 'retry', 'errors'],
  stats: [SEAMS, 'stats', 'find', 'text'],
}

const roomOf = (libPath: string): string => {
  if (libPath === 'errors.ts') return 'errors'
  const parts = libPath.split('/')
  if (parts[0] !== 'core') return parts[0]!
  return parts.length === 2 ? SEAMS : parts[1]!
}

function* coreFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* coreFiles(path)
    else if (entry.name.endsWith('.ts')) yield path
  }
}

const imports = (source: string) => [...source.matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!)

test('every room of lib/core imports only what lib/core/README.md allows it', () => {
  const wrong: string[] = []
  let seen = 0
  for (const file of coreFiles(CORE)) {
    const from = relative(LIB, file).split('\\').join('/')
    const room = roomOf(from)
    for (const spec of imports(readFileSync(file, 'utf8'))) {
      seen++
      const target = posix.normalize(posix.join(posix.dirname(from), spec))
      const to = roomOf(target)
      if (!ALLOWED[room]?.includes(to)) wrong.push(`${from} imports ${target} (${room} may import ${ALLOWED[room]?.join(', ') ?? 'nothing'})`)
    }
  }
  assert.ok(seen > 50, `only ${seen} imports found: the scan is broken`)
  assert.equal(wrong, [])
})

test('the rule itself bites: a flow importing the configuration would be refused', () => {
  assert.is(ALLOWED[roomOf('core/flows/report.ts')]!.includes(roomOf('config/config.ts')), false)
  assert.is(ALLOWED[roomOf('core/text/issue.ts')]!.includes(roomOf('core/flows/report.ts')), false)
  assert.is(ALLOWED[roomOf('core/find/grouping.ts')]!.includes(roomOf('core/flows/close.ts')), false)
})

test.run()
