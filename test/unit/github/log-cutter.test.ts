import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MAX_HELD, plainLine, Ring, StepCutter } from '../../../lib/github/log-cutter.ts'

const T = '2026-11-26T08:00:01.1234567Z '
const cut = (lines: readonly string[], keep: number, stamp = T): string[] => {
  const cutter = new StepCutter(keep)
  for (const line of lines) cutter.push(stamp + line)
  return cutter.result()
}

const LOG = [
  'Current runner version: \'2.321.0\'',
  '##[group]Operating System',
  'Ubuntu',
  '##[endgroup]',
  '##[group]Run npm ci',
  'npm ci',
  '##[endgroup]',
  'added 1 package',
  '##[group]Run ./deploy.sh',
  './deploy.sh',
  '##[endgroup]',
  'deploying',
  '##[warning]slow disk',
  'boom',
  '##[error]Process completed with exit code 1.',
  'Post job cleanup.',
  '[command]/usr/bin/git version',
  'Cleaning up orphan processes',
]

test('plainLine: the timestamp goes, markers read as the run page shows them, ##[endgroup] is dropped', () => {
  assert.is(plainLine(`${T}##[error]bad`), 'Error: bad')
  assert.is(plainLine(`${T}##[warning]w`), 'Warning: w')
  assert.is(plainLine(`${T}##[group]Run x`), 'Run x')
  assert.is(plainLine(`${T}##[command]/usr/bin/git`), '/usr/bin/git')
  assert.is(plainLine(`${T}##[endgroup]`), undefined)
  assert.is(plainLine('2026-11-26T08:00:01Z plain\r'), 'plain')
  assert.is(plainLine('no stamp'), 'no stamp')
})

test('the step holding the last ##[error], to its last line; clean-up lines are not the step', () => {
  assert.equal(cut(LOG, 100), ['Run ./deploy.sh', './deploy.sh', 'deploying', 'Warning: slow disk', 'boom', 'Error: Process completed with exit code 1.'])
  assert.equal(cut(LOG, 2), ['boom', 'Error: Process completed with exit code 1.'])
})

test('an error in an earlier step wins over later steps without one; the last error wins over earlier ones', () => {
  const earlier = ['##[group]Run a', '##[error]first', '##[group]Run b', 'fine', 'Cleaning up orphan processes']
  assert.equal(cut(earlier, 10), ['Run a', 'Error: first'])
  const both = ['##[group]Run a', '##[error]first', '##[group]Run b', '##[error]second', 'after']
  assert.equal(cut(both, 10), ['Run b', 'Error: second', 'after'])
})

test('no ##[error] at all: the last step before clean-up', () => {
  assert.equal(cut(['##[group]Run a', 'x', '##[group]Run b', 'y', 'Post job cleanup.', 'z'], 10), ['Run b', 'y'])
  assert.equal(cut([], 10), [])
})

test('an error far from the step\'s end: the lines up to it, a note of what was left out, and the step\'s last lines', () => {
  const lines = ['##[group]Run long', ...Array.from({ length: 10 }, (_, i) => `before ${i}`), '##[error]here', ...Array.from({ length: 50 }, (_, i) => `after ${i}`)]
  assert.equal(cut(lines, 6), ['before 8', 'before 9', 'Error: here', '… 48 lines left out …', 'after 48', 'after 49'])
})

test('memory stays bounded by the excerpt: a million lines leave at most `lines` of them', () => {
  const cutter = new StepCutter(5)
  cutter.push(`${T}##[group]Run big`)
  for (let i = 0; i < 1_000_000; i++) cutter.push(`${T}line ${i}`)
  cutter.push(`${T}##[error]done`)
  assert.equal(cutter.result(), ['line 999996', 'line 999997', 'line 999998', 'line 999999', 'Error: done'])
})

test('the step boundary at the limit: a step of exactly `lines` lines is kept whole, one line more drops its first', () => {
  const step = ['##[group]Run ./a.sh', 'l1', 'l2', '##[error]e']
  assert.equal(cut([...step, 'Post job cleanup.'], 4), ['Run ./a.sh', 'l1', 'l2', 'Error: e'])
  assert.equal(cut(['##[group]Run ./a.sh', 'l0', 'l1', 'l2', '##[error]e', 'Post job cleanup.'], 4), ['l0', 'l1', 'l2', 'Error: e'])
  // The next step's opener ends the step: its lines are not the failing step's.
  assert.equal(cut([...step, '##[group]Run ./b.sh', 'b1'], 4), ['Run ./a.sh', 'l1', 'l2', 'Error: e'])
})

test('an error on the first line the tail keeps needs no note; one line earlier, it does', () => {
  // 5 lines, 4 kept: the tail starts at line 2.
  assert.equal(cut(['##[group]Run ./a.sh', '##[error]e', 'l2', 'l3', 'l4'], 4), ['Error: e', 'l2', 'l3', 'l4'])
  // 6 lines, 4 kept: the tail starts at line 3, the error is on line 2; l2, l3 and l4 are left out.
  assert.equal(cut(['##[group]Run ./a.sh', '##[error]e', 'l2', 'l3', 'l4', 'l5'], 4), ['Run ./a.sh', 'Error: e', '… 3 lines left out …', 'l5'])
})

test('plainLine: only a leading timestamp goes, with or without its space; only a final CR; notice and debug markers', () => {
  assert.is(plainLine('x 2026-01-01T00:00:00Z y'), 'x 2026-01-01T00:00:00Z y')
  assert.is(plainLine('2026-01-01T00:00:00Z'), '')
  assert.is(plainLine(`${T}a\rb\r`), 'a\rb')
  assert.is(plainLine(`${T}##[notice]n`), 'Notice: n')
  assert.is(plainLine(`${T}##[debug]d`), 'Debug: d')
  assert.is(plainLine(`${T}echo "##[error]x"`), 'echo "##[error]x"')
})

test('markers count only at a line\'s start: an echoed opener, error or clean-up line is output', () => {
  assert.equal(cut(['##[group]Run a', 'echo "##[group]Run b"', '##[error]e'], 10), ['Run a', 'echo "##[group]Run b"', 'Error: e'])
  assert.equal(cut(['##[group]Run a', 'a1', '##[error]real', '##[group]Run b', 'echo "##[error]x"'], 10), ['Run a', 'a1', 'Error: real'])
  assert.equal(cut(['##[group]Run a', 'echo Post job cleanup.', 'a2'], 10), ['Run a', 'echo Post job cleanup.', 'a2'])
  assert.equal(cut(['##[group]Run a', 'a1', 'Cleaning up orphan processes now', 'a2'], 10), ['Run a', 'a1', 'Cleaning up orphan processes now', 'a2'])
  // The runner's clean-up line with trailing spaces is still clean-up.
  assert.equal(cut(['##[group]Run a', 'a1', 'Post job cleanup.  ', 'c1'], 10), ['Run a', 'a1'])
})

test('a log with no step at all is one step; a tail of 1 line is the last line, whatever came before', () => {
  assert.equal(cut(['only', 'lines'], 5), ['only', 'lines'])
  assert.equal(cut(['##[error]e', 'x'], 1), ['x'])
  // 2 kept: the error and the note; nothing after it fits.
  assert.equal(cut(['##[group]Run a', '##[error]e', 'l2', 'l3', 'l4'], 2), ['Error: e', '… 3 lines left out …'])
})

test('Ring: the last items, at most 2 × capacity held, trimmed only when it gets there', () => {
  const ring = new Ring<number>(5)
  let most = 0
  for (let i = 1; i <= 100; i++) {
    ring.push(i)
    most = Math.max(most, ring.held)
    assert.ok(ring.held < 10, `held ${ring.held} after ${i}`)
  }
  assert.is(most, 9)
  assert.equal(ring.last(3), [98, 99, 100])
  assert.equal(ring.last(9), [96, 97, 98, 99, 100])
  assert.equal(ring.last(0), [])
})

test('never more lines than asked for: REPORT_LOG_LINES=1 is the step\'s last line, not a note', () => {
  // The core keeps the last `lines` lines of what the cutter gives (lib/core/flows/what-failed.ts): a
  // cutter that gave more would leave the issue with its note alone.
  const step = ['##[group]Run ./deploy.sh', 'a', '##[error]boom', 'b', 'c', 'd', 'last']
  for (let keep = 1; keep <= 8; keep++) {
    const kept = cut(step, keep)
    assert.ok(kept.length <= keep, `${keep} asked, ${kept.length} given: ${JSON.stringify(kept)}`)
  }
  assert.equal(cut(step, 1), ['last'])
})

test('memory stays bounded by characters too: a huge REPORT_LOG_LINES holds no more than MAX_HELD characters of a step', () => {
  const cutter = new StepCutter(1_000_000)
  const long = 'x'.repeat(4_000)
  cutter.push(`${T}##[group]Run big`)
  for (let i = 0; i < 2_000; i++) cutter.push(`${T}${i} ${long}`)
  assert.ok(cutter.heldChars <= 2 * MAX_HELD + 2 * 4_100, `held ${cutter.heldChars} characters`)
  const kept = cutter.result()
  assert.ok(kept.join('\n').length <= MAX_HELD + 4_100, `kept ${kept.join('\n').length} characters`)
  assert.ok(kept.at(-1)!.startsWith('1999 '), 'the step\'s last line')
  // The lines kept are the newest, in order, with none skipped.
  const numbers = kept.map((line) => Number(line.split(' ')[0]))
  assert.equal(numbers, Array.from({ length: numbers.length }, (_, i) => 2_000 - numbers.length + i))
})

test('an error far from the end under the character bound: the note counts exactly the lines not shown', () => {
  const cutter = new StepCutter(1_000)
  const long = 'y'.repeat(4_000)
  cutter.push(`${T}##[group]Run big`)
  cutter.push(`${T}##[error]early`)
  for (let i = 0; i < 1_000; i++) cutter.push(`${T}${i} ${long}`)
  const kept = cutter.result()
  assert.is(kept[0], 'Run big')
  assert.is(kept[1], 'Error: early')
  const shown = kept.length - 3
  assert.is(kept[2], `… ${1_000 - shown} lines left out …`)
  assert.ok(kept.at(-1)!.startsWith('999 '))
})

test.run()
