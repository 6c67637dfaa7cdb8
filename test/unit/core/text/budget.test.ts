import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { codePointCounter, codePointsFrom, cutNote, fitPrefix, fitSuffix, roomForSecond } from '../../../../lib/core/text/budget.ts'
import { renderBody } from '../../../../lib/core/text/issue.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'

const plain = (kept: string, cut: number) => (cut ? `${kept}…${cutNote(cut)}` : kept)

test('a text that fits is rendered whole, with no note', () => {
  assert.is(fitPrefix('hello', 5, plain), 'hello')
})

test('a text that does not fit keeps the longest prefix that does, and says how much was cut', () => {
  const out = fitPrefix('abcdefghijklmnopqrstuvwxyz'.repeat(4), 40, plain)
  assert.ok(out.length <= 40, out)
  assert.is(out, 'abcdefghijklmnopqrst…[84 characters cut]')
  assert.is(fitPrefix('abcdefghijklmnopqrstuvwxyz'.repeat(4), 41, plain).length, 41, 'the largest prefix that fits')
})

test('escaping renderers are measured after escaping', () => {
  const escape = (kept: string, cut: number) => kept.replace(/</g, '&lt;') + (cut ? ` ${cutNote(cut)}` : '')
  const out = fitPrefix('<'.repeat(100), 50, escape)
  assert.ok(out.length <= 50, out)
  assert.is(out, '&lt;'.repeat(7) + ' [93 characters cut]')
})

test('a cut never splits a surrogate pair, and counts code points', () => {
  // 26 units hold 3½ emoji and the note: the half is dropped, not split.
  const out = fitPrefix('😀'.repeat(20), 26, plain)
  assert.ok(out.length <= 26)
  assert.ok((out as string & { isWellFormed(): boolean }).isWellFormed(), out)
  assert.is(out, '😀'.repeat(3) + '…[17 characters cut]')
  assert.is(codePointsFrom('a😀b\uD800'), 4)
  assert.is(codePointsFrom('a😀b', 1), 2)
})

test('roomForSecond cuts the first part before the second, down to its floor', () => {
  assert.is(roomForSecond(100, 500, 20, 25), 20, 'a short second part is never cut')
  assert.is(roomForSecond(100, 10, 500, 25), 90, 'a short first part keeps its length')
  assert.is(roomForSecond(100, 500, 500, 25), 75, 'both long: the first keeps its floor')
})

test('the edge: a text of exactly `max` is whole; one character over is cut to fit, with its note (prefix and suffix)', () => {
  const suffixNote = (kept: string, cut: number) => (cut ? `${cutNote(cut)}…${kept}` : kept)
  assert.is(fitPrefix('a'.repeat(50), 50, plain), 'a'.repeat(50))
  assert.is(fitSuffix('a'.repeat(50), 50, suffixNote), 'a'.repeat(50))
  // 51 characters: 30 kept + '…' + '[21 characters cut]' (19) is exactly 50.
  assert.is(fitPrefix('a'.repeat(51), 50, plain), 'a'.repeat(30) + '…' + cutNote(21))
  assert.is(fitSuffix('a'.repeat(51), 50, suffixNote), cutNote(21) + '…' + 'a'.repeat(30))
})

test('the issue body: sent whole at its limit; one character over the limit, cut to it with a note', () => {
  const failure = { ...SAMPLE_FAILURE, reason: 'r'.repeat(300) }
  const whole = renderBody(failure, 'github', Number.MAX_SAFE_INTEGER)
  assert.not.ok(whole.includes('characters cut'))
  assert.is(renderBody(failure, 'github', whole.length), whole)
  const over = renderBody(failure, 'github', whole.length - 1)
  assert.ok(over.length <= whole.length - 1, 'within the limit')
  assert.ok(over.includes('characters cut'), 'says it cut')
})

test('codePointsFrom at the surrogate edges: U+D800 and U+DBFF open a pair, a low surrogate alone or after a non-surrogate is one', () => {
  assert.is(codePointsFrom('\uD800\uDC00'), 1, 'U+10000: the lowest high surrogate')
  assert.is(codePointsFrom('\uDBFF\uDFFF'), 1, 'U+10FFFF: the highest high surrogate')
  assert.is(codePointsFrom('a\uDC00'), 2, 'a letter before a low surrogate')
  assert.is(codePointsFrom('\uDC00\uDC00'), 2, 'a low surrogate is no high one')
  assert.is(codePointsFrom('\uD800'), 1, 'a high surrogate at the end')
  assert.is(codePointsFrom('\uD800a'), 2, 'a high surrogate before a letter')
  assert.is(codePointsFrom('\uD800\uD800\uDFFF'), 2, 'a lone high surrogate, then U+DFFF closes the next one\'s pair')
  assert.is(codePointsFrom('\uD7FF\uDC00\uDBFF\uE000'), 4, 'just outside the ranges: no pair')
  assert.is(codePointsFrom('a😀b', 2), 2, 'from inside a pair: its low half counts alone')
  assert.is(codePointsFrom('😀😀', 4), 0, 'from the end')
})

// The bisections count with codePointCounter; codePointsFrom over the slice is the definition it must agree
// with. Every text of up to 6 units from a letter, a high and a low surrogate (lone ones, pairs, a lone high
// before a pair), at every index and one past the end.
test('codePointCounter agrees with codePointsFrom over the slices, at every index of every short text', () => {
  const units = ['a', '\uD83D', '\uDE00']
  let texts = ['']
  for (let n = 1; n <= 6; n++) texts = texts.concat(texts.filter((t) => t.length === n - 1).flatMap((t) => units.map((u) => t + u)))
  assert.is(texts.length, 1093)
  for (const text of texts) {
    const count = codePointCounter(text)
    for (let i = 0; i <= text.length + 1; i++) {
      assert.is(count.before(i), codePointsFrom(text.slice(0, i)), `before ${i} in ${JSON.stringify(text)}`)
      assert.is(count.after(i), codePointsFrom(text, i), `after ${i} in ${JSON.stringify(text)}`)
    }
  }
})

test('a cut where the largest fitting prefix or suffix would end inside a pair steps back to the pair\'s edge', () => {
  const suffixNote = (kept: string, cut: number) => (cut ? `${cutNote(cut)}…${kept}` : kept)
  // 27 units: 3½ emoji (7 units) and a note of 17 code points (20) would fit; the half goes, leaving 26.
  assert.is(fitPrefix('😀'.repeat(20), 27, plain), '😀'.repeat(3) + '…' + cutNote(17))
  assert.is(fitSuffix('😀'.repeat(20), 27, suffixNote), cutNote(17) + '…' + '😀'.repeat(3))
  // A pair after plain letters: the unit before k decides, not the one after it. 23 units hold 'ab' and a
  // 20-unit note; 'ab' and the pair's high half would be 23 too, but split the pair.
  assert.is(fitPrefix('ab😀' + 'c'.repeat(30), 23, plain), 'ab…' + cutNote(31))
  assert.is(fitSuffix('c'.repeat(30) + '😀ab', 23, suffixNote), cutNote(31) + '…ab')
  // 28 units: 4 whole emoji fit.
  assert.is(fitPrefix('😀'.repeat(20), 28, plain), '😀'.repeat(4) + '…' + cutNote(16))
  assert.is(fitSuffix('😀'.repeat(20), 28, suffixNote), cutNote(16) + '…' + '😀'.repeat(4))
})

test('when the empty prefix or suffix rendered is exactly `max`, a longer one of the same length is still preferred', () => {
  const suffixNote = (kept: string, cut: number) => (cut ? `${cutNote(cut)}…${kept}` : kept)
  // Of 100 characters, '…[100 characters cut]' and 'a…[99 characters cut]' are both 21 long: the one that
  // keeps a character wins.
  const text = 'a' + 'x'.repeat(98) + 'z'
  assert.is(fitPrefix(text, 21, plain), 'a…' + cutNote(99))
  assert.is(fitSuffix(text, 21, suffixNote), cutNote(99) + '…z')
  // Nothing fits at all: the empty prefix or suffix with its note, over `max`.
  assert.is(fitPrefix('abcdefghij', 5, plain), '…' + cutNote(10))
  assert.is(fitSuffix('abcdefghij', 5, suffixNote), cutNote(10) + '…')
})

test.run()
