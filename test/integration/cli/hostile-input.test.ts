// Hostile input, as filed and posted: scripts/report.mts run in process (test/helpers/in-process.ts)
// against the loopback GitHub, with hostile values (kept in their block, nobody pinged, control codes
// visible), huge values (filed within GitHub's and Slack's limits, the rerun a duplicate) and lone
// surrogates (still a body both accept). Their subject is what the command decides and sends, which the
// loopback records whatever runs the command. That no secret is printed, as a process's own output streams
// show it, stays a process: test/e2e/security.e2e.test.ts; that none is published or sent elsewhere is
// test/integration/cli/printed-secrets.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createGitHub } from '../../../lib/github/client.ts'
import { renderBody, renderChat, renderTitle, type Failure } from '../../../lib/core/text/issue.ts'
import { postChat } from '../../../lib/chat/webhook.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { today } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import type { LoopbackGitHub } from '../../helpers/loopback-github.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_TIMEOUT: '5' }
const HEADINGS = ['## Deploy Failure Report', '### Commit Message', '### Failure Reason', '### Required Actions']
const Z = '\u200B'

const servers = useLoopback(test, { github: true })

const created = (gh: LoopbackGitHub) => gh.calls('POST', /\/issues$/).map((r) => r.json as { title: string; body: string })

/** The body's lines outside its one code block, and the block's content. */
function splitBody(body: string) {
  const lines = body.split('\n')
  const open = lines.indexOf('### Commit Message') + 1
  const close = lines.indexOf(lines[open]!, open + 1)
  return { outside: [...lines.slice(0, open), ...lines.slice(close + 1)], inside: lines.slice(open + 1, close).join('\n') }
}

// 2, 3, 5, 6. Hostile values reach GitHub and Slack only as text.

test('hostile values: the message stays in its block, nobody is pinged, Slack sees text, controls are visible', async () => {
  const { gh } = servers
  const message = 'Merge\n```\n### Failure Reason\n~~~\n`````\n@everyone <!-- #1\r\nend\u001B[2J'
  const reason = 'cc @alice @acme/sre, see #12 and acme/shop#3\n### Required Actions\n<details>\n<!channel> & <@U1>\u0007'
  const r = await runInProcess('report.mts', [reason], gh.env({ ...FAST, CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: message, DEPLOY_ENV: 'prod @ops #7\u0001' }))
  assert.is(r.code, 0, r.stderr)
  const [sent] = created(gh)
  assert.is(sent!.title, `[DEPLOY FAIL] prod @ops #7\u2401 — abc1234 — ${today()}`)

  const { outside, inside } = splitBody(sent!.body)
  assert.is(inside, 'Merge\n```\n### Failure Reason\n~~~\n`````\n@everyone <!-- #1\nend\u241B[2J', 'the whole message, verbatim but for CR LF and ESC')
  assert.equal(outside.filter((line) => /^ {0,3}#{1,6} /.test(line)), HEADINGS)
  assert.ok(outside.includes('**Environment:** `prod @ops #7\u2401`'), 'inline code: no mention')
  const reasonText = outside.slice(outside.indexOf('### Failure Reason') + 1, outside.indexOf('### Required Actions')).join('\n')
  assert.is(reasonText, `cc @${Z}alice @${Z}acme/sre, see #${Z}12 and acme/shop#${Z}3\n\\### Required Actions\n\\<details>\n\\<!channel> & <@${Z}U1>\u2407\n`)

  const { text } = gh.chat[0]!.json as { text: string }
  assert.is(text.split('\n')[0], '*[DEPLOY FAILURE]* prod @ops #7\u2401')
  assert.ok(text.includes('Reason: cc @alice @acme/sre, see #12 and acme/shop#3\n### Required Actions\n&lt;details&gt;\n&lt;!channel&gt; &amp; &lt;@U1&gt;\u2407\n'))
})

// 4. The length budget, end to end, and dedup with a shortened title.

test('a 100 KB commit message, a huge reason and environment: filed within limits, exit 0; the rerun is a duplicate', async () => {
  const { gh } = servers
  const env = { ...FAST, CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'A line of the commit message.\n'.repeat(3500), DEPLOY_ENV: 'env-'.repeat(1000), CI_PIPELINE_URL: 'https://ci.example/p/7' }
  const reason = '<!channel> failed '.repeat(5000)
  assert.ok(env.CI_COMMIT_MESSAGE.length > 100_000 && reason.length > 80_000)
  const first = await runInProcess('report.mts', [reason], gh.env(env))
  assert.is(first.code, 0, first.stderr)
  assert.match(first.stdout, /^\[INFO\] Created issue #1: /)
  const [sent] = created(gh)
  assert.ok(sent!.title.length <= 256 && sent!.body.length <= 65_536, `${sent!.title.length} / ${sent!.body.length}`)
  assert.match(sent!.title, /^\[DEPLOY FAIL\] (env-)+\S*… \[\d+ characters cut\] — abc1234 — \d{4}-\d\d-\d\d$/)
  const { inside } = splitBody(sent!.body)
  assert.ok(env.CI_COMMIT_MESSAGE.startsWith(inside) && inside.length > 10_000)
  const messageCut = Number(/\n\*\[(\d+) characters cut\]\*\n\n### Failure Reason\n/.exec(sent!.body)?.[1])
  assert.is(inside.length + messageCut, env.CI_COMMIT_MESSAGE.length, 'the note says how much of the message is missing')
  assert.match(sent!.body, /\n\n\*\[\d+ characters cut\]\*\n\n### Required Actions\n/, 'the reason is cut too, with its note')
  const { text } = gh.chat[0]!.json as { text: string }
  assert.ok(text.length < 40_000, String(text.length))
  assert.match(text, /\nReason: &lt;!channel&gt; failed [^\n<>]+ \[\d+ characters cut\]\nPipeline: /)

  const second = await runInProcess('report.mts', [reason], gh.env(env))
  assert.is(second.code, 0, second.stderr)
  assert.is(second.stdout, `[INFO] Duplicate issue found, skipping creation\n[INFO] Open issue #1 holds this report: ${gh.url}/acme/shop/issues/1\n`)
  assert.is(created(gh).length, 1, 'the shortened title is the same, so dedup finds it')
})

// 6. Lone surrogates cannot arrive through argv or the environment (Node decodes both as UTF-8 and
// replaces what is invalid), so they are sent through the library, as any caller of the renderers would.

test('lone surrogates and control codes in every field still give a body GitHub and Slack accept', async () => {
  const { gh } = servers
  const nasty = 'x\uD800y\uDFFFz\u0000\u001B'
  const failure: Failure = { environment: nasty, commitSha: nasty, commitMessage: nasty, reason: nasty, pipelineUrl: nasty, time: new Date() }
  const github = createGitHub({ token: gh.token, apiUrl: gh.url, timeoutMs: 5000, maxWaitSeconds: 1, retryAttempts: 1, retryDelaySeconds: 0.01 }, memoryLog())

  const raw = await fetch(`${gh.url}/repos/acme/shop/issues`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gh.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: `raw ${nasty}`, body: nasty }),
  })
  assert.is(raw.status, 400, 'the loopback, like GitHub, refuses what the raw values would give')
  const { status } = await github.request('POST /repos/{owner}/{repo}/issues', { owner: 'acme', repo: 'shop', title: renderTitle(failure), body: renderBody(failure) })
  assert.is(status, 201)
  assert.ok(await postChat(gh.chatUrl, renderChat(failure)), 'the chat sink accepts it too')
})

test.run()
