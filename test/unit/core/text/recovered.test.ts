import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { formatDuration } from '../../../../lib/core/text/duration.ts'
import { joinOutages, outageOf, recoveredLine } from '../../../../lib/core/text/recovered.ts'

const at = (time: string) => new Date(`2026-11-05T${time}Z`)
const occurrence = (time: string) => ({ body: `${OCCURRENCE_MARKER}\n### Failed again`, createdAt: at(time) })
const recovery = (time: string) => ({ body: `${RECOVERY_MARKER}\n### Deploy recovered`, createdAt: at(time) })

test('formatDuration: the two largest units, rounded down, zeros after the first left out', () => {
  assert.is(formatDuration(2 * 3600 + 13 * 60 + 59), '2 h 13 min')
  assert.is(formatDuration(38 * 60), '38 min')
  assert.is(formatDuration(3 * 86400 + 4 * 3600 + 5), '3 d 4 h')
  assert.is(formatDuration(3600 + 7), '1 h')
  assert.is(formatDuration(45.9), '45 s')
  assert.is(formatDuration(0), '0 s')
  assert.is(formatDuration(-5), '0 s')
})

test('an issue never recovered before: from its filing, one run plus each occurrence; people\'s comments do not count', () => {
  const outage = outageOf(at('10:00:00'), [occurrence('10:30:00'), { body: 'looking', createdAt: at('10:40:00') }, occurrence('11:00:00')])
  assert.equal(outage, { start: at('10:00:00'), failedRuns: 3 })
  assert.is(recoveredLine(outage, at('12:13:30')), 'Recovered after 2 h 13 min and 3 failed runs')
})

test('a reopened issue: from the regression after the last recovery', () => {
  const outage = outageOf(at('08:00:00'), [recovery('08:38:00'), occurrence('09:00:00'), occurrence('09:20:00')])
  assert.equal(outage, { start: at('09:00:00'), failedRuns: 2 })
  assert.is(recoveredLine(outage, at('09:45:00')), 'Recovered after 45 min and 2 failed runs')
})

test('several issues closed together are one outage from the earliest run; an unknown start gives no line', () => {
  const joined = joinOutages([{ start: at('10:05:00'), failedRuns: 1 }, { start: at('10:00:00'), failedRuns: 3 }])
  assert.equal(joined, { start: at('10:00:00'), failedRuns: 4 })
  assert.is(recoveredLine({ start: at('10:00:00'), failedRuns: 1 }, at('10:00:40')), 'Recovered after 40 s and 1 failed run')
  assert.is(recoveredLine(joinOutages([joined, { start: undefined, failedRuns: 1 }]), at('11:00:00')), undefined)
  assert.is(recoveredLine(outageOf(undefined, []), at('11:00:00')), undefined)
})

test.run()
