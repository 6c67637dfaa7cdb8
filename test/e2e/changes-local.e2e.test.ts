// A checkout that holds both commits says what changed with no request: git compares them. And
// `--dry-run` shows the section a created issue would have. A git that hangs is killed at
// REPORT_CHANGES_TIMEOUT, as a request is ended there: the issue is filed without the section, the run
// ends, and no git is left running (a real process, so that its exit and its children are seen).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fakeGit } from '../helpers/fake-git.ts'
import { FAST_ENV, FIXED_ENV } from '../helpers/fixtures.ts'
import { runScript } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { linearHistory, serveGitHubChanges } from '../helpers/loopback-changes.ts'
import { useLoopback } from '../helpers/servers.ts'

const servers = useLoopback(test, { github: true, tmpdir: 'changes-local-' })

// A repository of three commits, made once for the file by one `git fast-import` (three git processes in
// all, none of them a commit's with its hooks and auto-maintenance); its commit ids, oldest first. No
// working tree: the reporter only reads commits (cat-file, merge-base, log, rev-list).
// https://git-scm.com/docs/git-fast-import
const REPO = mkdtempSync(join(tmpdir(), 'changes-local-repo-'))
test.after(() => rmSync(REPO, { recursive: true, force: true }))
let ids: string[] | undefined
function checkout(): string[] {
  if (ids) return ids
  const git = (args: string[], input?: string) =>
    execFileSync('git', ['-c', 'maintenance.auto=false', '-c', 'gc.auto=0', ...args], { cwd: REPO, encoding: 'utf8', input, env: { PATH: process.env.PATH!, HOME: REPO } }).trim()
  git(['init', '-q', '-b', 'main'])
  const author = 'Ada Lovelace <ada@example.com> 1700000000 +0000'
  const stream = ['Initial', 'Add the cache @everyone', 'Fix the cache'].flatMap((subject, i) => [
    'commit refs/heads/main',
    `mark :${i + 1}`,
    `author ${author}`,
    `committer ${author}`,
    `data ${Buffer.byteLength(subject)}`,
    subject,
    ...(i ? [`from :${i}`] : []),
    `M 644 inline file.txt`,
    `data ${Buffer.byteLength(subject)}`,
    subject,
    '',
  ])
  git(['fast-import', '--quiet'], `${stream.join('\n')}\n`)
  ids = git(['rev-parse', 'main~2', 'main~1', 'main']).split('\n')
  return ids
}

const section = (body: string) => {
  const start = body.indexOf('### What changed')
  return start < 0 ? '' : body.slice(start, body.indexOf('\n### ', start + 1))
}

test('a checkout holding both commits: git compares them, and no compare request is sent', async () => {
  const ids = checkout()
  serveGitHubChanges(servers.gh, { commits: linearHistory(3) })
  const env = servers.gh.env({ ...FIXED_ENV, ...FAST_ENV, CI_COMMIT_SHA: ids[2]!, REPORT_CHANGES: 'auto', REPORT_LAST_GOOD_SHA: ids[0]! })
  const r = await runInProcess('report.mts', ['Deploy job failed'], env, { cwd: REPO })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(servers.gh.calls('GET', /\/compare\//).length, 0)
  const shown = section((servers.gh.calls('POST', /\/issues$/)[0]!.json as { body: string }).body)
  assert.match(shown, new RegExp(`\\*\\*2 commits\\*\\* since the last good deploy \\(\`${ids[0]!.slice(0, 7)}\`\\)`))
  assert.ok(shown.includes(`- Fix the cache (\`${ids[2]!.slice(0, 7)}\`) by Ada Lovelace`), shown)
  assert.not.match(shown, /(^|[^\w])@everyone/)
  // The pull requests are still asked for, in one request.
  assert.is(servers.gh.calls('GET', /\/pulls$/).length, 1)
})

test('--dry-run shows the section, and writes nothing', async () => {
  const ids = checkout()
  serveGitHubChanges(servers.gh, { commits: linearHistory(3) })
  const env = servers.gh.env({ ...FIXED_ENV, ...FAST_ENV, CI_COMMIT_SHA: ids[2]!, REPORT_CHANGES: 'auto', REPORT_LAST_GOOD_SHA: ids[1]! })
  const r = await runInProcess('report.mts', ['--dry-run', 'Deploy job failed'], env, { cwd: REPO })
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, new RegExp(`### What changed\\n\\*\\*1 commit\\*\\* since the last good deploy \\(\`${ids[1]!.slice(0, 7)}\`\\)`))
  assert.is(servers.gh.calls('POST', /\/issues/).length, 0)
})

// git's two places in the read: the check that the checkout holds both commits (one cat-file), and the
// comparison itself (merge-base, log, rev-list), reached when the cat-file says it holds them.
for (const [where, catFile, step] of [
  ['the check for both commits', 'hang', 'look for both commits in the checkout'],
  ['the comparison', 'held', `compare ${'a'.repeat(7)}...abc1234 (the checkout)`],
] as const) {
  test(`a git that hangs in ${where}: killed at REPORT_CHANGES_TIMEOUT, one [WARN] as for a request, the issue filed, no git left`, async () => {
    const git = fakeGit(servers.dir, { catFile })
    try {
      serveGitHubChanges(servers.gh, { commits: linearHistory(3) })
      const env = servers.gh.env({ ...FIXED_ENV, ...FAST_ENV, PATH: `${git.bin}:${process.env.PATH}`, REPORT_CHANGES: 'auto', REPORT_LAST_GOOD_SHA: 'a'.repeat(40), REPORT_CHANGES_TIMEOUT: '1' })
      // The fake git sleeps 300 s: a run that waited for it would be killed (and fail) at this bound.
      const r = await runScript('report.mts', ['Deploy job failed'], env, { cwd: servers.dir, timeoutMs: 30_000 })
      assert.is(r.code, 0, r.stderr)
      assert.is(r.stderr, `[WARN] Could not ${step} to say what changed: it took longer than REPORT_CHANGES_TIMEOUT (1 s); raise REPORT_CHANGES_TIMEOUT, or set REPORT_CHANGES=off. The issue is filed without its What changed section\n`)
      assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
      assert.not.match((servers.gh.calls('POST', /\/issues$/)[0]!.json as { body: string }).body, /### What changed/)
      assert.ok(git.calls().some((call) => call.command === (catFile === 'held' ? 'merge-base' : 'cat-file')), JSON.stringify(git.calls()))
      assert.equal(await git.settled(), [], 'every git the run started has ended')
    } finally {
      git.killAll()
    }
  })
}

test.run()
