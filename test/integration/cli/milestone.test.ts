// REPORT_MILESTONE against the loopback GitHub and GitLab: looked up by title (GitHub: among
// open milestones, page after page; GitLab: active ones, by title) and set on the new issue; a missing
// one is a single [WARN] and the issue is still filed.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXED_ENV } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { githubMilestones, gitlabMilestones } from '../../helpers/loopback-milestones.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const servers = useLoopback(test, { github: true, gitlab: true, tmpdir: 'dfr-milestone-' })

test('GitHub: found on the second page of open milestones and set by number; closed ones are skipped', async () => {
  const titles = Array.from({ length: 150 }, (_, i) => `Sprint ${i + 1}`)
  githubMilestones(servers.gh, [{ title: 'Q4 2026', state: 'closed' }, ...titles, 'Q4 2026'])
  const r = await runInProcess('report.mts', ['x'], servers.gh.env({ ...FIXED_ENV, ...FAST, REPORT_MILESTONE: 'Q4 2026' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const lists = servers.gh.calls('GET', /\/milestones$/)
  assert.equal(lists.map((q) => [q.query.get('state'), q.query.get('page') ?? '1']), [['open', '1'], ['open', '2']])
  const create = servers.gh.calls('POST', /\/issues$/)[0]!.json as { milestone?: number }
  assert.is(create.milestone, 152, 'the open one, by its number')
})

test('GitHub: a milestone that is not there is one [WARN]; the issue is filed without one', async () => {
  githubMilestones(servers.gh, ['Backlog'])
  const r = await runInProcess('report.mts', ['x'], servers.gh.env({ ...FIXED_ENV, ...FAST, REPORT_MILESTONE: 'Q4 2026' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '[WARN] Milestone "Q4 2026" is not an open milestone of acme/shop; the issue is filed without it (REPORT_MILESTONE)\n')
  assert.is(servers.gh.openIssues().length, 1)
  assert.not.ok('milestone' in (servers.gh.calls('POST', /\/issues$/)[0]!.json as object))
})

test('GitHub: a template\'s milestone is used; REPORT_MILESTONE wins over it', async () => {
  githubMilestones(servers.gh, ['From template', 'From env'])
  const file = join(servers.dir, 't.md')
  writeFileSync(file, '---\nmilestone: From template\n---\n{{default_body}}')
  const r = await runInProcess('report.mts', ['x'], servers.gh.env({ ...FIXED_ENV, ...FAST, REPORT_TEMPLATE: file }))
  assert.is(r.code, 0, r.stderr)
  assert.is((servers.gh.calls('POST', /\/issues$/)[0]!.json as { milestone?: number }).milestone, 1)
  await servers.restart()
  githubMilestones(servers.gh, ['From template', 'From env'])
  const again = await runInProcess('report.mts', ['x'], servers.gh.env({ ...FIXED_ENV, ...FAST, REPORT_TEMPLATE: file, REPORT_MILESTONE: 'From env' }))
  assert.is(again.code, 0, again.stderr)
  assert.is((servers.gh.calls('POST', /\/issues$/)[0]!.json as { milestone?: number }).milestone, 2)
})

test('GitLab: looked up by title among active milestones and sent as milestone_id', async () => {
  gitlabMilestones(servers.gl, ['Backlog', { title: 'Q4 2026', state: 'closed' }, 'Q4 2026'])
  const r = await runInProcess('report.mts', ['x'], servers.gl.env({ ...FIXED_ENV, ...FAST, REPORT_MILESTONE: 'Q4 2026' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const [list] = servers.gl.calls('GET', /\/milestones$/)
  assert.is(list!.query.get('title'), 'Q4 2026')
  assert.is(list!.query.get('state'), 'active')
  assert.is((servers.gl.calls('POST', /\/issues$/)[0]!.json as { milestone_id?: number }).milestone_id, 72)
})

test('GitLab: a milestone that is not there is one [WARN]; the issue is filed without one', async () => {
  gitlabMilestones(servers.gl, ['Backlog'])
  const r = await runInProcess('report.mts', ['x'], servers.gl.env({ ...FIXED_ENV, ...FAST, REPORT_MILESTONE: 'Q4 2026' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '[WARN] Milestone "Q4 2026" is not an open milestone of acme/platform/shop; the issue is filed without it (REPORT_MILESTONE)\n')
  assert.is(servers.gl.issues.length, 1)
})

test('doctor: the milestone is found, or not, on either tracker', async () => {
  githubMilestones(servers.gh, ['Q4 2026'])
  gitlabMilestones(servers.gl, ['Q4 2026'])
  const gh = await runInProcess('doctor.mts', [], servers.gh.env({ ...FAST, REPORT_MILESTONE: 'Q4 2026' }))
  assert.match(gh.stdout, /^✓ milestone "Q4 2026" found$/m)
  const gl = await runInProcess('doctor.mts', [], servers.gl.env({ ...FAST, REPORT_MILESTONE: 'Q4 2026' }))
  assert.match(gl.stdout, /^✓ milestone "Q4 2026" found$/m)
  const missing = await runInProcess('doctor.mts', [], servers.gh.env({ ...FAST, REPORT_MILESTONE: 'Q1 2027' }))
  assert.is(missing.code, 1)
  assert.match(missing.stdout, /^✗ milestone "Q1 2027" is not an open milestone of acme\/shop: create it, or check REPORT_MILESTONE/m)
})

test('doctor and report ask for milestones with named parameters only: no token, webhook or other setting in the address', async () => {
  githubMilestones(servers.gh, ['Q4 2026'])
  const env = servers.gh.env({ ...FIXED_ENV, ...FAST, REPORT_MILESTONE: 'Q4 2026' })
  assert.is((await runInProcess('doctor.mts', [], env)).code, 0)
  assert.is((await runInProcess('report.mts', ['x'], env)).code, 0)
  const lists = servers.gh.calls('GET', /\/milestones$/)
  assert.is(lists.length, 2, 'one lookup each')
  for (const q of lists) {
    assert.equal([...q.query.keys()].sort(), ['per_page', 'state'], q.query.toString())
    assert.not.ok(q.query.toString().includes(servers.gh.token), 'the token is not in the address')
  }
})

test.run()
