import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { streamLines } from '../../../lib/http/stream-lines.ts'

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

test.run()
