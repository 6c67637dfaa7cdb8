// scripts/retry.mts as a process: the spec's retry and backoff helpers, whose command writes straight to the
// process's own streams (stdio inherited), interleaved with the helper's [WARN] and [ERROR] lines, and the
// exit code the spec gives the helper.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript } from '../helpers/helpers.ts'
import { useLoopback } from '../helpers/servers.ts'

const servers = useLoopback(test, { tmpdir: 'retry-e2e-' })

// A command that counts its runs in a file, prints to both streams, and succeeds from run `okFrom` on.
const flaky = (okFrom: number) => [
  'sh',
  '-c',
  `n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; echo "out $n"; echo "err $n" >&2; [ $n -ge ${okFrom} ]`,
]

test('exits 0 at the first success; a warning per failed attempt; the command output passes through', async () => {
  const r = await runScript('retry.mts', ['5', '0.01', '--', ...flaky(3)], {}, { cwd: servers.dir })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, 'out 1\nout 2\nout 3\n')
  assert.is(
    r.stderr,
    'err 1\n[WARN] Attempt 1/5 failed, retrying in 0.01s...\nerr 2\n[WARN] Attempt 2/5 failed, retrying in 0.01s...\nerr 3\n',
  )
})

test('every attempt failing: a warning after each but the last, which the [ERROR] line follows at once, exit 1 (issue 32)', async () => {
  const r = await runScript('retry.mts', ['3', '0.01', '--', ...flaky(99)], {}, { cwd: servers.dir })
  assert.is(r.code, 1)
  assert.is(r.stdout, 'out 1\nout 2\nout 3\n')
  assert.is(
    r.stderr,
    [
      'err 1',
      '[WARN] Attempt 1/3 failed, retrying in 0.01s...',
      'err 2',
      '[WARN] Attempt 2/3 failed, retrying in 0.01s...',
      'err 3',
      '[ERROR] All 3 attempts failed',
      '',
    ].join('\n'),
  )
})

test('a success on the first attempt prints nothing of its own', async () => {
  const r = await runScript('retry.mts', ['3', '5', '--', 'printf', '%s|', 'two  words', '$HOME', '--flag'], {}, { cwd: servers.dir })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, 'two  words|$HOME|--flag|', 'words reach the command as they are')
  assert.is(r.stderr, '')
})

test('--backoff: delays base × 2^(n−1) after every failure but the last, and no [ERROR] line', async () => {
  const r = await runScript('retry.mts', ['--backoff', '3', '0.01', '--', ...flaky(99)], {}, { cwd: servers.dir })
  assert.is(r.code, 1)
  const warnings = r.stderr.split('\n').filter((l) => l.startsWith('['))
  assert.equal(warnings, [
    '[WARN] Attempt 1/3 failed, retrying in 0.01s...',
    '[WARN] Attempt 2/3 failed, retrying in 0.02s...',
  ])
})

test('--backoff defaults to 3 attempts and a 1 s base', async () => {
  const r = await runScript('retry.mts', ['--backoff', '--', ...flaky(2)], {}, { cwd: servers.dir })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, 'err 1\n[WARN] Attempt 1/3 failed, retrying in 1s...\nerr 2\n')
})

// Bad arguments (exit 2, one line each, the command never run) are decided before any command starts:
// test/integration/cli/retry-args.test.ts, in process.

test.run()
