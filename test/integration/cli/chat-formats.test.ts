// CHAT_FORMAT: the reporter, resolver and doctor run in process against the loopback GitHub and its
// chat sink, one run per format; and REPORT_CHAT_STRICT's single warning.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { FAST_ENV, FIXED_ENV } from '../../helpers/fixtures.ts'
import { useLoopback } from '../../helpers/servers.ts'

const ENV = { ...FIXED_ENV, ...FAST_ENV, REPORT_WRITE_INTERVAL: '0.01' }
const SPEC_TEXT = '*[DEPLOY FAILURE]* staging\nCommit: `abc1234`\nReason: Deploy job failed\nPipeline: https://ci.example/p/7'

const servers = useLoopback(test, { github: true })

const report = async (format: string, extra: Record<string, string> = {}) => {
  const r = await runInProcess('report.mts', ['Deploy job failed'], servers.gh.env({ ...ENV, CHAT_FORMAT: format, ...extra }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.chat.length, 1, 'one notice')
  assert.is(servers.gh.chat[0]!.headers.authorization, undefined, 'no credential goes to a webhook')
  return { r, body: servers.gh.chat[0]!.json as Record<string, unknown>, issue: servers.gh.issues[0]! }
}

test('slack and mattermost: the spec text, byte for byte', async () => {
  for (const format of ['slack', 'mattermost']) {
    servers.gh.chat.length = 0
    servers.gh.issues.length = 0
    const { body } = await report(format)
    assert.equal(body, { text: SPEC_TEXT }, format)
  }
})

test('googlechat: the facts as code and a <url|#n> link to the new issue', async () => {
  const { body, issue } = await report('googlechat')
  const lines = (body.text as string).split('\n')
  assert.is(lines[0], '*[DEPLOY FAILURE]* `staging`')
  assert.is(lines[2], 'Reason: `Deploy job failed`')
  assert.is(lines.at(-1), `Issue: <${issue.html_url}|#${issue.number}>`)
})

test('discord: content with the issue link, and allowed_mentions that ping no one', async () => {
  const { body, issue } = await report('discord', {})
  assert.equal(Object.keys(body).sort(), ['allowed_mentions', 'content'])
  assert.equal(body.allowed_mentions, { parse: [] })
  const lines = (body.content as string).split('\n')
  assert.is(lines[0], '**[DEPLOY FAILURE]** staging')
  assert.is(lines.at(-1), `Issue: [\\#${issue.number}](<${issue.html_url}>)`)
})

test('teams: an Adaptive Card 1.4 in the Workflows envelope with a button to the issue', async () => {
  const { body, issue } = await report('teams')
  assert.is(body.type, 'message')
  const [attachment] = body.attachments as { contentType: string; content: Record<string, unknown> }[]
  assert.is(attachment!.contentType, 'application/vnd.microsoft.card.adaptive')
  assert.is(attachment!.content.type, 'AdaptiveCard')
  assert.is(attachment!.content.version, '1.4')
  assert.equal(attachment!.content.actions, [{ type: 'Action.OpenUrl', title: `Open issue #${issue.number}`, url: issue.html_url }])
})

test('teams recovery: the resolver sends a green card with a button per closed issue', async () => {
  const open = servers.gh.addIssue({ title: '[DEPLOY FAIL] staging — abc1234 — 2026-11-01' })
  const r = await runInProcess('resolve.mts', [], servers.gh.env({ ...ENV, CI_COMMIT_SHA: 'f1x0001', CHAT_FORMAT: 'teams' }))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.chat.length, 1)
  const card = (servers.gh.chat[0]!.json as { attachments: { content: { body: { text?: string; color?: string }[]; actions: unknown[] } }[] }).attachments[0]!.content
  assert.is(card.body[0]!.text, '[DEPLOY RECOVERED] staging')
  assert.is(card.body[0]!.color, 'Good')
  assert.equal(card.actions, [{ type: 'Action.OpenUrl', title: `Open issue #${open.number}`, url: open.html_url }])
})

test('REPORT_CHAT_STRICT=1: a refused notice is one [WARN] with format, status and host; the exit code stays 0', async () => {
  servers.gh.injectChat({ status: 500 })
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...ENV, CHAT_FORMAT: 'discord', REPORT_CHAT_STRICT: '1', CHAT_WEBHOOK: `${servers.gh.url}/chat?token=HOOK-SECRET` }))
  assert.is(r.code, 0)
  assert.is(r.stderr, `[WARN] Chat notice not delivered (format discord, status 500, host ${new URL(servers.gh.url).host})\n`)
  assert.not.match(r.stdout + r.stderr, 'HOOK-SECRET')
  assert.not.match(r.stderr, '/chat')
})

test('REPORT_CHAT_STRICT=1 in GitHub Actions: the warning is also an annotation on stdout', async () => {
  servers.gh.injectChat({ status: 404 })
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...ENV, CHAT_FORMAT: 'teams', REPORT_CHAT_STRICT: '1', GITHUB_ACTIONS: 'true' }))
  assert.is(r.code, 0)
  const warning = `Chat notice not delivered (format teams, status 404, host ${new URL(servers.gh.url).host})`
  assert.is(r.stderr, `[WARN] ${warning}\n`)
  assert.ok(r.stdout.split('\n').includes(`::warning title=Chat notice::${warning}`), r.stdout)
})

test('without REPORT_CHAT_STRICT a refused notice stays silent, as the spec says', async () => {
  servers.gh.injectChat({ status: 500 })
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...ENV, CHAT_FORMAT: 'discord' }))
  assert.is(r.code, 0)
  assert.is(r.stderr, '')
})

test('a bad CHAT_FORMAT stops the run before any request, naming the allowed values', async () => {
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...ENV, CHAT_FORMAT: 'msteams' }))
  assert.is(r.code, 2)
  assert.match(r.stderr, 'CHAT_FORMAT must be one of auto, slack, mattermost, googlechat, discord, teams, got "msteams"')
  assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
})

test('doctor --ping posts the test message in the chosen format and names it', async () => {
  const r = await runInProcess('doctor.mts', ['--ping'], servers.gh.env({ ...ENV, CHAT_FORMAT: 'discord' }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^✓ chat webhook accepted a test message \(format discord, 127\.0\.0\.1:\d+\)$/m)
  assert.is(servers.gh.chat.length, 1)
  const body = servers.gh.chat[0]!.json as { content: string; allowed_mentions: unknown }
  assert.equal(body.allowed_mentions, { parse: [] })
  assert.match(body.content, /^Test message from deploy-failure-reporter .*acme\/shop.*No action needed\.$/)
})

test.run()
