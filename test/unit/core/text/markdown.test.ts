import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { codeBlock, defuseReferences, inlineCode, markdownText } from '../../../../lib/core/text/markdown.ts'

const Z = '\u200B'

test('code block fences outgrow any backtick run in the text', () => {
  assert.is(codeBlock('a ``` b'), '````\na ``` b\n````')
  assert.is(codeBlock('plain'), '```\nplain\n```')
  assert.is(codeBlock('~~~\n``````'), '```````\n~~~\n``````\n```````')
})

test('inline code holds backticks, newlines and edge spaces safely', () => {
  assert.is(inlineCode('a`b'), '``a`b``')
  assert.is(inlineCode('`x`'), '`` `x` ``')
  assert.is(inlineCode('a\nb'), '`a b`')
  assert.is(inlineCode(' padded '), '`  padded  `', 'CommonMark strips one space each side')
  assert.is(inlineCode('   '), '`   `')
})

test('mentions and references get a zero-width space; emails and plain text do not', () => {
  assert.is(defuseReferences('cc @alice and @org/team, see #123'), `cc @${Z}alice and @${Z}org/team, see #${Z}123`)
  assert.is(defuseReferences('@bob: acme/shop#5 GH-7 gh-8'), `@${Z}bob: acme/shop#${Z}5 GH-${Z}7 gh-${Z}8`)
  assert.is(defuseReferences('ops@acme.com #hashtag a@ @ # 1'), 'ops@acme.com #hashtag a@ @ # 1')
})

test('ordinary text is left exactly as typed', () => {
  const text = 'Deploy failed: "quotes" \'single\' \\back\\slash $HOME ${x} a < b > c && d | e *not* _emph_ 5 - 3 = 2 😀'
  assert.is(markdownText(text), text)
})

test('line-leading block syntax is escaped, so the reason cannot add headings, fences, rules, lists or quotes', () => {
  const cases: [string, string][] = [
    ['### Required Actions', '\\### Required Actions'],
    ['# h', '\\# h'],
    ['   ## h', '   \\## h'],
    ['#hashtag', '#hashtag'],
    ['```js', '\\```js'],
    ['~~~', '\\~~~'],
    ['> quote', '\\> quote'],
    ['- item', '\\- item'],
    ['* item', '\\* item'],
    ['+ item', '\\+ item'],
    ['-v flag', '-v flag'],
    ['1. first', '1\\. first'],
    ['2) second', '2\\) second'],
    ['3.14 is pi', '3.14 is pi'],
    ['---', '\\---'],
    ['_ _ _', '\\_ _ _'],
    ['===', '\\==='],
    ['    # indented code is literal', '    # indented code is literal'],
  ]
  for (const [input, expected] of cases) assert.is(markdownText(input), expected, input)
  assert.is(markdownText('title\n---\nmore'), 'title\n\\---\nmore', 'no setext heading')
})

test('HTML and character references are escaped; a backslash before them cannot undo that', () => {
  assert.is(markdownText('<details><summary>x'), '\\<details>\\<summary>x')
  assert.is(markdownText('<!-- hide'), '\\<!-- hide')
  assert.is(markdownText('&#64;alice &commat;bob'), `\\&#${Z}64;alice \\&commat;bob`)
  assert.is(markdownText('\\<b> \\\\<i>'), '\\<b> \\\\\\<i>')
  assert.is(markdownText('a <3 b & c'), 'a <3 b & c')
})

test('inline code: a lone CR is a line break too; padding only where CommonMark would strip or merge', () => {
  assert.is(inlineCode('a\rb'), '`a b`')
  assert.is(inlineCode(' a'), '` a`', 'a space at one end only is kept as it is')
  assert.is(inlineCode('a '), '`a `')
  assert.is(inlineCode(' a '), '`  a  `', 'spaces at both ends would be stripped: padded')
  assert.is(inlineCode('  '), '`  `', 'only spaces are not stripped')
  assert.is(inlineCode('`a'), '`` `a ``', 'a backtick at the start')
  assert.is(inlineCode('a`'), '`` a` ``', 'a backtick at the end')
  assert.is(inlineCode(''), '`  `', 'empty: a space on each side')
})

test('block syntax at its edges: a lone # or ordered-list marker, a 10-digit-wide number, +, and the same mid-line', () => {
  assert.is(markdownText('#'), '\\#')
  assert.is(markdownText('+'), '\\+')
  assert.is(markdownText('1.'), '1\\.')
  assert.is(markdownText('10. item'), '10\\. item')
  assert.is(markdownText('123456789) item'), '123456789\\) item')
  assert.is(markdownText('1234567890. item'), '1234567890. item', 'ten digits start no list')
  // Mid-line, none of them is block syntax.
  assert.is(markdownText('step 2. done'), 'step 2. done')
  assert.is(markdownText('a ```b'), 'a ```b')
  assert.is(markdownText('a # b + c'), 'a # b + c')
})

test('long runs of backslashes are escaped in one pass, as short ones are', () => {
  // Before the lookbehind, 67,000 backslashes took 35 s (n² steps); an escaped `<` after an odd run stays as typed.
  const run = '\\'.repeat(100_000)
  assert.is(markdownText(run), run)
  assert.is(markdownText(`${run}<b> ${run}\\&amp;`), `${run}\\<b> ${run}\\&amp;`)
  assert.is(markdownText('a \\\\<b> \\<b> <b>'), 'a \\\\\\<b> \\<b> \\<b>')
})

test.run()
