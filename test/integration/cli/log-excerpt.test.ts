// The log excerpt and the reason file: the reporter, run in process, against the loopback GitHub.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../../helpers/fixtures.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { startLoopbackGitHub } from '../../helpers/loopback-github.ts'
import { useLoopback } from '../../helpers/servers.ts'

const ENV = { ...FIXED_ENV, ...FAST_ENV }
// Made-up values in each vendor's token format; none is a real credential.
const PLANTED = [
  'ghp_' + 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2',
  'glpat-' + 'abcDEF123_-ghiJKL456',
  'xoxb-' + '123456789012-' + 'AbCdEfGhIjKl',
  'AKIA' + 'ABCDEFGHIJKLMNOP',
]

const servers = useLoopback(test, { github: true, tmpdir: 'log-e2e-' })

const write = (name: string, content: string) => {
  const path = join(servers.dir, name)
  writeFileSync(path, content)
  return path
}
const sentBody = () => (servers.gh.calls('POST', /\/issues$/)[0]!.json as { body: string }).body
const withoutTime = (body: string) => body.replace(/\n\*\*Time:\*\* [^\n]*\n/, '\n')

test('--log: the last 100 lines, colour codes stripped, every secret masked, after the reason; not in chat', async () => {
  const lines = Array.from({ length: 150 }, (_, i) => `\u001B[32mstep ${i + 1}\u001B[0m ok`)
  lines.push(`export GITHUB_TOKEN=${PLANTED[0]}`, `curl -H "Authorization: Bearer ${servers.gh.token}" x`, `${PLANTED.slice(1).join(' ')}`)
  lines.push('-----BEGIN PRIVATE KEY-----', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', '-----END PRIVATE KEY-----', '```', 'exit 1')
  const path = write('deploy.log', lines.join('\n') + '\n')

  const r = await runInProcess('report.mts', ['--log', path, 'Deploy job failed'], servers.gh.env(ENV))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const body = sentBody()
  assert.ok(body.length <= 65_536)
  for (const secret of [...PLANTED, servers.gh.token, 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC']) assert.not.ok(body.includes(secret), `leaked ${secret.slice(0, 8)}`)
  assert.not.ok(body.includes('\u001B'), 'no escape code survives')
  const section = body.slice(body.indexOf('### Log excerpt'), body.indexOf('### Required Actions'))
  assert.ok(body.indexOf('### Failure Reason\nDeploy job failed\n\n### Log excerpt\n') > 0, 'right after the reason')
  // 158 lines written; the three-line key becomes one `***` line, so the last 100 start at step 57.
  assert.ok(section.startsWith(`### Log excerpt\n<details><summary>Last 100 lines of ${path}</summary>\n\n\`\`\`\`\nstep 57 ok\n`), section.slice(0, 200))
  assert.ok(section.endsWith('```\nexit 1\n````\n\n</details>\n\n'), 'a fence longer than the log\'s own')
  assert.ok(section.includes('\nexport GITHUB_TOKEN=***\ncurl -H "Authorization: ***\n*** *** ***\n***\n'))
  assert.not.match(servers.gh.chat[0]!.body, /step|Log excerpt|\*\*\*/)
})

test('REPORT_LOG_FILE, REPORT_LOG_LINES and CI_JOB_URL; a huge log is cut from its start to fit the body', async () => {
  const line = 'x'.repeat(1000)
  const path = write('huge.log', Array.from({ length: 3000 }, (_, i) => `${i + 1} ${line}`).join('\n') + '\nthe end\n')
  const env = servers.gh.env({ ...ENV, REPORT_LOG_FILE: path, REPORT_LOG_LINES: '2500', CI_JOB_URL: 'https://gitlab.example/g/p/-/jobs/77' })
  const r = await runInProcess('report.mts', ['Deploy job failed'], env)
  assert.is(r.code, 0, r.stderr)
  const body = sentBody()
  assert.ok(body.length <= 65_536 && body.length > 60_000, `length ${body.length}`)
  assert.match(body, /<summary>Last \d\d lines of [^<]*huge\.log, full log: <a href="https:\/\/gitlab\.example\/g\/p\/-\/jobs\/77">/)
  assert.match(body, /\n\*\[\d+ characters cut\]\*\n\n```\n\d+ x+\n/)
  assert.ok(body.includes('\nthe end\n```\n\n</details>\n'))
  assert.ok(body.includes('### Commit Message\n```\nBump the widget\n```'), 'the message is whole')
})

test('--log -: the log comes from standard input', async () => {
  const r = await runInProcess('report.mts', ['--log', '-'], servers.gh.env(ENV), { input: 'one\ntwo\n' })
  assert.is(r.code, 0, r.stderr)
  assert.ok(sentBody().includes('<summary>Last 2 lines of standard input</summary>\n\n```\none\ntwo\n```\n'))
})

test('a missing log is one [WARN]; the issue is filed with the body a run without --log sends', async () => {
  const missing = join(servers.dir, 'nope.log')
  const r = await runInProcess('report.mts', ['--log', missing, 'Deploy job failed'], servers.gh.env(ENV))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, `[WARN] Could not read the log ${missing} (ENOENT), so the issue has no log excerpt\n`)
  const withMissingLog = sentBody()

  const plain = await startLoopbackGitHub()
  try {
    const p = await runInProcess('report.mts', ['Deploy job failed'], plain.env(ENV))
    assert.is(p.code, 0, p.stderr)
    assert.is(withoutTime(withMissingLog), withoutTime((plain.calls('POST', /\/issues$/)[0]!.json as { body: string }).body))
  } finally {
    await plain.close()
  }
})

test('--reason-file: a 1 MB reason is filed, cut by the budget, and the chat stays within its limit', async () => {
  const reason = 'Migration 42 failed: ' + 'r'.repeat(1_048_576)
  const path = write('reason.txt', reason + '\n')
  const r = await runInProcess('report.mts', ['--reason-file', path], servers.gh.env(ENV))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const body = sentBody()
  assert.ok(body.length <= 65_536)
  assert.match(body, /\n### Failure Reason\nMigration 42 failed: r{1000,}\n\n\*\[\d+ characters cut\]\*\n/)
  const chat = (servers.gh.chat[0]!.json as { text: string }).text
  assert.ok(chat.length < 40_000 && chat.includes('Reason: Migration 42 failed: rrr'))
})

test('--reason-file - reads standard input; a reason argument as well is a usage error (exit 2)', async () => {
  const r = await runInProcess('report.mts', ['--reason-file', '-'], servers.gh.env(ENV), { input: 'from stdin\n' })
  assert.is(r.code, 0, r.stderr)
  assert.ok(sentBody().includes('\n### Failure Reason\nfrom stdin\n'))

  const both = await runInProcess('report.mts', ['--reason-file', '-', 'Deploy job failed'], servers.gh.env(ENV))
  assert.is(both.code, 2)
  assert.is(both.stderr, '[ERROR] Give the reason as an argument or with --reason-file, not both; see --help\n')
})

test('a bad REPORT_LABELS or REPORT_ASSIGNEES entry: exit 2 naming it, before any request', async () => {
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...ENV, REPORT_LABELS: `ok,${'y'.repeat(51)}`, REPORT_ASSIGNEES: 'octocat,-bad-' }))
  assert.is(r.code, 2)
  assert.match(r.stderr, new RegExp(`^\\[ERROR\\] REPORT_LABELS: "${'y'.repeat(51)}" is not a GitHub label name`))
  assert.match(r.stderr, /\n\[ERROR\] REPORT_ASSIGNEES: "-bad-" is not a GitHub login/)
  assert.is(servers.gh.requests.length, 0)
})

test.run()
