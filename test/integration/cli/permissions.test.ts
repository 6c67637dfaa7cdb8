// An identity without push access: GitHub files its issues without labels, silently. The reporter says
// so after the create, and the doctor says so before the first run.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { FAST_ENV, FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import { TRIAGE_ONLY } from '../../helpers/loopback-github.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: { permissions: TRIAGE_ONLY } })

const env = () => servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, REPORT_WRITE_INTERVAL: '0.01' })
const warnings = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('[WARN]'))

test('labels dropped on create: the issue is filed, one [WARN] says dedup will not see it and why', async () => {
  const r = await runInProcess('report.mts', ['Deploy job failed'], env())
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gh.issues[0]!.html_url}\n`)
  assert.equal(servers.gh.issues[0]!.labels, [], 'the server dropped the labels')
  const warned = warnings(r.stderr)
  assert.is(warned.length, 1, r.stderr)
  assert.match(warned[0]!, /^\[WARN\] Issue #1 was filed without the label auto-deploy-failure, so deduplication will not see it/)
  assert.match(warned[0]!, /lacks push access/)

  // And that is what happens: the next run cannot see it and files the same failure again.
  const again = await runInProcess('report.mts', ['Deploy job failed'], env())
  assert.is(again.code, 0, again.stderr)
  assert.is(servers.gh.openIssues(fixedTitle()).length, 2)
  assert.is(warnings(again.stderr).length, 1)
})

test('with push access the labels are kept and nothing is said', async () => {
  servers.gh.permissions = { ...servers.gh.permissions, push: true }
  const r = await runInProcess('report.mts', ['Deploy job failed'], env())
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.equal(servers.gh.issues[0]!.labels.map((l) => l.name), ['auto-deploy-failure', 'ops'])
})

test('doctor fails before the first run, naming the missing permission and the missing scope; reads only', async () => {
  servers.gh.oauthScopes = 'read:org'
  const r = await runInProcess('doctor.mts', [], env())
  assert.is(r.code, 1)
  assert.match(r.stdout, /^✓ repository readable: acme\/shop, 42 stars$/m)
  assert.match(r.stdout, /^✗ permission push missing on acme\/shop \(has: triage, pull\): GitHub silently drops the labels of new issues/m)
  assert.match(r.stdout, /^✗ token scope repo missing \(has: read:org\)/m)
  assert.match(r.stderr, /^\[ERROR\] 2 of 11 checks failed$/m)
  assert.ok(servers.gh.requests.every((q) => q.method === 'GET'))
})

test.run()
