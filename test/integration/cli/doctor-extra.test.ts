// The doctor with REPORT_LABELS and REPORT_ASSIGNEES: each extra label must exist, each assignee be assignable.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })

test('extra labels and assignees in place: one ✓ line each, after the spec\'s labels', async () => {
  servers.gh.labels.add('env:staging')
  servers.gh.assignable.add('mona-lisa')
  const r = await runInProcess('doctor.mts', [], servers.gh.env({ REPORT_LABELS: 'env:staging', REPORT_ASSIGNEES: 'octocat,mona-lisa' }))
  assert.is(r.code, 0, r.stderr)
  const out = r.stdout.split('\n')
  const at = out.indexOf('✓ label ops exists')
  assert.equal(out.slice(at + 1, at + 4), ['✓ label env:staging exists', '✓ assignee octocat can be assigned', '✓ assignee mona-lisa can be assigned'])
  assert.equal(servers.gh.calls('GET', /\/assignees\//).map((q) => q.path), ['/repos/acme/shop/assignees/octocat', '/repos/acme/shop/assignees/mona-lisa'])
})

test('a missing label (created with the first issue, as the identity may push) and an assignee without access: exit 1', async () => {
  const r = await runInProcess('doctor.mts', [], servers.gh.env({ REPORT_LABELS: 'severity:high', REPORT_ASSIGNEES: 'stranger' }))
  assert.is(r.code, 1)
  assert.match(r.stdout, /^✓ label severity:high missing: GitHub creates it with the first issue, as the identity may push$/m)
  assert.match(r.stdout, /^✗ assignee stranger cannot be assigned in acme\/shop: check REPORT_ASSIGNEES, and that stranger has access$/m)
})

test.run()
