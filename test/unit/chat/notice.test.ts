// The chat notice's `Failed:` line in every format: job and step names escaped as each format needs,
// after the reason, and never a line of any log.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChatEvent } from '../../../lib/core/chat.ts'
import type { FailedJob } from '../../../lib/core/ci.ts'
import { noticeOf } from '../../../lib/chat/notice.ts'
import { renderDiscord } from '../../../lib/chat/discord.ts'
import { renderGoogleChat } from '../../../lib/chat/googlechat.ts'
import { renderMattermost } from '../../../lib/chat/mattermost.ts'
import { renderSlack, slackNoticeText } from '../../../lib/chat/slack.ts'
import { renderTeams } from '../../../lib/chat/teams.ts'
import { SAMPLE_FAILURE } from '../../helpers/fixtures.ts'

const HOSTILE: FailedJob = { id: '1', name: '<!channel> @here *deploy*', url: 'https://ci.example/1', running: false, steps: [{ name: 'Run `rm` [x](y)', number: 2, url: 'https://ci.example/1#step:2:1' }] }
const LOG = { text: 'SECRET LOG LINE', source: 'deploy', jobUrl: 'https://ci.example/1' }
const event: ChatEvent = { kind: 'failure', failure: { ...SAMPLE_FAILURE, failed: [HOSTILE], ciLogs: [LOG] } }

test('the notice gains one Failed fact after the reason, only when the CI named a failed job', () => {
  assert.equal(noticeOf(event).facts.map((f) => f.label), ['Commit', 'Reason', 'Failed', 'Pipeline'])
  assert.equal(noticeOf({ kind: 'failure', failure: { ...SAMPLE_FAILURE, failed: [] } }).facts.map((f) => f.label), ['Commit', 'Reason', 'Pipeline'])
})

test('each format escapes the names and carries no log text', () => {
  const slack = renderSlack(event).text
  assert.ok(slack.includes('\nFailed: &lt;!channel&gt; @here *deploy* › Run `rm` [x](y)\n'), slack)
  assert.ok(slackNoticeText(noticeOf(event)).includes('\nFailed: &lt;!channel&gt; @here *deploy* › Run `rm` [x](y)\n'))
  const discord = renderDiscord(event).content
  assert.ok(discord.includes('\nFailed: \\<!channel\\> \\@here \\*deploy\\* › Run \\`rm\\` \\[x\\]\\(y\\)\n'), discord)
  const mattermost = renderMattermost(event).text
  assert.ok(mattermost.includes('\nFailed: &lt;!channel&gt; @\u200Bhere \\*deploy\\* › Run \\`rm\\` \\[x\\](y)\n'), mattermost)
  const google = renderGoogleChat(event).text
  assert.ok(google.includes('\nFailed: `<\u200B!channel> @here *deploy* › Run \u02CBrm\u02CB [x](y)`\n'), google)
  const teams = JSON.stringify(renderTeams(event))
  assert.ok(teams.includes('{"title":"Failed","value":"<\\\\!channel\\\\> @here \\\\*deploy\\\\* › Run \\\\`rm\\\\` \\\\[x\\\\]\\\\(y\\\\)"}'), teams)
  for (const text of [slack, discord, mattermost, google, teams]) assert.not.ok(text.includes('SECRET LOG LINE'))
})

test.run()
