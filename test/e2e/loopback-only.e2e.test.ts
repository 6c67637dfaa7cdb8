// Tests never reach anything but 127.0.0.1: the test runner and every process a test starts preload
// test/helpers/loopback-only.mjs. These tests prove the guard is in place, in this process and in a real
// command given an outside address. The address is 192.0.2.1 (TEST-NET-1, reserved for documentation,
// RFC 5737): even without the guard nothing would leave the machine, and no name is looked up.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { request } from 'node:http'
import { runScript } from '../helpers/helpers.ts'

const OUTSIDE = 'http://192.0.2.1:8080'

test('in the test runner itself, a connection to an outside address is refused by the guard', async () => {
  const error = await new Promise<Error>((resolve) => {
    const req = request(`${OUTSIDE}/`, { timeout: 5_000 }, () => resolve(new Error('answered')))
    req.on('error', resolve)
    req.on('timeout', () => req.destroy(new Error('timed out: the guard is not loaded')))
    req.end()
  })
  assert.match(error.message, /^loopback-only: connection to 192\.0\.2\.1:8080 refused$/)
})

test('a real command pointed at an outside API and chat is refused before any request leaves', async () => {
  const r = await runScript('report.mts', ['Deploy job failed'], {
    ISSUE_TOKEN: 'ghp_guardtestguardtestguardtestguard00',
    ISSUE_REPO: 'acme/shop',
    ISSUE_API_URL: OUTSIDE,
    CHAT_WEBHOOK: `${OUTSIDE}/chat`,
    CI_COMMIT_SHA: 'abc1234',
    CI_COMMIT_MESSAGE: 'Guard',
    REPORT_RETRY_ATTEMPTS: '1',
    REPORT_RETRY_DELAY: '0',
  })
  assert.is(r.code, 1, r.stderr)
  const refused = r.stderr.split('\n').filter((line) => line.startsWith('[loopback-only] refused a connection to 192.0.2.1:8080'))
  // The list, the create (the list failing counts as no duplicate) and the chat post: every one refused.
  assert.ok(refused.length >= 3, r.stderr)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
})

test.run()
