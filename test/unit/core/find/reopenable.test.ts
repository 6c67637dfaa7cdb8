// Finding the issue a recovery closed, read-only; and the reads' order that lets concurrent runs agree.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { findRecovered, occurrenceOnRecovered, type Recovered } from '../../../../lib/core/find/reopenable.ts'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { REGRESSION_MARKER } from '../../../../lib/core/find/regression.ts'
import { renderTitle } from '../../../../lib/core/text/issue.ts'
import type { Tracker } from '../../../../lib/core/tracker.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'
import { memoryTracker } from '../../../helpers/memory-tracker.ts'

const failure = { ...SAMPLE_FAILURE, time: new Date() }
const key = { group: 'title' as const, title: renderTitle({ ...failure, commitSha: 'bad0002' }), time: failure.time }
const WINDOW = { reopenWindowHours: 1 }

/** A memory tracker holding one issue for `staging` that the resolver closed a minute ago. */
function recovered() {
  const tracker = memoryTracker()
  tracker.issues.push({
    number: 1,
    title: renderTitle({ ...failure, commitSha: 'bad0001' }),
    body: '',
    labels: ['auto-deploy-failure', 'ops'],
    state: 'closed',
    createdAt: new Date(Date.now() - 600_000),
    closedAt: new Date(Date.now() - 60_000),
    comments: [{ id: 1, body: `${RECOVERY_MARKER}\n### Deploy recovered\n`, url: 'memory://issues/1#note-1' }],
  })
  return tracker
}

test('the issue the resolver closed within the window is found closed; none with reopening off or for another environment', async () => {
  const tracker = recovered()
  const found = await findRecovered(tracker, WINDOW, key)
  assert.equal([found?.issue.number, found?.open, found?.recoveredAt], [1, false, tracker.issues[0]!.closedAt])
  assert.is(await findRecovered(tracker, { reopenWindowHours: 0 }, key), undefined)
  const other = { ...key, title: renderTitle({ ...failure, environment: 'staging-eu' }) }
  assert.is(await findRecovered(tracker, WINDOW, other), undefined)
  assert.not.ok(tracker.calls.some((c) => c !== 'closedIssues' && c !== 'listComments' && c !== 'openIssues'), 'reads only')
})

test('a concurrent run reopening it while the closed list is read: the open issues, read after, show it', async () => {
  const tracker = recovered()
  // The closed list is answered as it is after the other run's reopen; the open list is read only then.
  const racing: Tracker = {
    ...tracker,
    async *closedIssues(query) {
      tracker.issues[0]!.state = 'open'
      yield* tracker.closedIssues(query)
    },
  }
  const found = await findRecovered(racing, WINDOW, key)
  assert.equal([found?.issue.number, found?.open], [1, true])
  assert.equal(tracker.calls.filter((c) => c.endsWith('Issues')), ['closedIssues', 'openIssues'])
})

test('an open issue without a recovery comment, or of another environment, is not one a concurrent run reopened', async () => {
  const tracker = recovered()
  tracker.issues[0]!.state = 'open'
  tracker.issues[0]!.comments = []
  assert.is(await findRecovered(tracker, WINDOW, key), undefined)
})

test('the first occurrence after the recovery says "failed again N minutes after recovery"; later ones are ordinary', () => {
  const at = new Date(failure.time.getTime() - 7 * 60_000)
  const issue = { number: 1, title: 't', url: 'u', body: '', labels: [], state: 'open' as const }
  const found: Recovered = { issue, open: true, recoveredAt: at }
  const recovery = { id: 1, body: `${RECOVERY_MARKER}\n`, url: 'u' }
  const first = occurrenceOnRecovered(found, [recovery], failure)
  assert.equal([first.occurrence, first.first], [2, true])
  assert.ok(first.body.startsWith(`${OCCURRENCE_MARKER}\n${REGRESSION_MARKER}\n### Failed again 7 minutes after recovery: occurrence 2\n`), first.body)
  const later = occurrenceOnRecovered(found, [recovery, { id: 2, body: first.body, url: 'u' }], failure)
  assert.equal([later.occurrence, later.first], [3, false])
  assert.ok(later.body.startsWith(`${OCCURRENCE_MARKER}\n### Failed again: occurrence 3\n`), later.body)
  assert.match(occurrenceOnRecovered({ ...found, recoveredAt: undefined }, [recovery], failure).body, /Failed again 0 minutes after recovery/)
})

test.run()
