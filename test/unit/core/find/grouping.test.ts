import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { findHolder, holdsReport, listBound } from '../../../../lib/core/find/grouping.ts'

const TIME = new Date(2026, 10, 5, 9, 3, 7)
const title = '[DEPLOY FAIL] staging — abc1234 — 2026-11-05'
const byTitle = { group: 'title', title, time: TIME } as const
const byEnv = { group: 'environment', title, time: TIME } as const

test('by title: the spec\'s literal substring rule', () => {
  assert.ok(holdsReport({ title: `Re: ${title}` }, byTitle))
  assert.not.ok(holdsReport({ title: '[DEPLOY FAIL] staging — def5678 — 2026-11-04' }, byTitle))
})

test('by environment: any commit, any day, but exactly the environment', () => {
  assert.ok(holdsReport({ title: '[DEPLOY FAIL] staging — def5678 — 2026-10-01' }, byEnv))
  assert.not.ok(holdsReport({ title: '[DEPLOY FAIL] staging-eu — abc1234 — 2026-11-05' }, byEnv))
  assert.not.ok(holdsReport({ title: '[DEPLOY FAIL] stag — abc1234 — 2026-11-05' }, byEnv))
  assert.not.ok(holdsReport({ title: 'staging is down' }, byEnv))
})

test('the holder is the lowest-numbered match', () => {
  const issues = [
    { number: 9, title: '[DEPLOY FAIL] staging — x — 2026-11-01' },
    { number: 4, title: '[DEPLOY FAIL] production — x — 2026-11-01' },
    { number: 7, title: '[DEPLOY FAIL] staging — y — 2026-10-01' },
  ]
  assert.is(findHolder(issues, byEnv)?.number, 7)
  assert.is(findHolder(issues, byTitle), undefined)
})

test('the list is bounded by the title\'s date only when grouping by title', () => {
  assert.instance(listBound(byTitle), Date)
  assert.is(listBound(byEnv), undefined)
})

test.run()
