import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { streamLines } from '../../../lib/http/stream-lines.ts'
import { registerSecret } from '../../../lib/core/redact.ts'

const collect = async (chunks: readonly (string | Uint8Array)[], max?: number) => {
  const lines: string[] = []
  async function* body() {
    for (const chunk of chunks) yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk
  }
  for await (const line of streamLines(body(), max)) lines.push(line)
  return lines
}

test('lines split across chunks, a last line without a line feed, and empty lines', async () => {
  assert.equal(await collect(['a\nb', 'c\n\nd']), ['a', 'bc', '', 'd'])
  assert.equal(await collect(['a\n']), ['a'])
})

test('a multi-byte character split between chunks is decoded whole', async () => {
  const bytes = new TextEncoder().encode('é›\n')
  assert.equal(await collect([bytes.slice(0, 1), bytes.slice(1, 4), bytes.slice(4)]), ['é›'])
})

test('an overlong line is cut and the rest of it skipped, across chunks', async () => {
  assert.equal(await collect(['abcdefgh', 'ijk\nok\n', 'xyzxyz'], 4), ['abcd', 'ok', 'xyzx'])
})

// A made-up token, registered as the configuration would; its every 8-character piece must be gone.
const LINE_SECRET = 'Ln-Secret-0123456789abcdefghij'
registerSecret(LINE_SECRET)
const pieces = (s: string) => Array.from({ length: s.length - 7 }, (_, i) => s.slice(i, i + 8))

test('a line of exactly the limit is kept whole; one character more is cut to the limit', async () => {
  assert.equal(await collect(['a'.repeat(16) + '\n'], 16), ['a'.repeat(16)])
  assert.equal(await collect(['a'.repeat(17) + '\n'], 16), ['a'.repeat(16)])
})

test('a secret that straddles the cut is masked before the line is cut, in one chunk or split across many', async () => {
  const line = 'x'.repeat(40 - 10) + LINE_SECRET + 'y'.repeat(200)
  for (const chunks of [[line + '\nnext\n'], [...line].concat(['\nnext\n']), [line.slice(0, 35), line.slice(35), '\nnext\n']]) {
    const lines = await collect(chunks, 40)
    assert.is(lines.length, 2)
    assert.is(lines[0], 'x'.repeat(30) + '***' + 'y'.repeat(7))
    assert.is(lines[1], 'next')
    for (const piece of pieces(LINE_SECRET)) assert.not.ok(lines.join('\n').includes(piece), piece)
  }
})

// Masking shortens text: with secrets before the limit, the limit in the masked text reached past the
// margin, into a secret the line was cut inside of, which the mask could not recognise.
test('a secret the line is cut inside of is not kept in part when secrets before it shorten the masked text', async () => {
  const token = 'ghp_' + 'T'.repeat(20)
  const read = 'a'.repeat(10) + (token + ' ').repeat(3) + LINE_SECRET.slice(0, 12)
  const lines: string[] = []
  async function* body() {
    for (const chunk of [read, LINE_SECRET.slice(12) + 'b'.repeat(10) + '\nnext\n']) yield new TextEncoder().encode(chunk)
  }
  for await (const line of streamLines(body(), 40, undefined, 20)) lines.push(line)
  // Masked, the 97 characters read are 34; 20 of them are the margin.
  assert.equal(lines, ['a'.repeat(10) + '*** ', 'next'])
  // The same with the real limit and margin: 250 tokens of 40 characters shorten 10,250 by 9,250.
  const long = 'a'.repeat(100) + ('ghp_' + 'T'.repeat(36) + ' ').repeat(250) + 'c'.repeat(200) + LINE_SECRET.slice(0, 12)
  const real = await collect([long, LINE_SECRET.slice(12) + '\nnext\n'])
  assert.is(real.length, 2)
  for (const piece of pieces(LINE_SECRET)) assert.not.ok(real.join('\n').includes(piece), piece)
})

test.run()
