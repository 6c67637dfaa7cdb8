import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01' }

const servers = useLoopback(test, { github: true })

const lines = (text: string) => text.split('\n').filter(Boolean)

test('everything in place: one ✓ line per check, a closing line, exit 0, reads only, no chat post', async () => {
  const r = await runInProcess('doctor.mts', [], servers.gh.env(FAST))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const out = lines(r.stdout)
  assert.is(out.length, 11)
  assert.is(out[0], `✓ configuration valid: acme/shop at ${servers.gh.url}, environment production, pipeline unknown`)
  assert.is(out[1], '✓ identity: user deploy-bot (ISSUE_TOKEN)')
  assert.is(out[2], '✓ token accepted')
  assert.match(out[3]!, /^✓ rate limit: 4999 of 5000 requests left, resets at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  assert.is(out[4], '✓ repository readable: acme/shop, 42 stars')
  assert.is(out[5], '✓ permission push on acme/shop: labels of new issues are kept')
  assert.is(out[6], '✓ latest commit readable: "Fix the deploy" by Ada Lovelace')
  assert.is(out[7], '✓ label auto-deploy-failure exists')
  assert.is(out[8], '✓ label ops exists')
  assert.match(out[9]!, /^✓ chat webhook configured \(127\.0\.0\.1:\d+\); --ping posts a test message$/)
  assert.is(out[10], '[INFO] All 10 checks passed')
  assert.ok(servers.gh.requests.length > 0 && servers.gh.requests.every((q) => q.method === 'GET'))
  assert.ok(servers.gh.requests.every((q) => q.headers.authorization === `Bearer ${servers.gh.token}`))
  assert.is(servers.gh.chat.length, 0)
  assert.not.ok((r.stdout + r.stderr).includes(servers.gh.token))
})

test('a password in ISSUE_API_URL is never printed; the rest of the address is', async () => {
  const password = 'Us3rinfoPassw0rdSecret'
  const r = await runInProcess('doctor.mts', [], servers.gh.env({ ...FAST, ISSUE_API_URL: servers.gh.url.replace('http://', `http://ops:${password}@`) }))
  assert.not.ok((r.stdout + r.stderr).includes(password), r.stdout + r.stderr)
  assert.ok(r.stdout.includes(`✓ configuration valid: acme/shop at ${servers.gh.url.replace('http://', 'http://***@')}, environment production`), r.stdout)
})

test('--ping posts one test message to the webhook', async () => {
  const r = await runInProcess('doctor.mts', ['--ping'], servers.gh.env(FAST))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^✓ chat webhook accepted a test message \(format slack, 127\.0\.0\.1:\d+\)$/m)
  assert.is(servers.gh.chat.length, 1)
  assert.match((servers.gh.chat[0]!.json as { text: string }).text, /^Test message from deploy-failure-reporter .*acme\/shop.*No action needed\.$/)
})

test('a refused token: ✗ lines, exit 1, and the token is never printed', async () => {
  const token = 'ghp_wrongwrongwrong0123'
  const r = await runInProcess('doctor.mts', [], servers.gh.env({ ...FAST, ISSUE_TOKEN: token }))
  assert.is(r.code, 1)
  assert.match(r.stdout, /^✗ token refused \(HTTP 401: Bad credentials.*\): check ISSUE_TOKEN$/m)
  assert.is(r.stderr, '[ERROR] 6 of 8 checks failed\n')
  assert.not.ok((r.stdout + r.stderr).includes(token))
})

// Issue 32: "labels of new issues are kept" passed, so a missing label is no failure: GitHub creates it.
test('a missing label passes with a note where the identity may push, and fails the run where it may not', async () => {
  servers.gh.labels.delete('auto-deploy-failure')
  const r = await runInProcess('doctor.mts', [], servers.gh.env(FAST))
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.match(r.stdout, /^✓ permission push on acme\/shop: labels of new issues are kept$/m)
  assert.match(r.stdout, /^✓ label auto-deploy-failure missing: GitHub creates it with the first issue, as the identity may push$/m)
  assert.match(r.stdout, /^✓ label ops exists$/m)
  assert.is(r.stderr, '')
  servers.gh.permissions = { ...servers.gh.permissions, push: false }
  const without = await runInProcess('doctor.mts', [], servers.gh.env(FAST))
  assert.is(without.code, 1)
  assert.match(without.stdout, /^✗ label auto-deploy-failure missing: create it in the repository \(Issues → Labels\)$/m)
  assert.is(without.stderr, '[ERROR] 2 of 10 checks failed\n')
})

test('bad configuration: a ✗ line per problem, exit 2, no request', async () => {
  const r = await runInProcess('doctor.mts', [], { ...FAST, ISSUE_API_URL: servers.gh.url })
  assert.is(r.code, 2)
  assert.is(r.stdout, '✗ configuration: ISSUE_TOKEN is required\n✗ configuration: ISSUE_REPO is required (owner/repo)\n')
  assert.is(r.stderr, '[ERROR] Fix the configuration and run the doctor again\n')
  assert.is(servers.gh.requests.length, 0)
})

test('an unknown flag or a positional is a usage error: exit 2, no request', async () => {
  const [flag, positional] = await Promise.all([runInProcess('doctor.mts', ['--pong'], servers.gh.env(FAST)), runInProcess('doctor.mts', ['now'], servers.gh.env(FAST))])
  assert.is(flag.code, 2)
  assert.is(flag.stderr, '[ERROR] Unknown option --pong: the options are -h/--help, --ping; see --help\n')
  assert.is(positional.code, 2)
  assert.is(positional.stderr, '[ERROR] Unexpected argument "now"; see --help\n')
  assert.is(servers.gh.requests.length, 0)
})

test.run()
