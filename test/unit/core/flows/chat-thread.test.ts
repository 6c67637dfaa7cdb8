import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { issueRef, recordThread } from '../../../../lib/core/flows/chat-thread.ts'
import { memoryLog } from '../../../../lib/core/log.ts'

const MARKER = '<!-- deploy-failure-reporter:slack-thread channel=C0DEPLOY ts=1712345678.000100 -->'
const thread = { channel: 'C0DEPLOY', ts: '1712345678.000100' }

const fakeTracker = (fail?: Error) => {
  const updates: [number, string][] = []
  return {
    updates,
    limits: { title: 256, body: 65_536 },
    async updateBody(number: number, body: string) {
      if (fail) throw fail
      updates.push([number, body])
    },
  }
}

test('issueRef carries the recorded thread, or none', () => {
  assert.equal(issueRef({ number: 3, url: 'u', body: `report\n${MARKER}\n` }), { number: 3, url: 'u', thread })
  assert.equal(issueRef({ number: 3, url: 'u', body: 'report\n' }), { number: 3, url: 'u' })
})

test('recordThread appends the marker once, after the notice that started the thread', async () => {
  const tracker = fakeTracker()
  const log = memoryLog()
  await recordThread(tracker, { number: 3, body: 'report\n' }, { ok: true, thread }, log)
  assert.equal(tracker.updates, [[3, `report\n${MARKER}\n`]])
  await recordThread(tracker, { number: 3, body: `report\n${MARKER}\n` }, { ok: true, thread: { channel: 'C1', ts: '2.3' } }, log)
  await recordThread(tracker, { number: 4, body: 'report\n' }, { ok: true }, log)
  await recordThread(tracker, { number: 5, body: 'report\n' }, { ok: false, thread }, log)
  assert.is(tracker.updates.length, 1, 'an issue with a thread, a notice without one, or a failed post: nothing written')
  assert.equal(log.lines, [])
})

test('recordThread never throws: a refused update or a full body is one [WARN]', async () => {
  const log = memoryLog()
  await recordThread(fakeTracker(new Error('HTTP 403')), { number: 3, body: 'r' }, { ok: true, thread }, log)
  const full = fakeTracker()
  await recordThread(full, { number: 4, body: 'x'.repeat(65_500) }, { ok: true, thread }, log)
  assert.equal(full.updates, [])
  assert.equal(log.lines, [
    '[WARN] Could not record the chat thread on issue #3 (HTTP 403); later notices will start a new thread',
    '[WARN] Could not record the chat thread on issue #4: the body has no room left for it',
  ])
})

test.run()
