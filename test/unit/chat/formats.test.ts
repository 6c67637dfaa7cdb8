import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { DISCORD_LIMIT, renderDiscord } from '../../../lib/chat/discord.ts'
import { GOOGLE_CHAT_LIMIT, renderGoogleChat } from '../../../lib/chat/googlechat.ts'
import { renderTeams, TEAMS_LIMIT } from '../../../lib/chat/teams.ts'
import type { ChatEvent } from '../../../lib/core/chat.ts'
import { SAMPLE_FAILURE } from '../../helpers/fixtures.ts'
import { ISSUE, FAILURE, hostile, HOSTILE_REASON, PING, RECOVERY, RECURRENCE } from '../../helpers/chat-events.ts'

const ISSUE_12 = 'https://github.com/acme/shop/issues/12'
const ISSUE_15 = 'https://github.com/acme/shop/issues/15'
const long = hostile('y'.repeat(60_000))

test('googlechat: the four facts, values as code, links as <url|text>', () => {
  assert.equal(renderGoogleChat(FAILURE), {
    text: [
      '*[DEPLOY FAILURE]* `staging`',
      'Commit: `abc1234`',
      'Reason: `Deploy job failed`',
      'Pipeline: <https://ci.example/p/7|https://ci.example/p/7>',
      `Issue: <${ISSUE_12}|#12>`,
    ].join('\n'),
  })
  assert.equal(renderGoogleChat(RECURRENCE).text.split('\n').slice(0, 2), ['*[DEPLOY FAILED AGAIN]* `staging`', 'Occurrence: 3'])
  assert.equal(renderGoogleChat(RECOVERY), {
    text: ['*[DEPLOY RECOVERED]* `staging`', 'Commit: `def5678`', `Closed: <${ISSUE_12}|#12>, <${ISSUE_15}|#15>`, 'Pipeline: <https://ci.example/p/8|https://ci.example/p/8>'].join('\n'),
  })
  assert.equal(renderGoogleChat(PING), {
    text: 'Test message from deploy-failure-reporter (doctor --ping) for `acme/shop`: the chat webhook works. No action needed.',
  })
})

test('googlechat: mentions, markup and backticks in a value stay literal', () => {
  const reason = renderGoogleChat(hostile('<users/all> *b* `c`')).text.split('\n')[2]
  assert.is(reason, 'Reason: `<\u200Busers/all> *b* \u02CBc\u02CB`')
  assert.equal(renderGoogleChat(hostile('one\ntwo')).text.split('\n').slice(2, 6), ['Reason: ', '```', 'one\ntwo'.split('\n')[0], 'two'])
})

test('googlechat: cut to 4,096 characters with a note', () => {
  const { text } = renderGoogleChat(long)
  assert.ok(text.length <= GOOGLE_CHAT_LIMIT && text.length > GOOGLE_CHAT_LIMIT - 200, String(text.length))
  assert.match(text, /y \[\d+ characters cut\]`\nPipeline: /)
})

test('discord: content in Discord Markdown, and no mention may ping', () => {
  assert.equal(renderDiscord(FAILURE), {
    content: [
      '**[DEPLOY FAILURE]** staging',
      'Commit: `abc1234`',
      'Reason: Deploy job failed',
      'Pipeline: <https://ci.example/p/7>',
      `Issue: [\\#12](<${ISSUE_12}>)`,
    ].join('\n'),
    allowed_mentions: { parse: [] },
  })
  assert.equal(renderDiscord(RECOVERY), {
    content: ['**[DEPLOY RECOVERED]** staging', 'Commit: `def5678`', `Closed: [\\#12](<${ISSUE_12}>), [\\#15](<${ISSUE_15}>)`, 'Pipeline: <https://ci.example/p/8>'].join('\n'),
    allowed_mentions: { parse: [] },
  })
  assert.is(renderDiscord(RECURRENCE).content.split('\n')[1], 'Occurrence: 3')
  assert.equal(renderDiscord(PING), {
    content: 'Test message from deploy-failure-reporter (doctor --ping) for acme/shop: the chat webhook works. No action needed.',
    allowed_mentions: { parse: [] },
  })
})

test('discord: every markup, mention and link character in a value is backslash-escaped', () => {
  const reason = renderDiscord(hostile('@everyone <@1> **b** __u__ ||s|| [x](https://e.test) # h')).content.split('\n')[2]
  assert.is(reason, 'Reason: \\@everyone \\<\\@1\\> \\*\\*b\\*\\* \\_\\_u\\_\\_ \\|\\|s\\|\\| \\[x\\]\\(https\\://e\\.test\\) \\# h')
})

test('discord: cut to 2,000 characters with a note', () => {
  const { content } = renderDiscord(long)
  assert.ok(content.length <= DISCORD_LIMIT && content.length > DISCORD_LIMIT - 100, String(content.length))
  // The note is escaped like the reason it ends, so it shows as `[N characters cut]`.
  assert.match(content, /y \\\[\d+ characters cut\\\]\nPipeline: /)
})

// Every one-line value is cut to 1,000 characters, but several of them, escaped, still exceed Discord's
// 2,000 or Google Chat's 4,096: the service refuses the post and the notice is lost.
const longFields = (char: string): ChatEvent => ({
  kind: 'failure',
  failure: { ...SAMPLE_FAILURE, environment: char.repeat(1500), commitSha: char.repeat(1500), pipelineUrl: char.repeat(1500) },
  issue: ISSUE,
})
const longRecovery: ChatEvent = { kind: 'recovery', recovery: { ...(RECOVERY as { recovery: object }).recovery, environment: '<'.repeat(1500), pipelineUrl: '@'.repeat(1500) } as never, closed: [ISSUE] }

test('discord and googlechat: long one-line values are cut too, so the notice stays within the limit', () => {
  for (const event of [longFields('@'), longFields('<'), longFields('e'), longRecovery]) {
    const { content } = renderDiscord(event)
    assert.ok(content.length <= DISCORD_LIMIT, `discord ${content.length}`)
    assert.match(content, /^\*\*\[DEPLOY [A-Z]+\]\*\* /)
    assert.match(content, /characters cut/)
    const { text } = renderGoogleChat(event)
    assert.ok(text.length <= GOOGLE_CHAT_LIMIT, `googlechat ${text.length}`)
    assert.match(text, /characters cut/)
  }
  // The issue is still linked.
  assert.match(renderDiscord(longFields('@')).content, /\nIssue: \[\\#12\]\(<https:\/\/github\.com\/acme\/shop\/issues\/12>\)$/)
})

const teamsCard = (body: unknown[], actions: unknown[]) => ({
  type: 'message',
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive',
      content: { type: 'AdaptiveCard', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', version: '1.4', body, actions },
    },
  ],
})
const headline = (text: string, color: string) => ({ type: 'TextBlock', text, weight: 'Bolder', size: 'Medium', color, wrap: true })

test('teams: an Adaptive Card 1.4 in the Workflows envelope, facts as a FactSet, a button to the issue', () => {
  assert.equal(
    renderTeams(FAILURE),
    teamsCard(
      [
        headline('[DEPLOY FAILURE] staging', 'Attention'),
        {
          type: 'FactSet',
          facts: [
            { title: 'Commit', value: 'abc1234' },
            { title: 'Reason', value: 'Deploy job failed' },
            { title: 'Pipeline', value: '[https://ci.example/p/7](https://ci.example/p/7)' },
            { title: 'Issue', value: '\\#12' },
          ],
        },
      ],
      [{ type: 'Action.OpenUrl', title: 'Open issue #12', url: ISSUE_12 }],
    ),
  )
  assert.equal(
    renderTeams(RECOVERY),
    teamsCard(
      [
        headline('[DEPLOY RECOVERED] staging', 'Good'),
        {
          type: 'FactSet',
          facts: [
            { title: 'Commit', value: 'def5678' },
            { title: 'Closed', value: '\\#12, \\#15' },
            { title: 'Pipeline', value: '[https://ci.example/p/8](https://ci.example/p/8)' },
          ],
        },
      ],
      [
        { type: 'Action.OpenUrl', title: 'Open issue #12', url: ISSUE_12 },
        { type: 'Action.OpenUrl', title: 'Open issue #15', url: ISSUE_15 },
      ],
    ),
  )
  const ping = renderTeams(PING).attachments[0].content
  assert.equal(ping.body, [
    headline('[TEST MESSAGE] acme/shop', 'Default'),
    {
      type: 'FactSet',
      facts: [{ title: 'Message', value: 'Test message from deploy\\-failure\\-reporter \\(doctor \\-\\-ping\\) for acme/shop: the chat webhook works. No action needed.' }],
    },
  ])
})

test('teams: Markdown and DATE() functions in a value are neutralised', () => {
  const facts = (renderTeams(hostile(HOSTILE_REASON)).attachments[0].content.body as { facts?: { value: string }[] }[])[1]!.facts!
  assert.is(
    facts[1]!.value,
    '<\\!channel\\> @here @everyone <@U1\\> <users/all\\> \\*b\\* \\_i\\_ \\~s\\~ \\`c\\` \\[x\\]\\(http://e.test\\) {\u200B{DATE\\(2026\\-01\\-01T00:00:00Z\\)}}',
  )
})

test('teams: a ) in the pipeline address cannot end its link early', () => {
  const event = { ...FAILURE, failure: { ...(FAILURE as { failure: object }).failure, pipelineUrl: 'https://ci.example/p/(7)' } } as typeof FAILURE
  const facts = (renderTeams(event).attachments[0].content.body as { facts?: { value: string }[] }[])[1]!.facts!
  assert.is(facts[2]!.value, '[https://ci.example/p/\\(7\\)](https://ci.example/p/%287%29)')
})

test('teams: the card stays within the size Teams accepts, the reason cut with a note', () => {
  const body = renderTeams(long)
  const bytes = Buffer.byteLength(JSON.stringify(body))
  assert.ok(bytes <= TEAMS_LIMIT && bytes > TEAMS_LIMIT - 300, String(bytes))
  const reason = (body.attachments[0].content.body as { facts?: { value: string }[] }[])[1]!.facts![1]!.value
  assert.match(reason, /y \\\[\d+ characters cut\\\]$/)
})

test.run()
