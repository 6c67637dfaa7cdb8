import { existsSync } from 'node:fs'
import { join } from 'node:path'
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

const BAD_ARGS = [
  [['3', '--', 'touch', 'ran'], /^\[ERROR\] Expected <max_attempts> <delay_seconds> before --, got \["3"\]; see --help$/],
  [['0', '1', '--', 'touch', 'ran'], /^\[ERROR\] max_attempts must be a whole number of at least 1, got "0"; see --help$/],
  [['2.5', '1', '--', 'touch', 'ran'], /^\[ERROR\] max_attempts must be a whole number of at least 1, got "2.5"; see --help$/],
  [['3', 'soon', '--', 'touch', 'ran'], /^\[ERROR\] delay_seconds must be a number of at least 0, got "soon"; see --help$/],
  [['--backoff', '3', '1s', '--', 'touch', 'ran'], /^\[ERROR\] base_delay must be a number of at least 0, got "1s"; see --help$/],
  [['3', '-1', '--', 'touch', 'ran'], /^\[ERROR\] delay_seconds must be a number of at least 0, got "-1"; see --help$/],
  [['--backoff', '3', '1', '4', '--', 'touch', 'ran'], /^\[ERROR\] Expected at most <max_attempts> <delay_seconds> before --/],
  [['3', '1'], /^\[ERROR\] No command given: put it after --/],
  [['3', '1', '--'], /^\[ERROR\] No command given: put it after --/],
  [['--tries', '3', '--', 'touch', 'ran'], /^\[ERROR\] Unknown option --tries: the options are -h\/--help, --backoff; see --help$/],
] as const

test('bad arguments: exit 2 with one clear line each, and the command is never run', async () => {
  // Independent processes, so they run side by side.
  const results = await Promise.all(BAD_ARGS.map(([args]) => runScript('retry.mts', args, {}, { cwd: servers.dir })))
  results.forEach((r, i) => {
    const [args, message] = BAD_ARGS[i]!
    assert.is(r.code, 2, JSON.stringify(args))
    assert.match(r.stderr.trimEnd(), message)
    assert.is(r.stderr.split('\n').length, 2, 'one line')
  })
  assert.not.ok(existsSync(join(servers.dir, 'ran')))
})

test.run()
