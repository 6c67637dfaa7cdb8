import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { objectLookup } from '../../../lib/run/git-objects.ts'
import { lastCommitMessage, localHistory, shortSha } from '../../../lib/run/git.ts'
import { fakeGit, type FakeGit } from '../../helpers/fake-git.ts'

test('short hash and full message of HEAD, and undefined outside a repository', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'git-'))
  try {
    assert.is(await shortSha(dir), undefined)
    assert.is(await lastCommitMessage(dir), undefined)
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim()
    git('init', '-q')
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'Title with "quotes" and $HOME\n\nBody line')
    assert.is(await shortSha(dir), git('rev-parse', '--short', 'HEAD'))
    assert.is(await lastCommitMessage(dir), 'Title with "quotes" and $HOME\n\nBody line')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the checkout as a history: holds both commits or not (one git for both), and compares with parents, so a merge is seen', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'git-'))
  try {
    const outside = localHistory(dir)
    outside.warm!()
    assert.is(await outside.holds!('a'.repeat(40), 'b'.repeat(40)), false)
    outside.close!()
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, encoding: 'utf8' }).trim()
    git('init', '-q', '-b', 'main')
    git('commit', '-q', '--allow-empty', '-m', 'base')
    const base = git('rev-parse', 'HEAD')
    git('checkout', '-q', '-b', 'feature')
    git('commit', '-q', '--allow-empty', '-m', 'on the branch')
    const branch = git('rev-parse', 'HEAD')
    git('checkout', '-q', 'main')
    git('commit', '-q', '--allow-empty', '-m', 'on main')
    const main = git('rev-parse', 'HEAD')
    git('merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature')
    const head = git('rev-parse', 'HEAD')
    const tree = git('rev-parse', 'HEAD^{tree}')
    const history = localHistory(dir)
    assert.is(await history.holds!(base, head), true)
    assert.is(await history.holds!(base.slice(0, 7), head), true)
    assert.is(await history.holds!('c'.repeat(40), head), false)
    assert.is(await history.holds!(base, 'c'.repeat(40)), false)
    // A tree is an object the checkout holds, but not a commit.
    assert.is(await history.holds!(tree, head), false)
    const compared = await history.compare(base, head, new AbortController().signal)
    assert.equal([compared.status, compared.total], ['ahead', 3])
    const merge = compared.commits.find((commit) => commit.sha === head)!
    assert.equal([merge.subject, merge.parents], ['Merge feature', [main, branch]])
    history.close!()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('one git answers every question, in order, until it is closed; then every answer is "not held"', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'git-'))
  try {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, encoding: 'utf8' }).trim()
    git('init', '-q')
    git('commit', '-q', '--allow-empty', '-m', 'one')
    const one = git('rev-parse', 'HEAD')
    git('commit', '-q', '--allow-empty', '-m', 'two')
    const two = git('rev-parse', 'HEAD')
    const lookup = await objectLookup(dir)
    assert.equal(await lookup.commits([one, 'f'.repeat(40), two, two.slice(0, 8)]), [true, false, true, true])
    assert.equal(await Promise.all([lookup.commits([two]), lookup.commits(['e'.repeat(40)])]), [[true], [false]])
    lookup.close()
    for (const end = Date.now() + 5_000; Date.now() < end && (await lookup.commits([one]))[0]; ) await new Promise((resolve) => setTimeout(resolve, 20))
    assert.equal(await lookup.commits([one]), [false])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// With a hanging git first on PATH for the test's length (gitFile and objectLookup pass process.env on).
async function withFakeGit(catFile: 'held' | 'hang', body: (git: FakeGit, dir: string) => Promise<void>, child = false): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'git-hang-'))
  const git = fakeGit(dir, { catFile, child })
  const path = process.env.PATH
  process.env.PATH = `${git.bin}:${path}`
  try {
    await body(git, dir)
  } finally {
    process.env.PATH = path
    git.killAll()
    rmSync(dir, { recursive: true, force: true })
  }
}

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)

// How `work` settles, or 'still waiting' after 20 s: a bound of the test's, far past any deadline here and
// far short of the fake git's 300 s, so a call that waited for git fails instead of hanging the file.
const settles = <T>(work: Promise<T>): Promise<{ value: T } | 'rejected' | 'still waiting'> =>
  Promise.race([work.then((value) => ({ value }), () => 'rejected' as const), new Promise<'still waiting'>((resolve) => setTimeout(resolve, 20_000, 'still waiting'))])

test('a comparison whose git hangs ends when its signal aborts: git is killed, and no git is started after', async () => {
  await withFakeGit('held', async (git, dir) => {
    const history = localHistory(dir)
    const stop = new AbortController()
    const compared = history.compare(A, B, stop.signal)
    for (let i = 0; i < 200 && git.calls().length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    assert.equal(git.calls().map((call) => call.command), ['merge-base', 'merge-base'])
    stop.abort()
    assert.is(await settles(compared), 'rejected')
    assert.equal(await git.settled(), [], 'every git it started has ended')
    assert.is(git.calls().length, 2, 'no git started after the abort')
    assert.is(await settles(history.compare(A, B, stop.signal)), 'rejected')
    assert.is(git.calls().length, 2, 'none for a compare asked after it either')
  })
})

test('the commit and its message from a git that hangs: each read rejects when its signal aborts, its git and what git started are killed', async () => {
  await withFakeGit('hang', async (git, dir) => {
    const stop = new AbortController()
    const reads = [shortSha(dir, stop.signal), lastCommitMessage(dir, stop.signal)]
    for (let i = 0; i < 200 && git.children().length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    assert.equal(git.calls().map((call) => call.command).sort(), ['log', 'rev-parse'])
    stop.abort(new Error('deadline'))
    for (const read of reads) assert.is(await settles(read), 'rejected')
    assert.equal(await git.settled(), [], 'every git and every child has ended')
    assert.is(await settles(shortSha(dir, stop.signal)), 'rejected')
    assert.is(git.calls().length, 2, 'no git started after the abort')
  }, true)
})

test('closing the checkout kills a cat-file that never answers; warmed after its close, it starts none', async () => {
  await withFakeGit('hang', async (git, dir) => {
    const history = localHistory(dir)
    history.warm!()
    const held = history.holds!(A, B)
    for (let i = 0; i < 200 && git.calls().length < 1; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    assert.equal(git.calls().map((call) => call.command), ['cat-file'])
    history.close!()
    assert.equal(await settles(held), { value: false }, 'the question still waiting is answered "not held"')
    assert.equal(await git.settled(), [], 'the cat-file has ended')
    // The read may end before its warm-up runs (it is set for the next turn of the loop): then no git at all.
    const late = localHistory(dir)
    late.close!()
    late.warm!()
    assert.equal(await settles(late.holds!(A, B)), { value: false })
    assert.is(git.calls().length, 1)
  })
})

test.run()
