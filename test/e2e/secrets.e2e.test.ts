// Every secret through every input to every sink (issue 31 §1, docs/security.md): the real `report`
// command against the loopback GitHub (with its Actions run), chat, Slack Web API and PagerDuty. Every
// secret the configuration holds is planted in every input a run reads (the --log file, the reason or the
// reason file, the commit message, the CI's job log, its job and step names, the template's values), and
// no 8-character piece of any of them may reach any sink: the issue's title, body and comment as GitHub
// received them, the chat bodies, the pager's events, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, --json, stdout
// and stderr.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../helpers/fixtures.ts'
import { runScript, type RunResult } from '../helpers/helpers.ts'
import { actionsJob, LoopbackActions, SETUP, stamped } from '../helpers/loopback-github-actions.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'
import { startLoopbackPagerDuty, type LoopbackPagerDuty } from '../helpers/loopback-pagerduty.ts'
import { startLoopbackSlack, type LoopbackSlack } from '../helpers/loopback-slack.ts'
import { testApp } from '../helpers/github-app.ts'

// Made-up values in their vendors' formats; none is a real credential. Each is given its own shape on
// purpose: some match a well-known pattern, some (the routing key, the proxy password) only the list.
const TOKEN = 'ghp_' + 'SecretsE2eIssueToken0123456789abcdef'
const WEBHOOK_PATH = '/chat/T0HOOKPATH/B0HOOKPATH/webhookPathSecret0123456789'
const BOT_TOKEN = 'xoxb-' + '4242424242-botTokenSecretValue98765'
const ROUTING_KEY = 'R0UTINGkeySecretValue0123456789ab'
const CI_LOG_TOKEN = 'CiLogTokenSecret-0123456789abcdefXY'
const PROXY_PASSWORD = 'Pr0xyPasswordSecret0123'
const INSTALLATION_TOKEN = 'ghs_' + 'InstallationTokenSecret0123456789ab'
const APP = testApp()
// The key's body lines: a line of it is the fragment an error or a log would print.
const KEY_LINES = APP.privateKey.split('\n').filter((line) => line !== '' && !line.startsWith('-----'))

const FRAGMENT = 8
/** Every `FRAGMENT`-character piece of `secret`. */
const pieces = (secret: string): string[] => Array.from({ length: secret.length - FRAGMENT + 1 }, (_, i) => secret.slice(i, i + FRAGMENT))

/** The first piece of any of `secrets` found in `text`, or undefined. */
function leaked(text: string, secrets: readonly string[]): string | undefined {
  for (const secret of secrets) for (const piece of pieces(secret)) if (text.includes(piece)) return `${piece} (of ${secret.slice(0, 6)}…)`
  return undefined
}

/** Every secret of a run, each once, glued to words on both sides as a careless script prints them. */
const planted = (secrets: readonly string[]) => secrets.map((s) => `x${s}y`).join(' ; ')

// A secret that straddles the point where a long log line is cut (4,096 characters for a CI log line).
const straddling = (secret: string) => `${'#'.repeat(4_096 - 10)}${secret}${'='.repeat(100)}`

interface World {
  readonly gh: LoopbackGitHub
  readonly actions: LoopbackActions
  readonly pager: LoopbackPagerDuty
  readonly slack: LoopbackSlack
  readonly dir: string
}

let world: World | undefined
test.after.each(async () => {
  if (!world) return
  await Promise.all([world.gh.close(), world.actions.close(), world.pager.close(), world.slack.close()])
  rmSync(world.dir, { recursive: true, force: true })
  world = undefined
})

async function start(options: Parameters<typeof startLoopbackGitHub>[0]): Promise<World> {
  const gh = await startLoopbackGitHub(options)
  const [actions, pager, slack] = await Promise.all([LoopbackActions.attach(gh), startLoopbackPagerDuty(ROUTING_KEY), startLoopbackSlack(BOT_TOKEN)])
  world = { gh, actions, pager, slack, dir: mkdtempSync(join(tmpdir(), 'secrets-e2e-')) }
  return world
}

// The CI's record: a failed job and step named with the secrets, whose log prints them all, one of them
// across the line cut.
function failedRun(w: World, secrets: readonly string[]): void {
  const name = `deploy ${planted(secrets)}`
  const log = stamped([
    ...SETUP,
    `##[group]Run ./deploy.sh ${planted(secrets)}`,
    './deploy.sh',
    '##[endgroup]',
    ...secrets.map((s) => `echo ${s}`),
    ...secrets.map(straddling),
    `curl -H "JOB-TOKEN: ${secrets[0]}" https://ci.example/api`,
    '##[error]Process completed with exit code 1.',
  ])
  w.actions.add(actionsJob(301, name, 'failure', [['Set up job', 'success'], [`Run ./deploy.sh ${planted(secrets)}`, 'failure']], log))
}

// Every sink a run writes to, as text.
function sinks(w: World, r: RunResult, files: { output: string; summary: string }): Record<string, string> {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8')
    } catch {
      return ''
    }
  }
  const issues = w.gh.calls('POST', /\/issues$/).map((q) => q.json as { title: string; body: string })
  const comments = w.gh.calls('POST', /\/comments$/).map((q) => (q.json as { body: string }).body)
  return {
    'issue title': issues.map((i) => i.title).join('\n'),
    'issue body': issues.map((i) => i.body).join('\n'),
    comment: comments.join('\n'),
    'issue updates': w.gh.calls('PATCH').map((q) => q.body).join('\n'),
    chat: w.gh.chat.map((q) => q.body).join('\n'),
    'slack api': w.slack.requests.map((q) => JSON.stringify(q.json)).join('\n'),
    pager: w.pager.events.map((e) => JSON.stringify({ ...e.json, routing_key: undefined })).join('\n'),
    GITHUB_OUTPUT: read(files.output),
    GITHUB_STEP_SUMMARY: read(files.summary),
    stdout: r.stdout,
    stderr: r.stderr,
  }
}

function assertNoLeak(label: string, found: Record<string, string>, secrets: readonly string[], wholes: readonly string[] = []): void {
  for (const [sink, text] of Object.entries(found)) {
    const piece = leaked(text, secrets)
    assert.is(piece, undefined, `${label}: ${sink} carries ${piece}`)
    for (const whole of wholes) assert.not.ok(text.includes(whole), `${label}: ${sink} carries a whole secret`)
  }
}

const TEMPLATE = [
  '---',
  'title: "{{default_title}} {{ref}}"',
  '---',
  '{{default_body}}',
  '',
  '| actor | ref |',
  '|---|---|',
  '| {{actor}} | {{ref}} |',
  '',
  '<details><summary>{{ref}}</summary>{{{actor}}}</details>',
  '',
].join('\n')

test('a token run: every secret in the log file, the reason, the commit message, the CI\'s job names, and the template values reaches no sink, created or commented', async () => {
  const w = await start({ token: TOKEN })
  const webhook = `${w.gh.url}${WEBHOOK_PATH}`
  const secrets = [TOKEN, WEBHOOK_PATH, BOT_TOKEN, ROUTING_KEY, CI_LOG_TOKEN, PROXY_PASSWORD]
  failedRun(w, secrets)
  const logFile = join(w.dir, 'deploy.log')
  writeFileSync(logFile, [...secrets.map((s) => `+ curl ${s}`), webhook, ...secrets.map(straddling), `Authorization: Bearer ${TOKEN}`, ''].join('\n'))
  const template = join(w.dir, 'issue.md')
  writeFileSync(template, TEMPLATE)
  const files = { output: join(w.dir, 'output'), summary: join(w.dir, 'summary') }
  const env = {
    ...w.gh.env({ ...FIXED_ENV, ...FAST_ENV, CHAT_WEBHOOK: webhook }),
    ...w.actions.env(),
    ...w.pager.env(),
    CI_COMMIT_MESSAGE: `Bump ${planted(secrets)} ${webhook}`,
    CI_LOG_TOKEN,
    HTTPS_PROXY: `http://deploy:${PROXY_PASSWORD}@127.0.0.1:9`,
    NO_PROXY: '127.0.0.1,localhost',
    GITHUB_ACTOR: `actor-${planted(secrets)}`,
    GITHUB_REF_NAME: `ref-${planted(secrets)}`,
    REPORT_TEMPLATE: template,
    ON_DUPLICATE: 'comment',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
  }
  const reason = `Deploy failed: ${planted(secrets)} ${webhook}`
  for (const round of ['created', 'commented']) {
    const r = await runScript('report.mts', ['--json', '--log', logFile, reason], env)
    assert.is(r.code, 0, r.stderr)
    assert.match(r.stdout, new RegExp(`"outcome":"${round}"`))
    assertNoLeak(round, sinks(w, r, files), secrets, [webhook])
  }
  // The run did reach every sink: the assertions above looked at real text.
  assert.is(w.gh.calls('POST', /\/issues$/).length, 1)
  assert.is(w.gh.calls('POST', /\/comments$/).length, 1)
  assert.ok(w.gh.chat.length >= 2 && w.pager.events.length >= 1)
  assert.ok(readFileSync(files.summary, 'utf8').includes('***'), 'the summary shows where a secret was')
})

test('an App run with Slack\'s Web API: the key, the installation token, the bot token and the CI log token in the reason file, the commit message and the CI\'s log reach no sink', async () => {
  const w = await start({ app: { ...APP.loopback, tokens: [INSTALLATION_TOKEN, INSTALLATION_TOKEN] } })
  const secrets = [BOT_TOKEN, ROUTING_KEY, CI_LOG_TOKEN, PROXY_PASSWORD, INSTALLATION_TOKEN, ...KEY_LINES]
  failedRun(w, secrets)
  const reasonFile = join(w.dir, 'reason.txt')
  writeFileSync(reasonFile, `Deploy failed\n${planted(secrets)}\n${APP.privateKey}\n`)
  const files = { output: join(w.dir, 'output'), summary: join(w.dir, 'summary') }
  const { ISSUE_TOKEN: _, CHAT_WEBHOOK: __, ...base } = w.gh.env({ ...FIXED_ENV, ...FAST_ENV })
  const env = {
    ...base,
    ...w.actions.env(),
    ...w.pager.env(),
    ISSUE_APP_ID: String(APP.loopback.id),
    ISSUE_APP_PRIVATE_KEY: APP.privateKey,
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_CHANNEL: '#deploys',
    SLACK_API_URL: w.slack.url,
    CI_COMMIT_MESSAGE: `Bump\n${APP.privateKey}\n${planted(secrets)}`,
    CI_LOG_TOKEN,
    HTTP_PROXY: `http://deploy:${PROXY_PASSWORD}@127.0.0.1:9`,
    NO_PROXY: '127.0.0.1,localhost',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
  }
  const r = await runScript('report.mts', ['--json', '--reason-file', reasonFile], env)
  assert.is(r.code, 0, r.stderr)
  assertNoLeak('app', sinks(w, r, files), secrets)
  const body = (w.gh.calls('POST', /\/issues$/)[0]!.json as { body: string }).body
  assert.ok(body.includes('### What failed'), 'the CI log was read')
  assert.ok(w.slack.messages.length >= 1 && w.pager.events.length >= 1)
})

test.run()
