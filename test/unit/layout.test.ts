// The layout of lib/, kept: each top-level folder is a room with one meaning, and imports only flow down
// (core → http, config → the services → run → the faces → the public door). No service speaks through
// another, no face calls another, and no two files, nor two rooms, import each other round a cycle.
// Every import counts: static, dynamic and type-only, `export … from` too.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const LIB = join(dirname(fileURLToPath(import.meta.url)), '../../lib')

const FACES = ['cli', 'api', 'action']
const SERVICES = ['github', 'gitlab', 'chat', 'pager']
/** What each room may import besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  http: ['core'],
  config: ['core'],
  ...Object.fromEntries(SERVICES.map((service) => [service, ['core', 'http', 'config']])),
  run: ['core', 'http', 'config', ...SERVICES],
  // The demo: a stand-in GitHub of its own and a story run through the run layer; the command line runs it.
  demo: ['core', 'http', 'config', 'run'],
  ...Object.fromEntries(FACES.map((face) => [face, ['core', 'http', 'config', 'run']])),
  cli: ['core', 'http', 'config', 'run', 'demo'],
  'index.ts': ['api', 'core'],
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield relative(LIB, path).split('\\').join('/')
  }
}

/** Every relative module a source names: `import … from`, `export … from`, `import('…')`. */
export const importsOf = (source: string): string[] =>
  [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!)

const roomOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : path)

/** The import graph of lib/: each file and the lib files it imports (package.json and the like left out). */
function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>()
  for (const file of files(LIB)) {
    const targets = importsOf(readFileSync(join(LIB, file), 'utf8'))
      .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)))
      .filter((target) => !target.startsWith('..') && target.endsWith('.ts'))
    edges.set(file, targets)
  }
  return edges
}

/** The cycles of a graph, one per strongly connected component larger than one node (or a self-loop). */
export function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm: recursion depth is bounded by the number of files, a few hundred.
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.sort())
    }
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node)
  return found
}

test('the cycle finder finds a cycle of files and of one file, and none in a chain (it can fail)', () => {
  assert.equal(cyclesOf(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]])), [['a', 'b', 'c']])
  assert.equal(cyclesOf(new Map([['a', ['a']]])), [['a']])
  assert.equal(cyclesOf(new Map([['a', ['b']], ['b', ['c']], ['c', []]])), [])
  assert.equal(importsOf("import type { A } from './a.ts'\nexport { b } from '../b.ts'\nconst c = await import('./c/d.ts')"), ['./a.ts', '../b.ts', './c/d.ts'])
})

test('every room of lib/ is a known one, and imports only the rooms below it', () => {
  const wrong: string[] = []
  let seen = 0
  for (const [file, targets] of graph()) {
    const room = roomOf(file)
    const allowed = ALLOWED[room]
    if (!allowed) {
      wrong.push(`${file}: lib/${room} is not a room of the layout (${Object.keys(ALLOWED).join(', ')})`)
      continue
    }
    for (const target of targets) {
      seen++
      const to = roomOf(target)
      if (to !== room && !allowed.includes(to)) wrong.push(`${file} imports ${target} (lib/${room} may import ${allowed.join(', ') || 'nothing outside itself'})`)
    }
  }
  assert.ok(seen > 300, `only ${seen} imports read: the reading is broken`)
  assert.equal(wrong, [])
})

test('no service imports another service, and no face imports another face', () => {
  const wrong: string[] = []
  for (const [file, targets] of graph()) {
    const room = roomOf(file)
    for (const target of targets) {
      const to = roomOf(target)
      if (to === room) continue
      if (SERVICES.includes(room) && SERVICES.includes(to)) wrong.push(`${file} (a service) imports ${target} (another service)`)
      if (FACES.includes(room) && FACES.includes(to)) wrong.push(`${file} (a face) imports ${target} (another face)`)
    }
  }
  assert.equal(wrong, [])
})

test('no two files of lib/ import each other, directly or round a cycle', () => {
  assert.equal(cyclesOf(graph()), [])
})

test('no two rooms of lib/ import each other, directly or round a cycle', () => {
  const rooms = new Map<string, string[]>()
  for (const [file, targets] of graph()) {
    const room = roomOf(file)
    const set = new Set(rooms.get(room) ?? [])
    for (const target of targets) if (roomOf(target) !== room) set.add(roomOf(target))
    rooms.set(room, [...set])
  }
  assert.ok(rooms.size >= 10, `only ${rooms.size} rooms read`)
  assert.equal(cyclesOf(rooms), [])
})

test('no file of lib/ reaches into a private member (`._name`), such as Bottleneck\'s `_store`', () => {
  const wrong: string[] = []
  for (const file of files(LIB)) {
    // Comments may name one (to say why it is not touched); code may not.
    const code = readFileSync(join(LIB, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    for (const m of code.matchAll(/[\w)\]]\._[A-Za-z]\w*/g)) wrong.push(`${file}: ${m[0]}`)
  }
  assert.equal(wrong, [])
})

test.run()
