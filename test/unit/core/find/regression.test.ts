import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { isRecoveryClose, minutesSince, regressionRecorded, renderRegression, reopenCandidates, REGRESSION_MARKER } from '../../../../lib/core/find/regression.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 5, 9, minute))
const closed = (closedAt: Date, closedAs?: 'completed' | 'not_planned') => ({ number: 3, title: '[DEPLOY FAIL] staging — a — 2026-11-05', state: 'closed' as const, closedAt, closedAs })
const recovery = (minute?: number) => ({ id: 1, body: `${RECOVERY_MARKER}\n### Deploy recovered`, ...(minute === undefined ? {} : { createdAt: at(minute) }) })
const person = (minute?: number) => ({ id: 2, body: 'thanks!', ...(minute === undefined ? {} : { createdAt: at(minute) }) })

test('closed right after the resolver\'s recovery comment: a recovery close, even with comments after it', () => {
  assert.ok(isRecoveryClose(closed(at(1)), [recovery(0)]))
  assert.ok(isRecoveryClose(closed(at(1)), [recovery(0), person(30)]))
})

test('closed by a person: no recovery comment, or a close long after it, or not planned', () => {
  assert.not.ok(isRecoveryClose(closed(at(1)), [person(0)]))
  assert.not.ok(isRecoveryClose(closed(at(45)), [recovery(0)]))
  assert.not.ok(isRecoveryClose(closed(at(1), 'not_planned'), [recovery(0)]))
  assert.not.ok(isRecoveryClose({ ...closed(at(1)), state: 'open' }, [recovery(0)]))
})

test('without comment times, the recovery comment must be the last word', () => {
  assert.ok(isRecoveryClose(closed(at(1)), [person(), recovery()]))
  assert.not.ok(isRecoveryClose(closed(at(1)), [recovery(), person()]))
})

test('candidates: exactly this environment, most recently closed first, then lowest number', () => {
  const issues = [
    { ...closed(at(5)), number: 8 },
    { ...closed(at(9)), number: 6, title: '[DEPLOY FAIL] staging-eu — a — 2026-11-05' },
    { ...closed(at(7)), number: 9 },
    { ...closed(at(7)), number: 4 },
  ]
  assert.equal(reopenCandidates(issues, 'staging').map((issue) => issue.number), [4, 9, 8])
})

test('minutes since the close are whole and never negative', () => {
  assert.is(minutesSince(at(0), new Date(at(12).getTime() + 59_000)), 12)
  assert.is(minutesSince(at(5), at(4)), 0)
})

test('the regression comment counts as an occurrence and says how soon after recovery', () => {
  const text = renderRegression(SAMPLE_FAILURE, 1, 3)
  assert.ok(text.startsWith(`${OCCURRENCE_MARKER}\n${REGRESSION_MARKER}\n### Failed again 1 minute after recovery: occurrence 3\n\n**Time:** 2026-11-05 09:03:07\n`))
  assert.ok(text.includes('**Commit:** `abc1234`') && text.includes('**Reason:** `Deploy job failed`'))
  assert.ok(renderRegression(SAMPLE_FAILURE, 12, 2).includes('Failed again 12 minutes after recovery'))
})

test('a regression comment after the last recovery means another run reopened first', () => {
  const regression = { id: 5, body: renderRegression(SAMPLE_FAILURE, 3, 2) }
  assert.is(regressionRecorded([recovery(), regression]), regression)
  assert.is(regressionRecorded([regression, recovery()]), undefined)
  assert.is(regressionRecorded([recovery(), person()]), undefined)
})

test.run()
