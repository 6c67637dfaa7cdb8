import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { annotating, annotation } from '../../../lib/run/annotations.ts'

test('annotation: [WARN] and [ERROR] lines only, with %, CR and LF escaped as the runner decodes them', () => {
  assert.is(annotation('[WARN] Retrying in 1s'), '::warning::Retrying in 1s')
  assert.is(annotation('[ERROR] 100% failed\r\nagain'), '::error::100%25 failed%0D%0Aagain')
  assert.is(annotation('[INFO] Created issue #1: https://x/1'), undefined)
  assert.is(annotation('  [ERROR] indented'), undefined)
  assert.is(annotation('[ERROR]no space'), undefined)
})

test('annotating: each complete line, split across writes or not, redacted; the original passes unchanged', () => {
  const written: string[] = []
  const annotated: string[] = []
  const stderr = annotating({ write: (text: string) => written.push(text) }, { write: (text: string) => annotated.push(text) }, ['s3cr3t-token'])
  stderr.write('[WARN] first s3cr3t-')
  stderr.write('token here\n[INFO] x\n[ERR')
  stderr.write('OR] second\n')
  assert.equal(written, ['[WARN] first s3cr3t-', 'token here\n[INFO] x\n[ERR', 'OR] second\n'])
  assert.equal(annotated, ['::warning::first *** here\n', '::error::second\n'])
})

test.run()
