import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { lastCommitMessage, shortSha } from '../../../lib/run/git.ts'

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

test.run()
