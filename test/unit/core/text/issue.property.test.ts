// Property-based tests of the renderers: generated reasons, messages, environments, commits and pipeline
// addresses, built from the pieces that break Markdown, ping people, upset JSON or Slack, or are huge.
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderBody, renderChat, renderTitle, type Failure } from '../../../../lib/core/text/issue.ts'
import { renderOccurrence } from '../../../../lib/core/text/comment-text.ts'
import type { Changes } from '../../../../lib/core/changes.ts'
import type { FailedJob } from '../../../../lib/core/ci.ts'
import type { LogExcerpt } from '../../../../lib/core/text/log-tail.ts'
import { cleanText, oneLine } from '../../../../lib/core/text/text.ts'
import { isWellFormedJson } from '../../../helpers/loopback-github.ts'

const HEADINGS = ['## Deploy Failure Report', '### Commit Message', '### Failure Reason', '### Required Actions']
const TIME = new Date(2026, 10, 5, 9, 3, 7)
const DATE = '2026-11-05'

const HOSTILE_PIECES = [
  '```', '````', '~~~', '`', '\n', '\r\n', '\r', '\t', ' ', '    ', '\\', '#', '# ', '### ', ...HEADINGS,
  '### Failure Reason\n', '\n### Required Actions\n', '---', '===', '***', '- ', '* ', '+ ', '1. ', '2) ', '> ',
  '- [ ] ', '@alice', '@org/team', ' @x', '#123', 'acme/shop#9', 'GH-42', 'ops@acme.com', '<details>', '<!--', '-->',
  '<b>', '</pre>', '<!channel>', '<@U123>', '&', '&amp;', '&#64;bob', '&commat;', '<', '>', '*', '_', '|',
  '\u0000', '\u0007', '\u001B[31m', '\u007F', '\u0085', '\u009B', '\uD800', '\uDBFF', '\uDC00', '\uDFFF',
  '😀', '\u200B', '\u2028', 'é', '$HOME', '"', "'", 'x', 'Deploy job failed',
]
const hostilePiece = fc.oneof(
  fc.constantFrom(...HOSTILE_PIECES),
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

// What changed and What failed at their largest: up to 25 pull requests and 30 commits whose titles,
// names and addresses run past every per-line cap (titles of hostile Markdown, 255-character usernames,
// addresses up to 1,100 characters), a matrix of up to 60 failed jobs, and the CI's logs or --log's,
// beside a message and reason long enough to leave them only their quarter of the body. Built from the
// fixed pieces only: fast-check's binary strings, hundreds a run here, cost more than the rendering.
const piece = fc.array(fc.constantFrom(...HOSTILE_PIECES), { maxLength: 6 }).map((pieces) => pieces.join(''))
const longer = (min: number, max: number) =>
  fc.tuple(piece, fc.integer({ min, max })).map(([text, length]) => (text || '#1<b>@x').repeat(Math.ceil(length / (text || '#1<b>@x').length)).slice(0, length))
const label = fc.oneof(piece, longer(150, 600))
const address = fc.integer({ min: 20, max: 1_100 }).map((length) => `https://gitlab.example/${'g'.repeat(length)}/-/merge_requests/1`)
const sha40 = fc.integer({ min: 0, max: 0xffffff }).map((n) => n.toString(16).padStart(40, 'c'))
const changesArb: fc.Arbitrary<Changes> = fc
  .record({
    pulls: fc.array(fc.record({ number: fc.nat(), title: label, author: fc.oneof(fc.constant(null), label, fc.constant('u'.repeat(255))), url: address }), { maxLength: 25 }),
    commits: fc.array(fc.record({ sha: sha40, subject: label, author: label, login: fc.option(fc.constant('u'.repeat(255)), { nil: undefined }) }), { maxLength: 30 }),
    more: fc.nat({ max: 500 }),
    compareUrl: fc.oneof(fc.constant(null), address),
  })
  .map(({ pulls, commits, more, compareUrl }) => ({
    status: 'ahead', base: 'a'.repeat(40), head: 'b'.repeat(40), baseAt: TIME, commits, total: commits.length + more, behindBy: 0, pulls, pullOf: new Map(), compareUrl,
  }))
const job: fc.Arbitrary<FailedJob> = fc.record({
  id: fc.constant('1'),
  name: label,
  url: address,
  running: fc.boolean(),
  steps: fc.array(fc.record({ name: label, number: fc.nat(), url: address }), { maxLength: 2 }),
})
// Logs past the room left beside long sections, not past the body: the CI's three and the bisection that
// cuts each made 100,000-character ones cost as much as the rest of this file.
const excerpt: fc.Arbitrary<LogExcerpt> = fc.record({ text: fc.oneof(piece, longer(5_000, 30_000)), source: label, jobUrl: fc.option(address, { nil: undefined }) })
const withSections = fc
  .tuple(failureOf(fc.oneof(piece, longer(20_000, 70_000)), fc.oneof(piece, longer(900, 3_000))), changesArb, fc.array(job, { minLength: 1, maxLength: 60 }), fc.oneof(fc.record({ log: excerpt }), fc.record({ ciLogs: fc.array(excerpt, { maxLength: 3 }) })), fc.boolean())
  .map(([f, changes, failed, logs, mentionAuthors]): Failure => ({ ...f, changes, failed, mentionAuthors, ...logs }))

test('huge What changed and What failed sections: the body and the comment keep their limits and their fixed lines', () => {
  fc.assert(
    fc.property(withSections, fc.constantFrom('github', 'gitlab') as fc.Arbitrary<'github' | 'gitlab'>, fc.constantFrom(65_536, 30_000), (f, flavor, limit) => {
      const body = renderBody(f, flavor, limit)
      assert.ok(body.length <= limit, `body length ${body.length} > ${limit}`)
      assert.ok(body.startsWith('## Deploy Failure Report\n\n**Environment:** '))
      assert.ok(body.endsWith('\n### Required Actions\n- [ ] Check pipeline logs\n- [ ] Verify deployment artifacts\n- [ ] Confirm service health\n- [ ] Update issue when resolved\n\n---\n*This issue was generated automatically by the deployment monitoring script.*\n'))
      for (const heading of ['### Commit Message', '### Failure Reason', '### What failed', '### What changed', ...(f.log ? ['### Log excerpt'] : [])]) {
        assert.ok(body.includes(`\n${heading}\n`), heading)
      }
      const comment = renderOccurrence(f, 2, flavor)
      assert.ok(comment.length <= 65_536, `comment length ${comment.length}`)
    }),
    { numRuns: 30 },
  )
})

test.run()
