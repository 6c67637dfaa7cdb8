// Property-based tests of template rendering: generated commit messages and reasons built from the pieces
// that break Markdown or ping people can neither close the template's own fence nor add structure or a
// mention to its Markdown text, on either tracker; the title stays one line within the limit.
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseTemplate } from '../../../../lib/core/text/template.ts'
import { templateBody, templateTitle } from '../../../../lib/core/text/template-render.ts'
import type { Failure } from '../../../../lib/core/text/issue.ts'

const TIME = new Date(2026, 10, 5, 9, 3, 7)
const piece = fc.oneof(
  fc.constantFrom('```', '````', '~~~', '`', '\n', '\r\n', '   ', '# ', '## x', '- ', '> ', '1. ', '---', '@alice', ' @org/team', '#12', '<details>', '&#64;x', '/close', '~bug', '!3', '%v1', 'x', 'END'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 6 }),
)
const hostile = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''))
const failure: fc.Arbitrary<Failure> = fc.record({
  environment: hostile,
  commitSha: hostile,
  commitMessage: hostile,
  reason: hostile,
  pipelineUrl: hostile,
  time: fc.constant(TIME),
})

const { template } = parseTemplate('---\ntitle: "{{environment}} {{commit_message}} {{date}}"\n---\nBEFORE\n```\n{{commit_message}}\n```\nMIDDLE {{reason}}\nAFTER\n', 't.md')
const LIMITS = { title: 256, body: 65_536 }
const closes = (line: string) => /^ {0,3}`{3,}[ \t]*$/.test(line)

test('the fence holds whatever the commit message; Markdown text starts no block and mentions no one', () => {
  fc.assert(
    fc.property(failure, fc.constantFrom('github' as const, 'gitlab' as const), (f, flavor) => {
      const lines = templateBody(template!, f, flavor, LIMITS).split('\n')
      assert.is(lines[0], 'BEFORE')
      assert.is(lines[1], '```')
      // The first line that closes a fence is the template's own, right before MIDDLE.
      const closing = lines.findIndex((line, i) => i > 1 && closes(line))
      assert.ok(lines[closing + 1]!.startsWith('MIDDLE '), `the fence closed early at line ${closing}`)
      assert.is(lines[lines.length - 2], 'AFTER')
      const text = lines.slice(closing + 1, -2)
      for (const line of text.slice(1)) assert.not.ok(/^ {0,3}(#{1,6}[ \t]|[-+*>][ \t]|`{3,}|~{3,}|\d+[.)][ \t])/.test(line), `a block starts: ${JSON.stringify(line)}`)
      assert.not.ok(/(^|[^A-Za-z0-9_])@[A-Za-z0-9]/m.test(text.join('\n')), 'a mention outside the fence')
      if (flavor === 'gitlab') for (const line of lines.slice(2, closing)) assert.not.ok(line.startsWith('/'), 'a quick action inside the fence')
    }),
    { numRuns: 300 },
  )
})

test('the title is one line within the limit, and the same for the same failure', () => {
  fc.assert(
    fc.property(failure, (f) => {
      const title = templateTitle(template!, f, 'github', LIMITS)
      assert.not.ok(/[\n\r]/.test(title))
      assert.ok(title.length <= LIMITS.title)
      assert.is(templateTitle(template!, f, 'github', LIMITS), title)
    }),
    { numRuns: 200 },
  )
})

test.run()
