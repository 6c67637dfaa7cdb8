import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { codeBlock, inlineCode, localDate, localTimestamp, renderBody, renderChat, renderTitle, slackEscape, type Failure } from '../lib/issue.ts'

const failure: Failure = {
  environment: 'staging',
  commitSha: 'abc1234',
  commitMessage: 'Bump the widget',
  reason: 'Deploy job failed',
  pipelineUrl: 'https://ci.example/p/7',
  time: new Date(2026, 10, 5, 9, 3, 7),
}

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

test.run()
