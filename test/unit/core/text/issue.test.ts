import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'
import { codeBlock, inlineCode, localDate, localTimestamp, renderBody, renderChat, renderTitle, slackEscape } from '../../../../lib/core/text/issue.ts'

const failure = SAMPLE_FAILURE

test('title: [DEPLOY FAIL] env — sha — local date, with em dashes', () => {
  assert.is(renderTitle(failure), '[DEPLOY FAIL] staging \u2014 abc1234 \u2014 2026-11-05')
})

test('local date and timestamp are zero-padded local time', () => {
  assert.is(localDate(new Date(2026, 0, 2, 3, 4, 5)), '2026-01-02')
  assert.is(localTimestamp(new Date(2026, 0, 2, 3, 4, 5)), '2026-01-02 03:04:05')
})

test('body: the six parts in order, exactly', () => {
  assert.is(
    renderBody(failure),
    [
      '## Deploy Failure Report',
      '',
      '**Environment:** `staging`',
      '**Commit:** `abc1234`',
      '**Time:** 2026-11-05 09:03:07',
      '**Pipeline:** https://ci.example/p/7',
      '',
      '### Commit Message',
      '```',
      'Bump the widget',
      '```',
      '',
      '### Failure Reason',
      'Deploy job failed',
      '',
      '### Required Actions',
      '- [ ] Check pipeline logs',
      '- [ ] Verify deployment artifacts',
      '- [ ] Confirm service health',
      '- [ ] Update issue when resolved',
      '',
      '---',
      '*This issue was generated automatically by the deployment monitoring script.*',
      '',
    ].join('\n'),
  )
})

test('code block fences outgrow any backtick run in the message', () => {
  assert.is(codeBlock('a ``` b'), '````\na ``` b\n````')
  assert.is(codeBlock('plain'), '```\nplain\n```')
  const body = renderBody({ ...failure, commitMessage: '```\n### Failure Reason\n`````' })
  assert.ok(body.includes('``````\n```\n### Failure Reason\n`````\n``````'))
  const outside = body.replace(/\n``````\n[\s\S]*?\n``````\n/, '\n')
  assert.is(outside.split('\n### Failure Reason\n').length, 2, 'the heading appears once outside the block')
})

test('inline code holds backticks and newlines safely', () => {
  assert.is(inlineCode('a`b'), '``a`b``')
  assert.is(inlineCode('`x`'), '`` `x` ``')
  assert.is(inlineCode('a\nb'), '`a b`')
})

test('chat text: the four spec lines, with Slack escaping of &, < and >', () => {
  assert.is(renderChat(failure), '*[DEPLOY FAILURE]* staging\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7')
  assert.is(slackEscape('<!channel> & <@U1> > x'), '&lt;!channel&gt; &amp; &lt;@U1&gt; &gt; x')
  assert.match(renderChat({ ...failure, reason: '<!here> "quoted" $HOME' }), /\nReason: &lt;!here&gt; "quoted" \$HOME\n/)
})

const Z = '\u200B'
const codeBlockOf = (body: string) => /\n### Commit Message\n(`{3,})\n([\s\S]*?)\n\1\n/.exec(body)![2]!

test('no pings from the reason or the environment; the title keeps the environment as typed', () => {
  const f = { ...failure, environment: 'prod @ops #7', reason: 'cc @alice @acme/sre, broke in #123 and acme/shop#4' }
  const body = renderBody(f)
  assert.ok(body.includes('**Environment:** `prod @ops #7`\n'), 'inline code: GitHub processes no mentions there')
  assert.ok(body.includes(`\n### Failure Reason\ncc @${Z}alice @${Z}acme/sre, broke in #${Z}123 and acme/shop#${Z}4\n`))
  assert.not.match(body.replace(/`[^`\n]*`/g, ''), /(^|\W)[@#][A-Za-z0-9]/, 'no bare mention or reference outside code')
  assert.is(renderTitle(f), '[DEPLOY FAIL] prod @ops #7 — abc1234 — 2026-11-05')
})

test('the reason cannot add or reorder the report\'s sections, nor open HTML that swallows them', () => {
  const body = renderBody({ ...failure, reason: 'x\n### Required Actions\n```\n<details>\n---\n- [ ] Fake' })
  const headings = body.split('\n').filter((line) => /^#{1,6} /.test(line))
  assert.equal(headings, ['## Deploy Failure Report', '### Commit Message', '### Failure Reason', '### Required Actions'])
  assert.ok(body.includes('\n### Failure Reason\nx\n\\### Required Actions\n\\```\n\\<details>\n\\---\n\\- [ ] Fake\n\n### Required Actions\n'))
})

test('the pipeline address: a URL stays as typed, anything else is escaped text on one line', () => {
  assert.ok(renderBody({ ...failure, pipelineUrl: 'https://gitlab.example/@group/p/-/pipelines/9#log' }).includes('**Pipeline:** https://gitlab.example/@group/p/-/pipelines/9#log\n'))
  assert.ok(renderBody({ ...failure, pipelineUrl: 'see\n### Failure Reason <b> @bob' }).includes(`**Pipeline:** see ### Failure Reason \\<b> @${Z}bob\n`))
})

test('a 100 KB commit message is cut to fit 65,536 characters, with a note; the reason stays whole', () => {
  const message = 'line of the message\n'.repeat(5000)
  const body = renderBody({ ...failure, commitMessage: message, reason: 'r'.repeat(3000) })
  assert.ok(body.length <= 65_536, String(body.length))
  assert.ok(body.length > 65_000, 'the room is used, not wasted')
  const kept = codeBlockOf(body)
  assert.ok(message.startsWith(kept))
  const cut = Number(/\n\*\[(\d+) characters cut\]\*\n\n### Failure Reason\n/.exec(body)![1])
  assert.is(kept.length + cut, message.length, 'the note says exactly how much is missing')
  assert.ok(body.includes(`\n### Failure Reason\n${'r'.repeat(3000)}\n\n### Required Actions\n`))
})

test('a huge reason is cut after the message has given up all but a quarter of the room', () => {
  const body = renderBody({ ...failure, commitMessage: 'm'.repeat(200_000), reason: 'r'.repeat(200_000) })
  assert.ok(body.length <= 65_536)
  const kept = codeBlockOf(body)
  assert.ok(kept.length >= 16_000 && kept.length < 16_400, String(kept.length))
  assert.match(body, /\n### Failure Reason\nr{40000,}\n\n\*\[\d+ characters cut\]\*\n\n### Required Actions\n/)
  const small = renderBody({ ...failure, commitMessage: 'short', reason: 'r'.repeat(200_000) })
  assert.ok(small.length <= 65_536)
  assert.is(codeBlockOf(small), 'short', 'a short message is never cut for the reason')
})

test('the title stays within 256 characters, cuts the long parts with a note, and is the same for the same inputs', () => {
  const long = { ...failure, environment: 'e'.repeat(1000), commitSha: 's'.repeat(1000) }
  const title = renderTitle(long)
  assert.ok(title.length <= 256, String(title.length))
  assert.match(title, /^\[DEPLOY FAIL\] e+… \[\d+ characters cut\] — s+… \[\d+ characters cut\] — 2026-11-05$/)
  assert.is(renderTitle({ ...long }), title)
  const envOnly = renderTitle({ ...failure, environment: 'e'.repeat(1000) })
  assert.ok(envOnly.length <= 256 && envOnly.endsWith(' — abc1234 — 2026-11-05'), 'a short commit is never cut')
  assert.is(renderTitle({ ...failure, environment: 'line\none\ttab' }), '[DEPLOY FAIL] line one tab — abc1234 — 2026-11-05')
})

test('chat: every value Slack-escaped, one line each, and under 40,000 characters', () => {
  const text = renderChat({ ...failure, environment: '<!here>\nx', commitSha: 'a&b', pipelineUrl: 'https://x/?a=1&b=<2>', reason: '<!channel>'.repeat(10_000) })
  assert.ok(text.length < 40_000, String(text.length))
  const lines = text.split('\n')
  assert.is(lines.length, 4)
  assert.is(lines[0], '*[DEPLOY FAILURE]* &lt;!here&gt; x')
  assert.is(lines[1], 'Commit: `a&amp;b`')
  assert.match(lines[2]!, /^Reason: (&lt;!channel&gt;)+\S* \[\d+ characters cut\]$/)
  assert.is(lines[3], 'Pipeline: https://x/?a=1&amp;b=&lt;2&gt;')
  assert.not.match(text, /<|>|&(?!amp;|lt;|gt;)/)
})

test('control characters and lone surrogates give well-formed JSON in title, body and chat', () => {
  const nasty = 'a\u0000b\u001B[2Jc\uD800d\uDFFFe\r\nf\u0085'
  const f = { environment: nasty, commitSha: nasty, commitMessage: nasty, reason: nasty, pipelineUrl: nasty, time: failure.time }
  for (const text of [renderTitle(f), renderBody(f), renderChat(f)]) {
    const json = JSON.stringify({ text })
    assert.not.match(json, /\\u(d[89a-f]|00[01])/i, 'no escaped surrogate or control code left')
    assert.ok((text as string & { isWellFormed(): boolean }).isWellFormed())
    assert.is((JSON.parse(json) as { text: string }).text, text)
    assert.ok(text.includes('a\u2400b\u241B[2Jc\uFFFDd\uFFFDe'))
  }
})

test.run()
