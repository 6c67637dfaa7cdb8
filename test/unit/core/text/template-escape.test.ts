import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cellSafe, fenceSafe, htmlSafe, linkTextSafe, linkUrlSafe } from '../../../../lib/core/text/template-escape.ts'

const ZWSP = '\u200B'

test('fenceSafe breaks runs of three backticks or tildes and nothing else', () => {
  assert.is(fenceSafe('a `` b ``` c ~~~~'), `a \`\` b \`${ZWSP}\`${ZWSP}\` c ~${ZWSP}~${ZWSP}~${ZWSP}~`)
  // Two of either is one short of a fence: left as typed.
  assert.is(fenceSafe('~~ and ``'), '~~ and ``')
  assert.is(fenceSafe('/close', 'gitlab'), `${ZWSP}/close`)
  assert.is(fenceSafe('/close'), '/close')
})

test('htmlSafe: the five characters that close a tag, an attribute or an entity become entities, & first', () => {
  assert.is(htmlSafe(`</summary><img src=x onerror="a" alt='b'>`), '&lt;/summary&gt;&lt;img src=x onerror=&quot;a&quot; alt=&#x27;b&#x27;&gt;')
  // An entity the value holds is shown as typed, not decoded: its & is escaped once, and only once (and
  // `#64` is a reference, defused like any other).
  assert.is(htmlSafe('&lt; &#64;'), `&amp;lt; &amp;#${ZWSP}64;`)
  assert.is(htmlSafe('plain text'), 'plain text')
})

test('htmlSafe: mentions are defused on both trackers, quick actions on GitLab only', () => {
  assert.is(htmlSafe('@ops'), `@${ZWSP}ops`)
  assert.is(htmlSafe('/close\n@ops', 'gitlab'), `${ZWSP}/close\n@${ZWSP}ops`)
  assert.is(htmlSafe('/close'), '/close')
})

test('cellSafe: one line, no pipe, Markdown text', () => {
  assert.is(cellSafe('a|b\nc\td'), 'a&#124;b c d')
  assert.is(cellSafe('# not a heading <b>'), '\\# not a heading \\<b>')
  assert.is(cellSafe('/close', 'gitlab'), `${ZWSP}/close`)
})

test('cellSafe: a trailing backslash run is closed when odd (1, 3), left when even (0, 2)', () => {
  assert.is(cellSafe('a'), 'a')
  assert.is(cellSafe('a\\'), 'a\\\\')
  assert.is(cellSafe('a\\\\'), 'a\\\\')
  assert.is(cellSafe('a\\\\\\'), 'a\\\\\\\\')
  // Only the end counts: a backslash inside the value escapes nothing of the table's.
  assert.is(cellSafe('a\\b'), 'a\\b')
})

test('linkTextSafe: brackets and backslashes escaped, one line, no pipe', () => {
  assert.is(linkTextSafe('a [b] \\ c'), 'a \\[b\\] \\\\ c')
  assert.is(linkTextSafe('x|y\nz'), 'x&#124;y z')
  assert.is(linkTextSafe('@ops', 'gitlab'), `@${ZWSP}ops`)
})

test('linkUrlSafe: http(s) only, trimmed, one line, percent-encoded where it could end the address', () => {
  assert.is(linkUrlSafe('javascript:alert(1)'), '')
  assert.is(linkUrlSafe('ftp://ci.example/p'), '')
  assert.is(linkUrlSafe('see https://ci.example/p'), '')
  assert.is(linkUrlSafe('  HTTPS://ci.example/p  '), 'HTTPS://ci.example/p')
  assert.is(linkUrlSafe('http://ci.example/a b'), 'http://ci.example/a%20b')
  assert.is(linkUrlSafe(`https://ci.example/p (7)'x'"|`), 'https://ci.example/p%20%287%29%27x%27%22%7C')
  assert.is(linkUrlSafe('https://ci.example/a\nb'), 'https://ci.example/a%20b')
})

test.run()
