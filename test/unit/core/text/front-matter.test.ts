// A template's front matter at its edges (lib/core/text/front-matter.ts): size, depth and aliases.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MAX_FRONT_DEPTH, MAX_FRONT_MATTER, readFrontMatter, tooDeep } from '../../../../lib/core/text/front-matter.ts'

const read = (yaml: string) => {
  const problems: string[] = []
  const result = readFrontMatter(yaml, (line, message) => problems.push(`line ${line}: ${message}`))
  return { result, problems }
}

test('size: a front matter of exactly MAX_FRONT_MATTER characters is read; one more is refused at line 2', () => {
  const exact = `title: "${'t'.repeat(MAX_FRONT_MATTER - 'title: ""'.length)}"`
  assert.is(exact.length, MAX_FRONT_MATTER)
  assert.equal(read(exact).problems, [])
  assert.ok(read(exact).result.ok)
  const over = read(`title: "${'t'.repeat(MAX_FRONT_MATTER - 'title: ""'.length + 1)}"`)
  assert.equal(over.problems, [`line 2: the front matter is ${MAX_FRONT_MATTER + 1} characters; at most ${MAX_FRONT_MATTER} (title, labels, assignees, milestone)`])
})

test('depth: flow collections nested MAX_FRONT_DEPTH deep are read; one more is refused, naming its line', () => {
  assert.is(MAX_FRONT_DEPTH, 4)
  assert.ok(read('labels: [[[[a]]]]').result.ok)
  assert.equal(read('title: x\nlabels: [[[[[a]]]]]').problems, ['line 3: the front matter nests more than 4 levels deep; its keys take one line of text or a list of names'])
  // Brackets in quotes and comments are text.
  assert.is(tooDeep('title: "[[[[[[[["\n# [[[[[[\n', 4), undefined)
  assert.is(tooDeep("title: '[[[[[[['", 4), undefined)
  // Thousands of levels end the check, not the stack.
  assert.ok(read(`labels: ${'['.repeat(10_000)}`).problems[0]!.includes('nests more than 4 levels deep'))
})

test('depth by indentation: block nesting past the limit is refused too', () => {
  const deep = ['labels:', '  a:', '    b:', '      c:', '        d:', '          e: x'].join('\n')
  const { problems } = read(deep)
  assert.is(problems.length, 1)
  assert.match(problems[0]!, /^line \d: the front matter nests more than 4 levels deep/)
})

test('aliases: refused at the first one, before anything is expanded (a YAML bomb is a configuration error)', () => {
  const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]'].join('\n')
  assert.equal(read(bomb).problems, ['line 3: aliases (*a) are not allowed in the front matter; write the value out'])
  assert.equal(read('milestone: *nowhere').problems, ['line 2: aliases (*nowhere) are not allowed in the front matter; write the value out'])
  assert.equal(read('title: "&a *b are text in quotes"').problems, [])
})

test.run()
