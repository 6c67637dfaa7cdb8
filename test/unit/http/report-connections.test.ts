import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { reportConnections } from '../../../lib/http/preconnect.ts'

const none = { fileAfter: false, flap: false, changes: false }

test('one connection per API request a report has in flight at once, on each tracker', () => {
  for (const tracker of ['github', 'gitlab'] as const) {
    assert.is(reportConnections({ tracker, ...none }), 1, `${tracker}: the duplicate check alone`)
    assert.is(reportConnections({ tracker, ...none, fileAfter: true }), 2, `${tracker}: the run streak beside it`)
    assert.is(reportConnections({ tracker, ...none, fileAfter: true, flap: true }), 3, `${tracker}: and the flap record`)
  }
  // GitHub: the pull requests and the deployments beside the check, then two statuses and the guess's
  // comparison while the pull requests may still be on the wire.
  assert.is(reportConnections({ tracker: 'github', ...none, changes: true }), 4)
  // GitLab: the merge requests and the last good deployment beside the check, then the comparison.
  assert.is(reportConnections({ tracker: 'gitlab', ...none, changes: true }), 3)
  // Each read adds its own: a sum, never the largest of them.
  assert.is(reportConnections({ tracker: 'github', fileAfter: true, flap: true, changes: true }), 6)
})

test.run()
