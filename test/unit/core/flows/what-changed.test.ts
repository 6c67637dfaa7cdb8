// Asking what changed: the sources in order, the checkout before the service, the one deadline, and one
// [WARN] (no section) for anything that fails.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { BaseGone, ChangesUnavailable, type ChangesService, type CommitHistory, type Comparison, type LastGood } from '../../../../lib/core/changes.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { readWhatChanged } from '../../../../lib/core/flows/what-changed.ts'

const BASE = 'a'.repeat(40)
const HEAD = 'b'.repeat(40)
const C1 = '1'.repeat(40)
const AHEAD: Comparison = { status: 'ahead', commits: [{ sha: C1, subject: 'fix', author: 'Ada' }], total: 1, behindBy: 0 }

const service = (over: Partial<ChangesService> & { found?: (LastGood | null | undefined)[] } = {}): ChangesService & { calls: string[] } => {
  const calls: string[] = []
  const found = over.found ?? [{ sha: BASE, source: 'deployments' }]
  return {
    service: 'Test',
    sources: found.map((answer, i) => ({ name: `source ${i}`, find: async () => (calls.push(`source ${i}`), answer) })),
    remote: { name: 'remote', compare: async (base, head) => (calls.push(`compare ${base.slice(0, 1)}...${head.slice(0, 1)}`), AHEAD) },
    pulls: { pullsOf: async (shas) => (calls.push(`pulls ${shas.length}`), new Map([[C1, { number: 4, title: 'Fix', author: 'ada', url: 'https://x/4' }]])) },
    compareUrl: (base, head) => `https://x/compare/${base}...${head}`,
    calls,
    ...over,
  }
}

const REQUEST = { head: HEAD, timeoutMs: 2_000, known: [] }

test('the first source that answers wins; a source with nothing recorded passes to the next', async () => {
  const s = service({ found: [undefined, { sha: BASE, source: 'runs' }, { sha: 'c'.repeat(40), source: 'never' }] })
  const log = memoryLog()
  const changes = await readWhatChanged(s, undefined, REQUEST, log)
  assert.equal(s.calls, ['source 0', 'source 1', 'compare a...b', 'pulls 1'])
  assert.is(changes?.status, 'ahead')
  assert.is(changes?.source, 'runs')
  assert.equal(changes?.pulls.map((p) => p.number), [4])
  assert.equal([...changes!.pullOf], [[C1, 4]])
  assert.equal(log.lines, [])
})

test('REPORT_LAST_GOOD_SHA wins over every service source; the same commit is identical without a request', async () => {
  const s = service()
  const changes = await readWhatChanged(s, undefined, { ...REQUEST, lastGoodSha: HEAD.slice(0, 7) }, memoryLog())
  assert.equal(s.calls, [])
  assert.is(changes?.status, 'identical')
  assert.is(changes?.source, 'REPORT_LAST_GOOD_SHA')
})

test('a source that records deploys but no good one (null) ends the search: no earlier good deploy', async () => {
  const s = service({ found: [null, { sha: BASE, source: 'never' }] })
  const changes = await readWhatChanged(s, undefined, REQUEST, memoryLog())
  assert.equal(s.calls, ['source 0'])
  assert.is(changes?.status, 'none')
  assert.is(changes?.base, null)
})

test('a source that read only the newest deployments, none good, ends the search too, and says how many it read', async () => {
  const among = { count: 10, of: 'deployments' }
  const asked: string[] = []
  const source = (name: string, answer: { among: typeof among } | LastGood) => ({ name, find: async () => (asked.push(name), answer) })
  const s = service({ sources: [source('source 0', { among }), source('source 1', { sha: BASE, source: 'never' })] })
  const changes = await readWhatChanged(s, undefined, REQUEST, memoryLog())
  assert.equal([changes?.status, changes?.base, changes?.among], ['none', null, among])
  assert.equal(asked, ['source 0'])
  assert.equal(s.calls, [], 'nothing compared')
})

test('a checkout holding both commits compares them: the service compares nothing', async () => {
  const s = service()
  const local: CommitHistory = { name: 'checkout', holds: async () => true, compare: async () => AHEAD }
  const changes = await readWhatChanged(s, local, REQUEST, memoryLog())
  assert.equal(s.calls, ['source 0', 'pulls 1'])
  assert.is(changes?.total, 1)
})

test('a 404 on compare is the base gone; other failures are one [WARN] and no section', async () => {
  const gone = service({ remote: { name: 'remote', compare: async (base) => Promise.reject(new BaseGone(base)) } })
  assert.is((await readWhatChanged(gone, undefined, REQUEST, memoryLog()))?.status, 'gone')
  const log = memoryLog()
  const refused = service({ pulls: { pullsOf: async () => Promise.reject(new ChangesUnavailable('GitHub refused (HTTP 403)', 'give it pull-requests: read')) } })
  assert.is(await readWhatChanged(refused, undefined, REQUEST, log), undefined)
  assert.equal(log.lines, ['[WARN] Could not read the pull requests of the commits (Test) to say what changed: GitHub refused (HTTP 403); give it pull-requests: read. The issue is filed without its What changed section'])
})

test('the deadline covers every request together: a stuck source is one [WARN] naming REPORT_CHANGES_TIMEOUT', async () => {
  const s = service({ sources: [{ name: 'stuck', find: () => new Promise(() => {}) }] })
  const log = memoryLog()
  const started = Date.now()
  assert.is(await readWhatChanged(s, undefined, { ...REQUEST, timeoutMs: 50 }, log), undefined)
  assert.ok(Date.now() - started < 1_000)
  assert.match(log.lines.join('\n'), /Could not read stuck to say what changed: it took longer than REPORT_CHANGES_TIMEOUT \(0.05 s\); raise REPORT_CHANGES_TIMEOUT, or set REPORT_CHANGES=off/)
})

test('a commit that is not an id (unknown) is one [WARN] and no request', async () => {
  const s = service()
  const log = memoryLog()
  assert.is(await readWhatChanged(s, undefined, { ...REQUEST, head: 'unknown' }, log), undefined)
  assert.equal(s.calls, [])
  assert.match(log.lines[0]!, /set CI_COMMIT_SHA/)
})

test.run()
