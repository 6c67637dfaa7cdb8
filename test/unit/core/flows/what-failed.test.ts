// Asking a CI what failed: the deadline, the warnings, and what is kept when part of it fails.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { CiReader, FailedJob } from '../../../../lib/core/ci.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import { readWhatFailed } from '../../../../lib/core/flows/what-failed.ts'
import { CiLogUnavailable } from '../../../../lib/core/errors.ts'

const job = (id: string, running = false): FailedJob => ({ id, name: `job ${id}`, url: `https://ci.example/${id}`, running, steps: [{ name: 'Deploy', number: 3, url: `https://ci.example/${id}#step:3:1` }] })
const REQUEST = { lines: 3, timeoutMs: 5_000, known: ['s3cr3t-value'], excerpts: true }

const reader = (jobs: FailedJob[], logTail: CiReader['logTail']): CiReader & { asked: string[] } => {
  const asked: string[] = []
  return { ci: 'Test CI', asked, failedJobs: async () => jobs, logTail: (j, lines, signal) => (asked.push(j.id), logTail(j, lines, signal)) }
}

test('up to three finished jobs get an excerpt, cleaned, scrubbed and cut to the lines asked; a running job gets none', async () => {
  const r = reader([job('1', true), job('2'), job('3'), job('4'), job('5')], async (j) => ['a', `\u001B[31mtoken s3cr3t-value\u001B[0m`, 'b', `end ${j.id}`])
  const log = memoryLog()
  const read = await readWhatFailed(r, REQUEST, log)
  assert.equal(r.asked, ['2', '3', '4'])
  assert.is(read!.failed.length, 5)
  assert.equal(read!.ciLogs.map((l) => l.text), ['token ***\nb\nend 2', 'token ***\nb\nend 3', 'token ***\nb\nend 4'])
  assert.equal(read!.ciLogs[0], { text: 'token ***\nb\nend 2', source: 'job 2 › Deploy', jobUrl: 'https://ci.example/2#step:3:1' })
  assert.equal(log.lines, [])
})

test('excerpts: false (an explicit --log) names the jobs and reads no log', async () => {
  const r = reader([job('1')], async () => ['x'])
  const read = await readWhatFailed(r, { ...REQUEST, excerpts: false }, memoryLog())
  assert.equal(r.asked, [])
  assert.equal(read, { failed: [job('1')], ciLogs: [] })
})

test('the job list failing is one [WARN] and nothing; a log failing is one [WARN] and the job stays named', async () => {
  const log = memoryLog()
  const failing: CiReader = { ci: 'Test CI', failedJobs: async () => Promise.reject(new CiLogUnavailable('no access; fix it')), logTail: async () => [] }
  assert.is(await readWhatFailed(failing, REQUEST, log), undefined)
  assert.equal(log.lines, ['[WARN] Could not read the failed jobs from Test CI: no access; fix it. The issue is filed without its What failed section'])

  const log2 = memoryLog()
  const r = reader([job('1'), job('2')], async (j) => (j.id === '1' ? Promise.reject(new CiLogUnavailable('gone')) : ['ok']))
  const read = await readWhatFailed(r, REQUEST, log2)
  assert.equal(read!.ciLogs.map((l) => l.text), ['ok'])
  assert.equal(log2.lines, ['[WARN] Could not read the log of the failed job "job 1" from Test CI: gone. The issue names the job without its log'])
})

test('the whole read is bounded: a reader that never answers is cut at the deadline', async () => {
  const log = memoryLog()
  const stuck: CiReader = { ci: 'Test CI', failedJobs: () => new Promise(() => {}), logTail: async () => [] }
  assert.is(await readWhatFailed(stuck, { ...REQUEST, timeoutMs: 50 }, log), undefined)
  assert.match(log.lines[0]!, /^\[WARN\] Could not read the failed jobs from Test CI: it took longer than REPORT_CI_LOG_TIMEOUT \(0\.05 s\)/)
})

test.run()
