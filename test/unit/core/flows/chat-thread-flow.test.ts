// The thread a notice starts follows the issue through the core: recorded after the first notice,
// carried by the repeat and the recovery. An in-memory tracker and a notifier that answers with a thread.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChatEvent, ChatNotifier } from '../../../../lib/core/chat.ts'
import { renderBody } from '../../../../lib/core/text/issue.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { fileReport } from '../../../../lib/core/flows/report.ts'
import { resolveRecovery } from '../../../../lib/core/flows/resolve.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'
import { memoryTracker } from '../../../helpers/memory-tracker.ts'

const retry = { retryAttempts: 1, retryDelaySeconds: 0 }
const thread = { channel: 'C0DEPLOY', ts: '1764000001.000100' }
const threading = () => {
  const sent: ChatEvent[] = []
  // Like Slack's Web API: a top-level post answers its message id; a reply does not.
  const chat: ChatNotifier = {
    format: 'test',
    host: 'chat.test',
    send: async (event) => {
      sent.push(event)
      const replied = (event.kind === 'failure' || event.kind === 'recurrence') && event.issue?.thread
      return replied ? { ok: true } : { ok: true, thread }
    },
  }
  return { sent, chat }
}

test('created, notified, then the thread recorded at the end of the body; the repeat and the recovery carry it', async () => {
  const tracker = memoryTracker()
  const { sent, chat } = threading()
  const failure = { ...SAMPLE_FAILURE, time: new Date() }
  await fileReport(tracker, chat, retry, failure, memoryLog())
  const marker = `<!-- deploy-failure-reporter:slack-thread channel=${thread.channel} ts=${thread.ts} -->`
  assert.is(tracker.issues[0]!.body, `${renderBody(failure)}${marker}\n`)

  await fileReport(tracker, chat, { ...retry, onDuplicate: 'comment' }, failure, memoryLog())
  assert.equal(sent[1], { kind: 'recurrence', failure, issue: { number: 1, url: 'memory://issues/1', thread }, occurrence: 2 })
  assert.is(tracker.issues[0]!.body, `${renderBody(failure)}${marker}\n`, 'recorded once')

  const recovery = { environment: failure.environment, commitSha: 'c0ffee1', pipelineUrl: 'https://ci.example/p/9', time: new Date(Date.now() + 60_000) }
  await resolveRecovery(tracker, chat, retry, recovery, memoryLog())
  // Filed a minute before the recovery, and failed once more in between.
  assert.equal(sent[2], { kind: 'recovery', recovery, closed: [{ number: 1, url: 'memory://issues/1', thread }], recovered: 'Recovered after 1 min and 2 failed runs' })
})

test('a notifier without threads (webhooks) writes nothing more to the issue', async () => {
  const tracker = memoryTracker()
  const failure = { ...SAMPLE_FAILURE, time: new Date() }
  const chat: ChatNotifier = { format: 'test', host: 'chat.test', send: async () => ({ ok: true, status: 200 }) }
  await fileReport(tracker, chat, retry, failure, memoryLog())
  assert.is(tracker.issues[0]!.body, renderBody(failure))
})

test.run()
