import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'
import { memoryLog } from '../../../../lib/core/log.ts'
import type { Incident, Pager } from '../../../../lib/core/pager.ts'
import { incidentKey, pageRecovery, pageReport, pagesFor, type PageTarget } from '../../../../lib/core/flows/page.ts'
import { ApiError } from '../../../../lib/core/errors.ts'

const target: PageTarget = { tracker: 'github', project: 'acme/shop', severity: 'error', environments: [], retryAttempts: 3, retryDelaySeconds: 0 }
const issue = { number: 7, url: 'https://gh.example/acme/shop/issues/7', title: 'T' }

// A pager that fails the first `failures` calls with `error`, then succeeds; it records every call.
const fakePager = (failures = 0, error: unknown = new ApiError('throttled', { status: 429, transient: true })) => {
  const calls: (Incident | string)[] = []
  const step = async (what: Incident | string) => {
    calls.push(what)
    if (calls.length <= failures) throw error
  }
  const pager: Pager = { name: 'Pager', open: step, close: step }
  return { pager, calls }
}

test('incidentKey: tracker, repository and issue number', () => {
  assert.is(incidentKey('gitlab', 'g/sub/p', 3), 'deploy-failure-reporter/gitlab/g/sub/p#3')
  assert.is.not(incidentKey('github', 'acme/shop', 3), incidentKey('github', 'acme/shop', 4))
})

test('pagesFor: every environment when none are listed, else only those (exact names)', () => {
  assert.ok(pagesFor({ environments: [] }, 'staging'))
  assert.ok(pagesFor({ environments: ['production'] }, 'production'))
  assert.not.ok(pagesFor({ environments: ['production'] }, 'production-eu'))
})

test('pageReport: transient failures are retried quietly; success is one [INFO]', async () => {
  const { pager, calls } = fakePager(2)
  const log = memoryLog()
  await pageReport(pager, target, issue, SAMPLE_FAILURE, log)
  assert.is(calls.length, 3)
  assert.equal(log.lines, ['[INFO] Pager: incident open for #7'])
  const incident = calls[0] as Incident
  assert.is(incident.key, 'deploy-failure-reporter/github/acme/shop#7')
  assert.is(incident.summary, 'T')
  assert.equal(incident.links[0], { href: issue.url, text: 'Issue #7' })
})

test('pageReport: past the budget, or refused for good, one [WARN] and no throw', async () => {
  const { pager, calls } = fakePager(9)
  const log = memoryLog()
  await pageReport(pager, target, issue, SAMPLE_FAILURE, log)
  assert.is(calls.length, 3)
  assert.equal(log.lines, ['[WARN] Pager: could not open the incident for #7 (HTTP 429: throttled); the issue is unaffected'])

  const refused = fakePager(9, new ApiError('bad event', { status: 400, transient: false }))
  const log2 = memoryLog()
  await pageReport(refused.pager, target, issue, SAMPLE_FAILURE, log2)
  assert.is(refused.calls.length, 1, 'a 400 is not retried')
  assert.is(log2.lines.length, 1)
})

test('pageRecovery: one resolve per closed issue with its key; none for an environment that does not page', async () => {
  const { pager, calls } = fakePager()
  await pageRecovery(pager, target, 'staging', [3, 5], memoryLog())
  assert.equal(calls, ['deploy-failure-reporter/github/acme/shop#3', 'deploy-failure-reporter/github/acme/shop#5'])
  const quiet = fakePager()
  await pageRecovery(quiet.pager, { ...target, environments: ['production'] }, 'staging', [3], memoryLog())
  assert.is(quiet.calls.length, 0)
})

test.run()
