// Property-based tests of the renderers: generated reasons, messages, environments, commits and pipeline
// addresses, built from the pieces that break Markdown, ping people, upset JSON or Slack, or are huge.
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderBody, renderChat, renderTitle, type Failure } from '../../../../lib/core/text/issue.ts'
import { cleanText, oneLine } from '../../../../lib/core/text/text.ts'
import { isWellFormedJson } from '../../../helpers/loopback-github.ts'

const HEADINGS = ['## Deploy Failure Report', '### Commit Message', '### Failure Reason', '### Required Actions']
const TIME = new Date(2026, 10, 5, 9, 3, 7)
const DATE = '2026-11-05'

const hostilePiece = fc.oneof(
  fc.constantFrom(
    '```', '````', '~~~', '`', '\n', '\r\n', '\r', '\t', ' ', '    ', '\\', '#', '# ', '### ', ...HEADINGS,
    '### Failure Reason\n', '\n### Required Actions\n', '---', '===', '***', '- ', '* ', '+ ', '1. ', '2) ', '> ',
    '- [ ] ', '@alice', '@org/team', ' @x', '#123', 'acme/shop#9', 'GH-42', 'ops@acme.com', '<details>', '<!--', '-->',
    '<b>', '</pre>', '<!channel>', '<@U123>', '&', '&amp;', '&#64;bob', '&commat;', '<', '>', '*', '_', '|',
    '\u0000', '\u0007', '\u001B[31m', '\u007F', '\u0085', '\u009B', '\uD800', '\uDBFF', '\uDC00', '\uDFFF',
    '😀', '\u200B', '\u2028', 'é', '$HOME', '"', "'", 'x', 'Deploy job failed',
  ),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 8 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
)
const hostile = (maxPieces: number) => fc.array(hostilePiece, { maxLength: maxPieces }).map((pieces) => pieces.join(''))
// Past every limit (the body's 65,536, the chat's 40,000), by a length drawn, not a repeat count: a count
// times up to 12 pieces made fields of up to ~3.6 MB, and one seed in a few took this file from 5 to 24 s
// of CPU, the unit tier's whole budget, without testing anything a 200,000-character field does not.
const huge = fc.tuple(hostile(12), fc.integer({ min: 66_000, max: 100_000 })).map(([text, length]) => {
  const unit = text || '`@#'
  return unit.repeat(Math.ceil(length / unit.length))
})

const failureOf = (text: fc.Arbitrary<string>, line: fc.Arbitrary<string>): fc.Arbitrary<Failure> =>
  fc.record({ environment: line, commitSha: line, commitMessage: text, reason: text, pipelineUrl: line, time: fc.constant(TIME) })

const small = failureOf(hostile(40), hostile(10))
const large = failureOf(fc.oneof(hostile(40), huge), fc.oneof(hostile(10), huge))

const codePoints = (text: string) => [...text].length
const isHeading = (line: string) => /^ {0,3}#{1,6}(?:[ \t]|$)/.test(line)
const isFence = (line: string) => /^ {0,3}(?:`{3,}|~{3,})/.test(line)
const isBreak = (line: string) => /^ {0,3}(?:([-*_])(?:[ \t]*\1){2,}|=+|-+)[ \t]*$/.test(line)

/** The body split at its one code block: the lines before and after it, and what it holds. */
function splitBody(body: string) {
  const lines = body.split('\n')
  const open = lines.indexOf('### Commit Message') + 1
  const fence = lines[open]!
  assert.match(fence, /^`{3,}$/, 'the commit message opens a backtick fence')
  const close = lines.indexOf(fence, open + 1)
  assert.ok(close > open, 'the fence is closed by the same fence')
  return { outside: [...lines.slice(0, open), ...lines.slice(close + 1)], inside: lines.slice(open + 1, close), fence }
}

function checkBody(f: Failure): void {
  const body = renderBody(f)
  assert.ok(body.length <= 65_536, `body length ${body.length}`)
  const { outside, inside, fence } = splitBody(body)

  // The spec's headings, in order, exactly once outside the code block, and no other block that could
  // reorder them: no other heading, no second fence, no rule but the footer's.
  assert.equal(outside.filter(isHeading), HEADINGS)
  assert.equal(outside.filter(isFence), [])
  assert.equal(outside.filter(isBreak), ['---'])

  // The code block holds the whole cleaned message, or a prefix and a note that adds up to it.
  const message = cleanText(f.commitMessage)
  const content = inside.join('\n')
  assert.not.ok(inside.some((line) => new RegExp(`^ {0,3}\`{${fence.length},}[ \\t]*$`).test(line)), 'no line closes the fence early')
  const note = outside[outside.indexOf('### Failure Reason') - 2]?.match(/^\*\[(\d+) characters cut\]\*$/)
  if (note) {
    assert.ok(message.startsWith(content))
    assert.is(codePoints(content) + Number(note[1]), codePoints(message))
  } else {
    assert.is(content, message)
  }

  // Outside code, the reason pings no one and references nothing.
  const reason = outside.slice(outside.indexOf('### Failure Reason') + 1, outside.indexOf('### Required Actions')).join('\n')
  assert.not.match(reason, /(?:^|[^A-Za-z0-9_])@[A-Za-z0-9]|#\d|\bGH-\d/i)

  // Nothing invisible or unencodable is sent.
  assert.not.match(body, /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/)
  const json = JSON.stringify({ title: renderTitle(f), body })
  assert.ok(isWellFormedJson(Buffer.from(json, 'utf8')), 'well-formed JSON in valid UTF-8')
  assert.equal(JSON.parse(json), { title: renderTitle(f), body })
}

function checkTitle(f: Failure): void {
  const title = renderTitle(f)
  assert.ok(title.length <= 256, `title length ${title.length}`)
  assert.is(renderTitle({ ...f }), title, 'the same inputs give the same title')
  assert.not.match(title, /[\n\r\t\u0000-\u001F\u007F-\u009F]/)
  const [environment, commit] = [oneLine(f.environment), oneLine(f.commitSha)]
  if (environment.length + commit.length <= 256 - 30) {
    assert.is(title, `[DEPLOY FAIL] ${environment} — ${commit} — ${DATE}`)
  } else {
    assert.ok(title.startsWith('[DEPLOY FAIL] ') && title.endsWith(` — ${DATE}`))
    assert.match(title, /… \[\d+ characters cut\]/)
  }
}

function checkChat(f: Failure): void {
  const text = renderChat(f)
  assert.ok(text.length < 40_000, `chat length ${text.length}`)
  assert.not.match(text, /[<>]|&(?!amp;|lt;|gt;)/, 'every &, < and > is escaped')
  const lines = text.split('\n')
  assert.ok(lines[0]!.startsWith('*[DEPLOY FAILURE]* ') && lines[1]!.startsWith('Commit: `') && lines[2]!.startsWith('Reason: '))
  assert.ok(lines.at(-1)!.startsWith('Pipeline: ') && !lines.at(-1)!.slice(10).includes('\n'))
  assert.ok(isWellFormedJson(Buffer.from(JSON.stringify({ text }), 'utf8')))
}

test('thousands of hostile failures: structure, code block, pings, JSON, title and chat hold', () => {
  fc.assert(
    fc.property(small, (f) => {
      checkBody(f)
      checkTitle(f)
      checkChat(f)
    }),
    { numRuns: 3000 },
  )
})

test('huge values: every limit holds, and cuts say how much they took', () => {
  fc.assert(
    fc.property(large, (f) => {
      checkBody(f)
      checkTitle(f)
      checkChat(f)
    }),
    { numRuns: 60 },
  )
})

test.run()
