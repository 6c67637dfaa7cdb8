import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { CUT_MARGIN, readLogExcerpt, readReasonFile, readTail } from '../../../lib/run/input-files.ts'
import { memoryLog } from '../../../lib/core/log.ts'

const dir = mkdtempSync(join(tmpdir(), 'input-files-'))
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n') + '\n'

test('a file\'s tail is read from its end: the last lines, whole', async () => {
  const path = file('many.log', numbered(100_000))
  const text = await readTail(path, 3)
  const lines = text.replace(/\n$/, '').split('\n')
  assert.equal(lines.slice(-3), ['line 99998', 'line 99999', 'line 100000'])
  assert.ok(text.length < 200_000, 'only the end was read')
})

test('a window cut inside a line starts at the next whole line', async () => {
  const path = file('cut.log', 'x'.repeat(50) + '\nghp_' + 'a'.repeat(36) + '\nlast\n')
  // 20 bytes from the end start inside the token's line; that line is dropped, not shown in part.
  assert.is(await readTail(path, 100, { maxBytes: 20 }), 'last\n')
})

test('one giant line with no space, cut inside a secret: the window\'s first CUT_MARGIN bytes go, and the secret\'s tail with them', async () => {
  const secret = 'Gl-Secret-0123456789abcdefghij'
  const path = file('giant.log', secret + 'z'.repeat(CUT_MARGIN + 100))
  // The window starts 10 characters into the secret.
  const text = await readTail(path, 10, { maxBytes: CUT_MARGIN + 100 + secret.length - 10 })
  assert.is(text, 'z'.repeat(100 + secret.length - 10))
  for (let i = 0; i + 8 <= secret.length; i++) assert.not.ok(text.includes(secret.slice(i, i + 8)), secret.slice(i, i + 8))
})

test('standard input is read through, keeping its end', async () => {
  const stdin = Readable.from([Buffer.from(numbered(10)), Buffer.from('tail\n')])
  assert.is(await readTail('-', 2, { stdin, maxBytes: 14 }), 'line 10\ntail\n')
})

test('readLogExcerpt: cleaned, masked, the last lines, named after its source', async () => {
  const path = file('deploy.log', `start\n\u001B[31mError\u001B[0m: token=ghp_${'b'.repeat(36)}\nrun-token-42 leaked\nexit 1\n`)
  const log = memoryLog()
  const excerpt = await readLogExcerpt(path, { lines: 3, jobUrl: 'https://ci/j/1', known: ['run-token-42'] }, log)
  assert.equal(excerpt, { text: 'Error: token=***\n*** leaked\nexit 1', source: path, jobUrl: 'https://ci/j/1' })
  assert.equal(log.lines, [])
})

test('readLogExcerpt: a missing, empty or terminal source is one [WARN] and no excerpt', async () => {
  const log = memoryLog()
  assert.is(await readLogExcerpt(join(dir, 'absent.log'), { lines: 5, known: [] }, log), undefined)
  assert.is(await readLogExcerpt(file('empty.log', '\n\n'), { lines: 5, known: [] }, log), undefined)
  const tty = Object.assign(Readable.from([]), { isTTY: true })
  assert.is(await readLogExcerpt('-', { lines: 5, known: [] }, log, { stdin: tty }), undefined)
  assert.equal(log.lines, [
    `[WARN] Could not read the log ${join(dir, 'absent.log')} (ENOENT), so the issue has no log excerpt`,
    `[WARN] The log ${join(dir, 'empty.log')} is empty, so the issue has no log excerpt`,
    '[WARN] The log is standard input, but that is a terminal, so the issue has no log excerpt (pipe the log in, or give a file)',
  ])
})

test('readReasonFile: the whole reason, masked, without trailing white space; its start when huge', async () => {
  const log = memoryLog()
  const path = file('reason.txt', 'Migration failed:\n  Authorization: Bearer abc\n\n')
  assert.is(await readReasonFile(path, [], log), 'Migration failed:\n  Authorization: ***')
  assert.is(await readReasonFile('-', [], log, { stdin: Readable.from([Buffer.from(numbered(100))]), maxBytes: 25 }), 'line 1\nline 2\nline 3')
  assert.equal(log.lines, [])
})

// A secret the cut falls inside: cut first, its start would no longer match it, nor a token's shape.
const SECRET = 'CiLogTokenSecret-0123456789abcdefXY'
const withoutSecret = (text: string | undefined) => {
  for (let i = 0; i + 8 <= SECRET.length; i++) assert.not.ok(text?.includes(SECRET.slice(i, i + 8)), `${SECRET.slice(i, i + 8)} in ${text?.slice(-60)}`)
}

test('readReasonFile: a cut inside a secret drops the line it falls in, whole, before masking', async () => {
  const text = `Deploy failed\nsee ${SECRET} here\n`
  const maxBytes = text.indexOf(SECRET) + 10
  const reason = await readReasonFile(file('cut-reason.txt', text), [SECRET], memoryLog(), { maxBytes })
  assert.is(reason, 'Deploy failed')
  withoutSecret(reason)
})

test('readReasonFile: in one giant line, the part after the last space goes; without a space, the last CUT_MARGIN bytes', async () => {
  const spaced = `Deploy failed at step ${SECRET} more`
  const inSpaced = await readReasonFile(file('giant-spaced.txt', spaced), [SECRET], memoryLog(), { maxBytes: spaced.indexOf(SECRET) + 10 })
  assert.is(inSpaced, 'Deploy failed at step')
  const solid = `${'y'.repeat(CUT_MARGIN + 20)}${SECRET}`
  const inSolid = await readReasonFile(file('giant-solid.txt', solid), [SECRET], memoryLog(), { maxBytes: CUT_MARGIN + 30 })
  assert.is(inSolid, 'y'.repeat(30))
  withoutSecret(inSpaced)
  withoutSecret(inSolid)
})

test('readReasonFile: a missing or blank file is one [WARN] and no reason', async () => {
  const log = memoryLog()
  assert.is(await readReasonFile(join(dir, 'nope.txt'), [], log), undefined)
  assert.is(await readReasonFile(file('blank.txt', ' \n'), [], log), undefined)
  assert.equal(log.lines, [
    `[WARN] Could not read the reason file ${join(dir, 'nope.txt')} (ENOENT), so the default reason is used`,
    `[WARN] The reason file ${join(dir, 'blank.txt')} is empty, so the default reason is used`,
  ])
})

test.after(() => rmSync(dir, { recursive: true, force: true }))

test.run()
