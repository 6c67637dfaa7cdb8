// What the rate-limit tests share (test/integration/cli/ratelimit.test.ts in process, test/e2e/ratelimit.e2e.test.ts
// as processes): the run's environment, GitHub's answers, and the checks of a run that waited or gave up.
import * as assert from 'uvu/assert'
import { today, type RunResult } from './helpers.ts'
import type { LoopbackGitHub } from './loopback-github.ts'

export const BASE = { CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'm', DEPLOY_ENV: 'staging', REPORT_RETRY_DELAY: '0.01', REPORT_MAX_WAIT: '10' }
export const TITLE = () => `[DEPLOY FAIL] staging — abc1234 — ${today()}`
export const LIST = /^\/repos\/acme\/shop\/issues$/
export const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
export const epoch = (inSeconds: number) => Math.floor(Date.now() / 1000) + inSeconds

export const warnings = (r: RunResult) => r.stderr.split('\n').filter((l) => l.startsWith('[WARN]'))
export const primary = (status: number, reset: number) => ({
  status,
  body: { message: 'API rate limit exceeded for user ID 1.' },
  headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
})

/** The run waited once, said so in one `[WARN]` with the reason and the seconds, and filed one issue. */
export const waitedOnce = (kind: 'Primary' | 'Secondary', call: string, posts: number) => (s: LoopbackGitHub, r: RunResult) => {
  assert.is(r.code, 0)
  assert.equal(warnings(r).length, 1)
  assert.match(warnings(r)[0]!, new RegExp(`^\\[WARN\\] ${kind} rate limit on ${call}; waiting \\d+s$`))
  assert.is(s.openIssues(TITLE()).length, 1)
  assert.match(r.stdout, /^\[INFO\] Created issue #1: /)
  assert.is(s.calls('POST', LIST).length, posts)
}

/** The run stopped at the limit: exit 1, the spec's line, then when the limit resets; nothing more was asked. */
export const gaveUp = (requests: number, resetsAt: () => RegExp) => (s: LoopbackGitHub, r: RunResult) => {
  assert.is(r.code, 1)
  assert.is(warnings(r).filter((l) => /waiting/.test(l)).length, 0, 'no wait was started')
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue\n\[ERROR\] GitHub API (primary|secondary) rate limit hit on /m)
  assert.match(r.stderr, resetsAt())
  assert.match(r.stderr, /REPORT_MAX_WAIT/)
  assert.is(s.requests.length, requests)
  assert.is(s.openIssues().length, 0)
  assert.is(s.chat.length, 1, 'the chat notice still goes out')
}

// The reset time is printed as the reporter's local timestamp; this is the same instant written by hand.
export const at = (epochSeconds: number) => {
  const d = new Date(epochSeconds * 1000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}
export const AROUND_TEN_MINUTES = () => new RegExp(`resets at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\(in (59\\d|600)s\\)`)
