import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderMattermost } from '../../../lib/chat/mattermost.ts'
import { renderSlack, slackNoticeText } from '../../../lib/chat/slack.ts'
import { noticeOf } from '../../../lib/chat/notice.ts'
import { FAILURE, hostile, PING, RECOVERY, RECURRENCE } from '../../helpers/chat-events.ts'

// The spec's chat text: four lines, `*[DEPLOY FAILURE]*` + environment, `Commit:` + code, `Reason:`, `Pipeline:`.
const SPEC_TEXT = '*[DEPLOY FAILURE]* staging\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7'

test('slack: failure and recurrence are the spec text byte for byte', () => {
  assert.equal(renderSlack(FAILURE), { text: SPEC_TEXT })
  assert.equal(renderSlack(RECURRENCE), { text: SPEC_TEXT })
})

test('slack: recovery lists the closed issues; ping names the format', () => {
  assert.equal(renderSlack(RECOVERY), { text: '*[DEPLOY RECOVERED]* staging\nCommit: `def5678`\nClosed: #12, #15\nPipeline: https://ci.example/p/8' })
  assert.equal(renderSlack(PING), {
    text: 'Test message from deploy-failure-reporter (doctor --ping) for acme/shop: the chat webhook works. No action needed.',
  })
})

test('slack: &, < and > are escaped, so <!channel> and <@U1> are text', () => {
  assert.is(renderSlack(hostile('<!channel> & <@U1>')).text.split('\n')[2], 'Reason: &lt;!channel&gt; &amp; &lt;@U1&gt;')
})

test('slack: a thread reply for a recurrence names the occurrence and links nothing unescaped', () => {
  assert.is(
    slackNoticeText(noticeOf(RECURRENCE)),
    '*[DEPLOY FAILED AGAIN]* staging\nOccurrence: 3\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7\nIssue: <https://github.com/acme/shop/issues/12|#12>',
  )
})

test('slack: a reason too long for 40,000 characters is cut with a note', () => {
  const text = slackNoticeText(noticeOf(hostile('x'.repeat(50_000))))
  assert.ok(text.length < 40_000)
  assert.match(text, /x \[\d+ characters cut\]\nPipeline: /)
})

test('mattermost: failure is the spec text byte for byte; recovery as Slack', () => {
  assert.equal(renderMattermost(FAILURE), { text: SPEC_TEXT })
  assert.equal(renderMattermost(RECOVERY), { text: '*[DEPLOY RECOVERED]* staging\nCommit: `def5678`\nClosed: #12, #15\nPipeline: https://ci.example/p/8' })
  assert.equal(renderMattermost(RECURRENCE), { text: '*[DEPLOY FAILED AGAIN]* staging\nOccurrence: 3\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7' })
})

test('mattermost: mentions get a zero-width space, markup a backslash, HTML an entity', () => {
  const reason = renderMattermost(hostile('@here @all ~town-square ops@acme.test *b* _i_ `c` [x](y) <b>')).text.split('\n')[2]
  assert.is(reason, 'Reason: @\u200Bhere @\u200Ball ~\u200Btown-square ops@acme.test \\*b\\* \\_i\\_ \\`c\\` \\[x\\](y) &lt;b&gt;')
  assert.is(renderMattermost(hostile('ok\n# heading\n- item')).text.split('\n').slice(2, 5).join('\n'), 'Reason: ok\n\\# heading\n\\- item')
})

test('mattermost: an underscore before @channel does not keep it notifying', () => {
  // Mattermost's mention parser trims leading `_`, `.`, `-` and `:` off each word before matching
  // (server/channels/app/mention_parser_standard.go), so `_@channel` notifies the channel.
  const reason = renderMattermost(hostile('_@channel __@all x_@here')).text.split('\n')[2]
  assert.is(reason, 'Reason: \\_@\u200Bchannel \\_\\_@\u200Ball x\\_@\u200Bhere')
})

test('mattermost: a commit with backticks stays one code span', () => {
  const event = { ...FAILURE, failure: { ...(FAILURE as { failure: object }).failure, commitSha: 'a`b' } } as typeof FAILURE
  assert.is(renderMattermost(event).text.split('\n')[1], 'Commit: ``a`b``')
})

test.run()
