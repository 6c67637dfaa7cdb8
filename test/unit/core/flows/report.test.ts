// When the failure notice goes out: a notice that names no issue (the spec's {"text"}) leaves once this
// run's issue is filed, while the look for issues filed at the same time is still open; one that names
// the issue waits for that look and names the survivor.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChatEvent, ChatNotifier } from '../../../../lib/core/chat.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { fileReport } from '../../../../lib/core/flows/report.ts'
import { renderTitle } from '../../../../lib/core/text/issue.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'
import { memoryTracker } from '../../../helpers/memory-tracker.ts'

const retry = { retryAttempts: 1, retryDelaySeconds: 0 }

// A tracker whose second list (the look after the create) is held until released, recording what
// happened meanwhile; `racer` files the same title first, as a concurrent run would.
function heldRecheck(racer = false) {
  const tracker = memoryTracker()
  const order: string[] = []
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let lists = 0
  const openIssues = tracker.openIssues.bind(tracker)
  const create = tracker.createIssue.bind(tracker)
  return {
    tracker: {
      ...tracker,
      async *openIssues(query: Parameters<typeof tracker.openIssues>[0]) {
        if (++lists === 2) {
          order.push('look after the create')
          await held
        }
        yield* openIssues(query)
      },
      async createIssue(issue: Parameters<typeof tracker.createIssue>[0]) {
        if (racer) await create(issue) // the concurrent run's, numbered first
        order.push('create')
        return create(issue)
      },
    },
    order,
    release,
  }
}

const notifier = (namesIssue: boolean | undefined, order: string[], release: () => void, sent: ChatEvent[]): ChatNotifier => ({
  format: 'test',
  host: 'chat.test',
  ...(namesIssue === undefined ? {} : { namesIssue }),
  async send(event) {
    order.push('chat')
    sent.push(event)
    release()
    return { ok: true, status: 200 }
  },
})

test('a notice that names no issue goes out while the look after the create is still open', async () => {
  const { tracker, order, release } = heldRecheck()
  const sent: ChatEvent[] = []
  const failure = { ...SAMPLE_FAILURE, time: new Date() }
  // Only the notice releases the look: a notice that waited for it would never go out.
  const outcome = await fileReport(tracker, notifier(false, order, release, sent), retry, failure, memoryLog())
  assert.equal(order, ['create', 'chat', 'look after the create'])
  assert.is(outcome.outcome, 'created')
  assert.equal(sent, [{ kind: 'failure', failure }])
})

test('a notice that names the issue waits for the look and names the older issue a concurrent run filed', async () => {
  const { tracker, order, release } = heldRecheck(true)
  const sent: ChatEvent[] = []
  const failure = { ...SAMPLE_FAILURE, time: new Date() }
  setTimeout(release, 20) // nothing else releases the look: the notice must not be what does
  const outcome = await fileReport(tracker, notifier(undefined, order, release, sent), retry, failure, memoryLog())
  assert.equal(order, ['create', 'look after the create', 'chat'])
  assert.is(outcome.outcome, 'duplicate')
  assert.is(outcome.number, 1)
  assert.equal(sent, [{ kind: 'failure', failure, issue: { number: 1, url: 'memory://issues/1' } }])
  assert.is(renderTitle(failure), outcome.title)
})

test('a create that failed sends the notice once, afterwards, as before', async () => {
  const tracker = memoryTracker()
  tracker.createIssue = async () => {
    throw Object.assign(new Error('refused'), { status: 422 })
  }
  const sent: ChatEvent[] = []
  const failure = { ...SAMPLE_FAILURE, time: new Date() }
  await fileReport(tracker, notifier(false, [], () => {}, sent), retry, failure, memoryLog()).catch(() => {})
  assert.equal(sent, [{ kind: 'failure', failure }])
})

test.run()
