import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { codePointsFrom, cutNote, fitPrefix, roomForSecond } from '../../../../lib/core/text/budget.ts'

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

test.run()
