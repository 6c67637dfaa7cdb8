import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { objectLookup } from '../../../lib/run/git-objects.ts'
import { lastCommitMessage, localHistory, shortSha } from '../../../lib/run/git.ts'

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

test.run()
