// A GitHub Actions job with no checkout: the commit message comes from the run's event file, not
// `unknown` (the spec: "message of the last commit, else unknown"); git is still asked first, a real git in a
// folder that is no repository (a process: hence test/e2e).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV } from '../helpers/fixtures.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { useLoopback } from '../helpers/servers.ts'

const servers = useLoopback(test, { github: true, tmpdir: 'event-commit-' })

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'

const body = () => (servers.gh.calls('POST', /\/issues$/).at(-1)!.json as { body: string }).body

test('no checkout (not a git folder): the message of the push event\'s head commit, the run\'s own', async () => {
  const path = join(servers.dir, 'event.json')
  writeFileSync(path, JSON.stringify({ head_commit: { id: SHA, message: 'Keep order totals in their own table\n\nBackfill in batches.' } }))
  const env = servers.gh.env({ ...FAST_ENV, DEPLOY_ENV: 'production', GITHUB_ACTIONS: 'true', GITHUB_SHA: SHA, GITHUB_EVENT_PATH: path })
  const r = await runInProcess('report.mts', ['Deploy job failed'], env, { cwd: servers.dir })
  assert.is(r.code, 0, r.stderr)
  assert.match(body(), /\n### Commit Message\n```\nKeep order totals in their own table\n\nBackfill in batches\.\n```\n/)
})

test('an event about another commit: `unknown`, as the spec says', async () => {
  const path = join(servers.dir, 'event.json')
  writeFileSync(path, JSON.stringify({ head_commit: { id: 'f'.repeat(40), message: 'Another commit' } }))
  const env = servers.gh.env({ ...FAST_ENV, DEPLOY_ENV: 'production', GITHUB_ACTIONS: 'true', GITHUB_SHA: SHA, GITHUB_EVENT_PATH: path })
  const r = await runInProcess('report.mts', ['Deploy job failed'], env, { cwd: servers.dir })
  assert.is(r.code, 0, r.stderr)
  assert.match(body(), /\n### Commit Message\n```\nunknown\n```\n/)
})

test.run()
