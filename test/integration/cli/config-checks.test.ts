// Configuration is checked before any request: scripts/report.mts run in process (test/helpers/in-process.ts)
// against the loopback GitHub with a malformed ISSUE_REPO, ISSUE_API_URL or CHAT_WEBHOOK. A bad required
// value ends the run with exit 2, named with its form, before any request; a bad chat address costs only
// the chat post, and is not echoed, since it may hold a secret. Moved from test/e2e/security.e2e.test.ts,
// whose subject is what only a process's own output shows.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import type { LoopbackGitHub } from '../../helpers/loopback-github.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_TIMEOUT: '5' }
const FIXED = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/7' }

// A fresh loopback GitHub for each test, so that each one's count of requests is its own.
const servers = useLoopback(test, { github: true })
const server = async (): Promise<LoopbackGitHub> => servers.gh

const created = (gh: LoopbackGitHub) => gh.calls('POST', /\/issues$/).map((r) => r.json as { title: string; body: string })
// Runs in process take turns (in-process.ts): one after another, in order.
const each = async <T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = []
  for (const item of items) results.push(await fn(item))
  return results
}

test('every malformed ISSUE_REPO: exit 2, a message naming ISSUE_REPO and its form, zero requests', async () => {
  const gh = await server()
  // The issue's forms; `.`, `..` and the length limits are covered by test/unit/config/config.test.ts.
  const bad = ['acme', 'acme/shop/extra', '../../x', 'acme/sh op', 'acme/shop?x=1']
  const results = await each(bad, (repo) => runInProcess('report.mts', ['x'], gh.env({ ...FIXED, ISSUE_REPO: repo })))
  results.forEach((r, i) => {
    assert.is(r.code, 2, bad[i])
    assert.is(r.stdout, '')
    assert.match(r.stderr, /^\[ERROR\] ISSUE_REPO must have the form owner\/repo \(owner: letters, digits and -, up to 39; repo: letters, digits, \., _ and -, up to 100\)/)
    assert.ok(r.stderr.includes(JSON.stringify(bad[i])), `shows the value ${bad[i]}`)
  })
  assert.is(gh.requests.length + gh.chat.length, 0, 'no request of any kind')
})

test('ISSUE_API_URL that is not http(s): exit 2, named, no request', async () => {
  const gh = await server()
  const bad = ['not a url', `ftp://${gh.url.slice('http://'.length)}`]
  const results = await each(bad, (url) => runInProcess('report.mts', [], gh.env({ ...FIXED, ISSUE_API_URL: url })))
  for (const r of results) {
    assert.is(r.code, 2)
    assert.match(r.stderr, /^\[ERROR\] ISSUE_API_URL must be an http\(s\) URL such as https:\/\/api\.github\.com/)
  }
  assert.is(gh.requests.length + gh.chat.length, 0)
})

test('a malformed CHAT_WEBHOOK: one [WARN] line, the issue is still filed, no chat post', async () => {
  const gh = await server()
  const r = await runInProcess('report.mts', ['x'], gh.env({ ...FIXED, ...FAST, CHAT_WEBHOOK: gh.chatUrl.replace('http://', '') }))
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr.split('\n').filter(Boolean).length, 1)
  assert.match(r.stderr, /^\[WARN\] CHAT_WEBHOOK is not an http\(s\) URL/)
  assert.not.ok(r.stderr.includes(gh.chatUrl.replace('http://', '')), 'the address, which may hold a secret, is not echoed')
  assert.match(r.stdout, /^\[INFO\] Created issue #1: /)
  assert.is(created(gh).length, 1)
  assert.is(gh.chat.length, 0)
})

test.run()
