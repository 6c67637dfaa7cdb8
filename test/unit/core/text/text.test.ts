import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanText, oneLine } from '../../../../lib/core/text/text.ts'

test('ordinary text, tabs, line feeds, emoji and accents pass unchanged', () => {
  const text = 'Tab\there "quotes" \\ $HOME `x` ünïcödé 😀\nnext line'
  assert.is(cleanText(text), text)
})

test('lone surrogates become U+FFFD; pairs are kept', () => {
  assert.is(cleanText('a\uD800b\uDC00c\uD83D\uDE00'), 'a\uFFFDb\uFFFDc\uD83D\uDE00')
  assert.is(cleanText('\uDBFF'), '\uFFFD')
})

test('CR LF and lone CR become LF', () => {
  assert.is(cleanText('a\r\nb\rc\n'), 'a\nb\nc\n')
})

test('other C0 controls and DEL become visible control pictures; C1 controls become U+FFFD', () => {
  assert.is(cleanText('\u0000\u0001\u0007\u000B\u000C\u001B[31m\u001F\u007F'), '\u2400\u2401\u2407\u240B\u240C\u241B[31m\u241F\u2421')
  assert.is(cleanText('a\u0085b\u009Bc'), 'a\uFFFDb\uFFFDc')
})

test('oneLine turns line breaks and tabs into spaces', () => {
  assert.is(oneLine('a\r\nb\tc\rd\u0000'), 'a b c d\u2400')
})

test.run()
