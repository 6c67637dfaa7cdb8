import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryLog, redact } from '../../../lib/core/log.ts'

test('redact replaces every occurrence of each secret', () => {
  assert.is(redact('a ghp_secret b ghp_secret', ['ghp_secret']), 'a *** b ***')
  assert.is(redact('nothing here', ['ghp_secret', '']), 'nothing here')
  assert.is(redact('the word abc stays', ['abc']), 'the word abc stays', 'values too short to be tokens are left')
})

test('memoryLog keeps prefixed lines in order', () => {
  const log = memoryLog()
  log.info('a')
  log.warn('b')
  log.error('c')
  assert.equal(log.lines, ['[INFO] a', '[WARN] b', '[ERROR] c'])
})

test.run()
