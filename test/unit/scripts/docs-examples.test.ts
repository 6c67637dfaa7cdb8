// The docs' samples: the normaliser that makes a rerun byte for byte the same, and the markers the script
// rewrites between.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { normalise, SAMPLE_DATE } from '../../../scripts/docs-examples/normalise.ts'
import { replaceSamples } from '../../../scripts/docs-examples/markers.ts'

test('normalise: ports in order of appearance, a low port kept, dates, times and durations fixed', () => {
  const text = 'http://127.0.0.1:38211/a http://127.0.0.1:40001/b http://127.0.0.1:38211/c http://127.0.0.1:1/health\n' +
    'Time: 2025-01-02 23:59:59, at 2025-01-02T03:04:05.678Z (84 ms) Recovered after 41 s; Recovered: after 1 s'
  assert.is(normalise(text), 'http://127.0.0.1:45201/a http://127.0.0.1:45202/b http://127.0.0.1:45201/c http://127.0.0.1:1/health\n' +
    `Time: ${SAMPLE_DATE} 08:00:00, at ${SAMPLE_DATE}T08:00:00.000Z (12 ms) Recovered after 3 s; Recovered: after 3 s`)
  assert.is(normalise(normalise(text)), normalise(text), 'idempotent')
})

test('replaceSamples: the text between a sample\'s markers is replaced, the markers and the rest kept', () => {
  const page = 'intro\n<!-- sample: one -->\nold\n<!-- /sample -->\nmiddle\n<!-- sample: two -->\n<!-- /sample -->\nend\n'
  const out = replaceSamples(page, (name) => `${name} new\n`)
  assert.is(out.text, 'intro\n<!-- sample: one -->\none new\n<!-- /sample -->\nmiddle\n<!-- sample: two -->\ntwo new\n<!-- /sample -->\nend\n')
  assert.equal(out.names, ['one', 'two'])
  assert.throws(() => replaceSamples('<!-- sample: x -->\nno end\n', () => ''), /sample x in .* has no <!-- \/sample -->/)
})

test.run()
