// The resolver's comment and chat notice say how long the environment failed and in how many runs.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChatEvent, ChatNotifier } from '../../../../lib/core/chat.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { OCCURRENCE_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { resolveRecovery } from '../../../../lib/core/flows/resolve.ts'
import { memoryTracker } from '../../../helpers/memory-tracker.ts'

test('each comment carries its issue\'s outage; the notice, the environment\'s whole outage', async () => {
  const tracker = memoryTracker()
  const issue = (number: number, sha: string, createdAt: string, occurrences: number) => ({
    number,
    title: `[DEPLOY FAIL] prod — ${sha} — 2026-11-05`,
    body: '',
    labels: ['auto-deploy-failure', 'ops'],
    state: 'open' as const,
    createdAt: new Date(createdAt),
    comments: Array.from({ length: occurrences }, (_, i) => ({ id: 100 * number + i, body: `${OCCURRENCE_MARKER}\n### Failed again`, url: 'memory://c' })),
  })
  tracker.issues.push(issue(1, 'abc', '2026-11-05T10:00:00Z', 2), issue(2, 'def', '2026-11-05T11:00:00Z', 0))
  const sent: ChatEvent[] = []
  const chat: ChatNotifier = { format: 'slack', host: 'chat.example', send: async (event) => (sent.push(event), { ok: true }) }
  const recovery = { environment: 'prod', commitSha: 'c0ffee1', pipelineUrl: 'https://ci.example/p/3', time: new Date('2026-11-05T12:13:00Z') }

  await resolveRecovery(tracker, chat, { retryAttempts: 1, retryDelaySeconds: 0 }, recovery, memoryLog())

  const recoveryComment = (n: number) => tracker.issues[n - 1]!.comments.at(-1)!.body
  assert.match(recoveryComment(1), 'succeeded, so this issue is closed automatically.\n\nRecovered after 2 h 13 min and 3 failed runs\n\n**Commit:**')
  assert.match(recoveryComment(2), '\n\nRecovered after 1 h 13 min and 1 failed run\n\n')
  assert.equal(sent.map((e) => (e.kind === 'recovery' ? e.recovered : undefined)), ['Recovered after 2 h 13 min and 4 failed runs'])
})

test.run()
