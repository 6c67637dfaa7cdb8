// The deploy's facts from a git that hangs (a lock, a slow disk, a prompt, a partial clone's lazy fetch):
// with CI_COMMIT_SHA and CI_COMMIT_MESSAGE unset, git is asked for the commit and its message, and a git
// that has not answered within REPORT_TIMEOUT is killed. The facts then fall back as the spec says when
// git has no answer (the commit `unknown`; the message from the Actions event, else `unknown`), the issue
// is still filed, the run ends, and no git is left running. Real processes, so that the run's exit and
// git's are seen: an after-script held by its git is the failure guarded here.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeGit } from '../helpers/fake-git.ts'
import { FAST_ENV } from '../helpers/fixtures.ts'
import { runScript, today } from '../helpers/helpers.ts'
import { useLoopback } from '../helpers/servers.ts'

const servers = useLoopback(test, { github: true, tmpdir: 'facts-git-' })

// The fake git sleeps 300 s: a run that waited for it would be killed (and fail) at this bound instead.
const RUN_BOUND_MS = 30_000

const created = () => servers.gh.calls('POST', /\/issues$/)[0]!.json as { title: string; body: string }

test('a git that hangs for the commit and its message: killed at REPORT_TIMEOUT with what it started, one [WARN], the issue filed with `unknown`, no git left', async () => {
  // Each git also starts a child that hangs (a lazy fetch, a credential helper) and holds git's output.
  const git = fakeGit(servers.dir, { child: true })
  try {
    const env = servers.gh.env({ ...FAST_ENV, DEPLOY_ENV: 'staging', PATH: `${git.bin}:${process.env.PATH}`, REPORT_TIMEOUT: '1' })
    const r = await runScript('report.mts', ['Deploy job failed'], env, { cwd: servers.dir, timeoutMs: RUN_BOUND_MS })
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '[WARN] git did not answer within REPORT_TIMEOUT (1 s) and was stopped: the commit and its message are read as if there were no checkout. Set CI_COMMIT_SHA and CI_COMMIT_MESSAGE, or raise REPORT_TIMEOUT\n')
    assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
    assert.is(created().title, `[DEPLOY FAIL] staging — unknown — ${today()}`)
    assert.match(created().body, /\*\*Commit:\*\* `unknown`/)
    assert.match(created().body, /\n### Commit Message\n```\nunknown\n```\n/)
    assert.equal(git.calls().map((call) => call.command).sort(), ['log', 'rev-parse'])
    assert.is(git.children().length, 2, 'each git started its child')
    // Neither read may wait on a prompt, nor fetch from the network (lib/run/git-process.ts, gitEnv).
    assert.ok(git.calls().every((call) => call.terminalPrompt === '0' && call.noLazyFetch === '1'), JSON.stringify(git.calls()))
    assert.equal(await git.settled(), [], 'every git the run started has ended, and every child of theirs')
  } finally {
    git.killAll()
  }
})

test('in GitHub Actions, a git log that hangs: the message comes from the run\'s event, as when git has none', async () => {
  const git = fakeGit(servers.dir)
  try {
    const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
    const event = join(servers.dir, 'event.json')
    writeFileSync(event, JSON.stringify({ head_commit: { id: sha, message: 'Keep order totals in their own table' } }))
    const env = servers.gh.env({ ...FAST_ENV, DEPLOY_ENV: 'staging', PATH: `${git.bin}:${process.env.PATH}`, REPORT_TIMEOUT: '1', GITHUB_ACTIONS: 'true', GITHUB_SHA: sha, GITHUB_EVENT_PATH: event })
    const r = await runScript('report.mts', ['Deploy job failed'], env, { cwd: servers.dir, timeoutMs: RUN_BOUND_MS })
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '[WARN] git did not answer within REPORT_TIMEOUT (1 s) and was stopped: the commit message is read as if there were no checkout. Set CI_COMMIT_MESSAGE, or raise REPORT_TIMEOUT\n')
    assert.is(created().title, `[DEPLOY FAIL] staging — ${sha.slice(0, 7)} — ${today()}`)
    assert.match(created().body, /\n### Commit Message\n```\nKeep order totals in their own table\n```\n/)
    assert.equal(git.calls().map((call) => call.command), ['log'], 'the commit comes from GITHUB_SHA: git is asked only for the message')
    assert.equal(await git.settled(), [], 'every git the run started has ended')
  } finally {
    git.killAll()
  }
})

test('resolve, whose commit git is asked for: killed at REPORT_TIMEOUT, the run ends, no git left', async () => {
  const git = fakeGit(servers.dir)
  try {
    const env = servers.gh.env({ ...FAST_ENV, DEPLOY_ENV: 'staging', PATH: `${git.bin}:${process.env.PATH}`, REPORT_TIMEOUT: '1' })
    const r = await runScript('resolve.mts', [], env, { cwd: servers.dir, timeoutMs: RUN_BOUND_MS })
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '[WARN] git did not answer within REPORT_TIMEOUT (1 s) and was stopped: the commit is read as if there were no checkout. Set CI_COMMIT_SHA, or raise REPORT_TIMEOUT\n')
    assert.equal(git.calls().map((call) => call.command), ['rev-parse'])
    assert.equal(await git.settled(), [], 'every git the run started has ended')
  } finally {
    git.killAll()
  }
})

test.run()
