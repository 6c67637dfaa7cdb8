// ON_DUPLICATE=comment: the reporter, run in process, against the loopback GitHub.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { today } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import type { LoopbackGitHub } from '../../helpers/loopback-github.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/8', ...FAST }
const COMMENT = { ...FIXED, ON_DUPLICATE: 'comment' }
const TITLE = () => `[DEPLOY FAIL] staging — abc1234 — ${today()}`
const DUPLICATE_LINE = '[INFO] Duplicate issue found, skipping creation\n'
const HOLDS = (gh: LoopbackGitHub, n = 1) => `[INFO] Open issue #${n} holds this report: ${gh.url}/acme/shop/issues/${n}\n`

const servers = useLoopback(test, { github: true })

const addComment = (issueNumber: number, body: string) => {
  const issue = servers.gh.issues.find((i) => i.number === issueNumber)!
  servers.gh.comments.push({ id: servers.gh.comments.length + 1, body, issue_number: issueNumber, created_at: new Date().toISOString(), html_url: `${issue.html_url}#c` })
  issue.comments++
}

test('a duplicate gets one comment with time, commit, pipeline, reason and the occurrence count', async () => {
  const issue = servers.gh.addIssue({ title: TITLE() })
  const r = await runInProcess('report.mts', ['Smoke test failed'], servers.gh.env(COMMENT))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const [dup, commented, ...rest] = r.stdout.split('\n')
  assert.is(`${dup}\n`, DUPLICATE_LINE)
  assert.is(commented, `[INFO] Commented on issue #${issue.number} (occurrence 2): ${issue.html_url}#issuecomment-1`)
  assert.equal(rest, [''])

  assert.is(servers.gh.calls('POST', /\/issues$/).length, 0, 'nothing created')
  const posts = servers.gh.calls('POST')
  assert.is(posts.length, 1)
  assert.is(posts[0]!.path, `/repos/acme/shop/issues/${issue.number}/comments`)
  assert.equal(Object.keys(posts[0]!.json as object), ['body'])
  const body = servers.gh.comments[0]!.body ?? ''
  assert.match(body, /^<!-- deploy-failure-reporter:occurrence -->\n/)
  assert.match(body, /occurrence 2\b/)
  assert.match(body, new RegExp(`\\n\\*\\*Time:\\*\\* ${today()} \\d\\d:\\d\\d:\\d\\d\\n`))
  assert.match(body, /\n\*\*Commit:\*\* `abc1234`\n/)
  assert.match(body, /\n\*\*Pipeline:\*\* <https:\/\/ci\.example\/p\/8>\n/)
  assert.match(body, /\n\*\*Reason:\*\* `Smoke test failed`\n/)
  assert.is(issue.state, 'open')
  assert.is(servers.gh.chat.length, 1, 'the chat notice still goes out')
})

test('the count comes from the reporter\'s own earlier comments: people commenting do not inflate it', async () => {
  const issue = servers.gh.addIssue({ title: TITLE() })
  addComment(issue.number, 'Looking into it, @alice')
  addComment(issue.number, 'Seems to be the database again.')
  let r = await runInProcess('report.mts', [], servers.gh.env(COMMENT))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /\(occurrence 2\)/)
  addComment(issue.number, '> quoting: Failed again: occurrence 2\n\nstill broken')
  r = await runInProcess('report.mts', [], servers.gh.env(COMMENT))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /\(occurrence 3\)/)
  const ours = servers.gh.comments.filter((c) => c.body?.startsWith('<!-- deploy-failure-reporter:occurrence -->'))
  assert.is(ours.length, 2)
  assert.match(ours[1]!.body!, /occurrence 3\b/)
  assert.is(issue.comments, 5)
})

test('the comment reads every page of comments to count', async () => {
  const issue = servers.gh.addIssue({ title: TITLE() })
  for (let i = 0; i < 3; i++) addComment(issue.number, `<!-- deploy-failure-reporter:occurrence -->\nearlier ${i}`)
  // The loopback answers a comment list in one page; make it look like three with Link headers.
  const page = (n: number) => `<${servers.gh.url}/repos/acme/shop/issues/${issue.number}/comments?per_page=100&page=${n}>; rel="next"`
  servers.gh.inject('GET', /\/comments$/, { status: 200, body: [{ body: '<!-- deploy-failure-reporter:occurrence -->\nx' }], headers: { link: page(2) } })
  servers.gh.inject('GET', /\/comments$/, { status: 200, body: [{ body: 'human' }], headers: { link: page(3) } })
  const r = await runInProcess('report.mts', [], servers.gh.env(COMMENT))
  assert.is(r.code, 0, r.stderr)
  assert.is(servers.gh.calls('GET', /\/comments$/).length, 3)
  // 1 (the issue) + 1 (page 1) + 3 (page 3) + this one.
  assert.match(r.stdout, /\(occurrence 6\)/)
})

test('hostile text stays inert: backticks, mentions, headings and HTML comments remain inside inline code', async () => {
  const issue = servers.gh.addIssue({ title: TITLE() })
  const reason = 'x`` @org/team #1 <!-- deploy-failure-reporter:occurrence --> <img src=x>'
  const r = await runInProcess('report.mts', [reason], servers.gh.env({ ...COMMENT, CI_PIPELINE_URL: 'not a url @bob' }))
  assert.is(r.code, 0, r.stderr)
  const body = servers.gh.comments.find((c) => c.issue_number === issue.number)!.body ?? ''
  // The reason holds a run of two backticks, so its inline code is fenced with three.
  assert.ok(body.includes(`\n**Reason:** \`\`\`${reason}\`\`\`\n`), body)
  assert.match(body, /\n\*\*Pipeline:\*\* `not a url @bob`\n/)
  assert.is(body.split('<!-- deploy-failure-reporter:occurrence -->').length, 3, 'the marker leads; the copy in the reason is in code')
  assert.ok(body.startsWith('<!-- deploy-failure-reporter:occurrence -->\n'))
})

test('ON_DUPLICATE=skip (the default) neither reads nor writes comments', async () => {
  servers.gh.addIssue({ title: TITLE() })
  for (const env of [FIXED, { ...FIXED, ON_DUPLICATE: 'skip' }]) {
    const r = await runInProcess('report.mts', [], servers.gh.env(env))
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout, DUPLICATE_LINE + HOLDS(servers.gh))
  }
  assert.is(servers.gh.calls('GET', /\/comments$/).length + servers.gh.calls('POST').length, 0)
})

test('a comment the API refuses is one [WARN]; the run still succeeds as a duplicate', async () => {
  servers.gh.addIssue({ title: TITLE() })
  servers.gh.inject('POST', /\/comments$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
  const r = await runInProcess('report.mts', [], servers.gh.env(COMMENT))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, DUPLICATE_LINE + HOLDS(servers.gh))
  assert.match(r.stderr, /^\[WARN\] Could not comment on issue #1, so this occurrence is not recorded there \(HTTP 403: Resource not accessible/)
  assert.is(r.stderr.trimEnd().split('\n').length, 1)
  assert.is(servers.gh.calls('POST').length, 1, 'a 403 is not retried')
  assert.is(servers.gh.comments.length, 0)
})

test('a comment stored but answered with a 502 is not posted again', async () => {
  servers.gh.addIssue({ title: TITLE() })
  servers.gh.inject('POST', /\/comments$/, { commitThen: 502 })
  const r = await runInProcess('report.mts', [], servers.gh.env(COMMENT))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.01s\.\.\. \(commenting on issue #1: HTTP 502/)
  assert.is(servers.gh.comments.length, 1)
  assert.match(r.stdout, /\(occurrence 2\)/)
})

test('--log: the occurrence comment carries the log excerpt, secrets masked; a huge log stays within the comment limit', async () => {
  const issue = servers.gh.addIssue({ title: TITLE() })
  const token = servers.gh.token
  const huge = Array.from({ length: 100_000 }, (_, i) => `step ${i} ok`).join('\n') + `\nusing ${token}\nnpm ERR! code 1\n`
  const r = await runInProcess('report.mts', ['--log', '-', 'Smoke test failed'], servers.gh.env({ ...COMMENT, REPORT_LOG_LINES: '100000' }), { input: huge })
  assert.is(r.code, 0, r.stderr)
  const body = servers.gh.comments.find((c) => c.issue_number === issue.number)!.body ?? ''
  assert.ok(body.length <= 65_536, `${body.length}`)
  assert.match(body, /\n\*\*Reason:\*\* `Smoke test failed`\n\n### Log excerpt\n<details><summary>Last \d+ lines of standard input<\/summary>\n\n\*\[\d+ characters cut\]\*\n/)
  assert.ok(body.endsWith('\nusing ***\nnpm ERR! code 1\n```\n\n</details>\n'), body.slice(-200))
  assert.not.ok(body.includes(token))
  assert.not.ok(JSON.stringify(servers.gh.chat.map((c) => c.json)).includes('npm ERR!'), 'the chat notice carries no log')
})

test('a bad ON_DUPLICATE value is a configuration error, before any request', async () => {
  const r = await runInProcess('report.mts', [], servers.gh.env({ ...FIXED, ON_DUPLICATE: 'reopen' }))
  assert.is(r.code, 2)
  assert.is(r.stderr, '[ERROR] ON_DUPLICATE must be skip or comment, got "reopen"\n')
  assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
})

test.run()
