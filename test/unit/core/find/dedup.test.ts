import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { findMatch, isMatch, sinceFor } from '../../../../lib/core/find/dedup.ts'

const T = '[DEPLOY FAIL] prod — abc — 2026-11-25'
const issue = (number: number, title: string) => ({ number, title })

test('a match contains the title literally; regex characters are not patterns', () => {
  assert.ok(isMatch(issue(1, `x ${T} y`), T))
  assert.not.ok(isMatch(issue(1, T.replace('[', '(')), T))
  assert.not.ok(isMatch(issue(1, '[DEPLOY FAIL] prod . abc . 2026-11-25'), '[DEPLOY FAIL] prod . abc . 2026-11-2.'))
})

test('findMatch picks the lowest number, whatever the order', () => {
  assert.is(findMatch([issue(9, T), issue(3, T), issue(5, T), issue(1, 'other')], T)?.number, 3)
  assert.is(findMatch([], T), undefined)
})

test('sinceFor is local midnight of the date as seen at UTC+14', () => {
  const d = new Date(2026, 10, 25, 23, 59)
  assert.is(sinceFor(d).toISOString(), '2026-11-24T10:00:00.000Z')
  assert.is(sinceFor(new Date(2026, 0, 1, 0, 0)).toISOString(), '2025-12-31T10:00:00.000Z')
})

test.run()
