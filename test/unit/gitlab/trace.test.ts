import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MASK_MARGIN, MAX_LINE, MAX_WINDOW, TraceTail, visibleLine } from '../../../lib/gitlab/trace.ts'
import { cleanLog } from '../../../lib/core/text/log-tail.ts'
import { registerSecret } from '../../../lib/core/redact.ts'
import { DEPLOY_TRACE, PLANTED_TOKEN, runnerTrace, sectionSwitch } from '../../helpers/loopback-gitlab-ci.ts'

const E = '\x1b'
const tail = (pieces: readonly string[], lines: number): string[] => {
  const t = new TraceTail(lines)
  for (const piece of pieces) t.write(piece)
  return t.end()
}
// What a terminal shows of the kept lines (the core's cleanLog does the same, after scrubbing secrets).
const shown = (pieces: readonly string[], lines: number): string[] => tail(pieces, lines).map(visibleLine)

// What a terminal shows of DEPLOY_TRACE's step_script section, written out by hand.
const DEPLOY_SCRIPT = [
  'Executing "step_script" stage of the job script',
  '$ ./deploy.sh --env production',
  `export DEPLOY_TOKEN=${PLANTED_TOKEN}`,
  'Uploading release 100%',
  'Error: deploy target refused the release (HTTP 503)',
]

test('keeps the end of step_script, without ANSI codes, \\r frames or section markers', () => {
  assert.equal(shown([DEPLOY_TRACE], 100), DEPLOY_SCRIPT)
  assert.equal(shown([DEPLOY_TRACE], 2), DEPLOY_SCRIPT.slice(-2))
  assert.equal(shown([DEPLOY_TRACE], 0), [])
})

test('colours and \\r redraws stay in the kept lines, for the core to strip after it has scrubbed secrets', () => {
  const raw = tail([DEPLOY_TRACE], 3)
  assert.equal(raw, [`export DEPLOY_TOKEN=${PLANTED_TOKEN}`, 'Uploading release 10%\rUploading release 55%\rUploading release 100%', `${E}[31;1mError: deploy target refused the release (HTTP 503)${E}[0m`])
  assert.is(cleanLog(raw.join('\n')), 'export DEPLOY_TOKEN=***\nUploading release 100%\nError: deploy target refused the release (HTTP 503)')
  // Stripped first, the broken colour code would swallow the token's `g`, and `lpat-…` is no token shape.
  const broken = tail([`${sectionSwitch(undefined, 'step_script', 'Script')}${E}[3${PLANTED_TOKEN}\n`], 1)
  assert.not.match(cleanLog(broken.join('\n')), PLANTED_TOKEN.slice(1))
})

test('without a step_script section, the end of the whole trace', () => {
  const trace = [
    sectionSwitch(undefined, 'prepare_executor', 'Preparing the "docker" executor'),
    'Pulling docker image node:24-slim ...\n',
    `${E}[0Ksection_end:1:prepare_executor\r${E}[0K${E}[31;1mERROR: Job failed (system failure): image pull failed\n${E}[0;m\n`,
  ].join('')
  assert.equal(shown([trace], 10), ['Preparing the "docker" executor', 'Pulling docker image node:24-slim ...', 'ERROR: Job failed (system failure): image pull failed'])
  assert.equal(shown(['plain\nlines\nonly'], 2), ['lines', 'only'])
})

test('every cut of the trace into two pieces, and one character at a time, gives the same tail', () => {
  const whole = tail([DEPLOY_TRACE], 5)
  assert.equal(whole.map(visibleLine), DEPLOY_SCRIPT)
  for (let at = 0; at <= DEPLOY_TRACE.length; at++) {
    assert.equal(tail([DEPLOY_TRACE.slice(0, at), DEPLOY_TRACE.slice(at)], 5), whole, `cut at ${at}: ${JSON.stringify(DEPLOY_TRACE.slice(at - 5, at + 5))}`)
  }
  assert.equal(tail([...DEPLOY_TRACE], 5), whole)
})

test('a character cut between two pieces of bytes is whole again', () => {
  const bytes = Buffer.from(sectionSwitch(undefined, 'step_script', 'Script') + 'Échec du déploiement ✗\n')
  const t = new TraceTail(5)
  const at = bytes.indexOf(Buffer.from('✗')) + 1
  t.write(bytes.subarray(0, at))
  t.write(bytes.subarray(at))
  assert.equal(t.end().map(visibleLine), ['Script', 'Échec du déploiement ✗'])
})

test('the runner\'s end-and-start on one line switches sections; a nested section stays inside step_script', () => {
  const trace = runnerTrace([
    `${E}[0Ksection_start:1732600050:migrations[collapsed=true]\r${E}[0K${E}[36;1mRunning migrations${E}[0;m`,
    'migrate 001 ok',
    `${E}[0Ksection_end:1732600051:migrations\r${E}[0K`,
    'deploy failed',
  ])
  assert.equal(shown([trace], 100), ['Executing "step_script" stage of the job script', 'Running migrations', 'migrate 001 ok', 'deploy failed'])
})

test('blank lines and CRLF endings are kept as a terminal shows them; marker-only lines are not lines', () => {
  const trace = sectionSwitch(undefined, 'step_script', 'Script') + 'one\r\n\r\n\ntwo\r\nthree 10%\rthree 100%\r\n' + `${E}[0Ksection_end:2:step_script\r${E}[0K\n`
  assert.equal(shown([trace], 10), ['Script', 'one', '', '', 'two', 'three 100%'])
})

test('text that only looks like a marker is output', () => {
  assert.equal(shown(['echo section_start is a word\nsection_end:notime:x\n'], 5), ['echo section_start is a word', 'section_end:notime:x'])
})

test('the last step_script counts when there are two', () => {
  const trace = sectionSwitch(undefined, 'step_script', 'first') + 'a\n' + sectionSwitch('step_script', 'step_script', 'second') + 'b\n'
  assert.equal(shown([trace], 10), ['second', 'b'])
})

test('a long line keeps its end, where a redraw\'s visible frame is; a window never outgrows its bound', () => {
  const progress = Array.from({ length: 20_000 }, (_, i) => `${i}%`).join('\r')
  assert.equal(shown([progress + '\nnext\n'], 5), ['19999%', 'next'])
  const endless = 'x'.repeat(MAX_LINE * 10)
  const [kept] = shown([endless.slice(0, 100_000), endless.slice(100_000)], 1)
  assert.is(kept!.length, MAX_LINE)
  const big = shown(Array.from({ length: 400 }, () => 'y'.repeat(MAX_LINE - 1) + '\n'), 1_000_000)
  assert.ok(big.length > 0 && big.join('').length <= MAX_WINDOW, `${big.length} lines, ${big.join('').length} characters`)
})

test('visibleLine: colours and cursor codes out, last non-empty \\r frame in', () => {
  assert.is(visibleLine(`${E}[31;1mred${E}[0m\r`), 'red')
  assert.is(visibleLine('a\rb\r'), 'b')
  assert.is(visibleLine(`${E}[0K`), '')
})

test('a line longer than MAX_LINE keeps its end; a secret across the cut is masked first, not left in part', () => {
  const secret = 'Tr-Secret-0123456789abcdefghij'
  registerSecret(secret)
  const line = 'a'.repeat(MAX_LINE) + secret + 'z'.repeat(MAX_LINE - 20)
  const tail = new TraceTail(5)
  for (let i = 0; i < line.length; i += 1000) tail.write(line.slice(i, i + 1000))
  tail.write('\ndone\n')
  const [kept, done] = tail.end()
  assert.is(done, 'done')
  assert.is(kept!.length, MAX_LINE)
  assert.ok(kept!.endsWith('z'.repeat(MAX_LINE - 20)))
  for (let i = 0; i + 8 <= secret.length; i++) assert.not.ok(kept!.includes(secret.slice(i, i + 8)), secret.slice(i, i + 8))
  const exact = new TraceTail(5)
  exact.write('b'.repeat(MAX_LINE) + '\n')
  assert.equal(exact.end(), ['b'.repeat(MAX_LINE)], 'a line of exactly MAX_LINE is kept whole')
})

test('CRs before a line feed go, all of them; a last line of spaces is blank', () => {
  assert.equal(tail(['a\r\r\nb\n'], 5), ['a', 'b'])
  assert.equal(tail(['a\n   \n'], 5), ['a'])
})

test('a window of 0 lines keeps none; a window larger than 16 keeps every line as it grows', () => {
  assert.equal(tail(['a\nb\n'], 0), [])
  const lines = Array.from({ length: 40 }, (_, i) => `l${i}`)
  assert.equal(tail([lines.map((l) => l + '\n').join('')], 100), lines)
})

test('a window holds lines of MAX_WINDOW characters exactly; one character more drops its first line', () => {
  const count = MAX_WINDOW / MAX_LINE
  const full = Array.from({ length: count }, (_, i) => String(i % 10).repeat(MAX_LINE) + '\n').join('')
  const kept = tail([full], count + 10)
  assert.is(kept.length, count)
  const over = tail([full, 'y\n'], count + 10)
  assert.is(over.length, count)
  assert.is(over[0], '1'.repeat(MAX_LINE))
  assert.is(over[count - 1], 'y')
})

test('section markers with options, without the colour reset before or after, or without the CR', () => {
  const expected = ['header', 'out']
  assert.equal(tail([`${E}[0Ksection_start:1:step_script[collapsed=true]\r${E}[0Kheader\nout\n`], 5), expected)
  assert.equal(tail([`section_start:1:step_script\r${E}[0Kheader\nout\n`], 5), expected)
  assert.equal(tail([`${E}[0Ksection_start:1:step_script\rheader\nout\n`], 5), expected)
  assert.equal(tail([`${E}[0Ksection_start:1:step_script${E}[0Kheader\nout\n`], 5), expected)
})

test('a line with no end holds at most 4 × MAX_LINE bytes: exactly that is kept, more is trimmed to 2 × MAX_LINE', () => {
  const t = new TraceTail(5)
  t.write('x\n' + 'y'.repeat(4 * MAX_LINE))
  assert.is(t.heldBytes, 4 * MAX_LINE, 'at the bound, nothing is trimmed (the line feed before it is not counted)')
  t.write('y')
  assert.is(t.heldBytes, 2 * MAX_LINE, 'one byte past it')
  // Counted from the 2 × MAX_LINE kept: at the bound again, then one byte past it.
  t.write('y'.repeat(2 * MAX_LINE))
  assert.is(t.heldBytes, 4 * MAX_LINE)
  t.write('y')
  assert.is(t.heldBytes, 2 * MAX_LINE)
  t.write('y'.repeat(3 * MAX_LINE))
  assert.is(t.heldBytes, 2 * MAX_LINE)
  t.write('\n')
  assert.is(t.heldBytes, 0)
  assert.equal(t.end(), ['x', 'y'.repeat(MAX_LINE)])
})

test('a line of exactly MAX_LINE bytes is kept as written, to be masked by the core like every line; one byte more is masked here', () => {
  const token = 'ghp_' + 'T'.repeat(36)
  const at = 'a'.repeat(MAX_LINE - token.length) + token
  assert.equal(tail([at + '\n'], 5), [at])
  // Masked, it is short enough to keep whole: 'b', the a's and the mask.
  assert.equal(tail(['b' + at + '\n'], 5), ['b' + 'a'.repeat(MAX_LINE - token.length) + '***'])
})

// Masking shortens text: with secrets after the cut, the last MAX_LINE masked bytes reached back to the
// start of what was read, inside a secret the mask could not recognise.
test('a secret the read part starts inside of is not kept in part when secrets after it shorten the masked text', () => {
  const secret = 'Tr-Head-Secret-0123456789abcdef'
  registerSecret(secret)
  // 250 tokens of 40 characters: 10,250 characters read that mask to 1,000.
  const rest = ('ghp_' + 'T'.repeat(36) + ' ').repeat(250)
  const zs = 2 * MAX_LINE - 16 - rest.length
  const read = secret.slice(15) + rest + 'z'.repeat(zs)
  const line = 'x'.repeat(100) + secret.slice(0, 15) + read
  // The start dropped as the line is read (pieces of 1,000 bytes), or as it is held (one huge piece).
  for (const pieces of [line.match(/[^]{1,1000}/g)!, ['x'.repeat(4 * MAX_LINE) + secret + read]]) {
    const t = new TraceTail(5)
    for (const piece of pieces) t.write(piece)
    t.write('\ndone\n')
    const [kept, done] = t.end()
    assert.is(done, 'done')
    for (let i = 0; i + 8 <= secret.length; i++) assert.not.ok(kept!.includes(secret.slice(i, i + 8)), secret.slice(i, i + 8))
    // Masked, the 16,384 bytes read are 16 + 1,000 + the z's, of which the first MASK_MARGIN are dropped.
    assert.is(kept, 'z'.repeat(16 + 1_000 + zs - MASK_MARGIN))
  }
})

test.run()
