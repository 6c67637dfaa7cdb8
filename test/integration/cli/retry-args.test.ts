// scripts/retry.mts refusing its arguments, run in process: each refusal is a decision and a line, made
// before any command is started (so none is: this file would fail in its tier if one were). The runs that
// start a command, whose output passes straight through the process's own streams, stay processes:
// test/e2e/retry.e2e.test.ts.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'

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
  const dir = mkdtempSync(join(tmpdir(), 'retry-args-'))
  try {
    for (const [args, message] of BAD_ARGS) {
      const r = await runInProcess('retry.mts', args, {}, { cwd: dir })
      assert.is(r.code, 2, JSON.stringify(args))
      assert.match(r.stderr.trimEnd(), message)
      assert.is(r.stderr.split('\n').length, 2, 'one line')
      assert.is(r.stdout, '', JSON.stringify(args))
    }
    assert.not.ok(existsSync(join(dir, 'ran')))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
