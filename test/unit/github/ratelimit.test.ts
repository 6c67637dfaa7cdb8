import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { localTimestamp } from '../../../lib/core/text/issue.ts'
import { waitBudget } from '../../../lib/core/retry/budget.ts'
import { isKnownToThrottling, rateLimitOf } from '../../../lib/github/ratelimit.ts'
import { RateLimited } from '../../../lib/core/errors.ts'

const localTime = (ms: number) => localTimestamp(new Date(ms))

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0)
const answer = (status: number, headers: Record<string, string>, message = 'x') => ({ status, message, response: { headers } })

test('primary: 403 or 429 with x-ratelimit-remaining 0 lifts at x-ratelimit-reset', () => {
  for (const status of [403, 429]) {
    const limit = rateLimitOf(answer(status, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) }), NOW)
    assert.equal(limit, { kind: 'primary', resetsAt: NOW + 90_000, waitSeconds: 90 })
  }
})

test('secondary: retry-after in seconds, or the "secondary rate" wording alone (then a minute)', () => {
  assert.equal(rateLimitOf(answer(429, { 'retry-after': '7' }), NOW), { kind: 'secondary', resetsAt: NOW + 7000, waitSeconds: 7 })
  assert.equal(rateLimitOf(answer(403, { 'retry-after': '0' }), NOW)?.waitSeconds, 0)
  const worded = rateLimitOf(answer(403, {}, 'You have exceeded a secondary rate limit.'), NOW)
  assert.equal(worded, { kind: 'secondary', resetsAt: NOW + 60_000, waitSeconds: 60 })
})

test('not a rate limit: other statuses, a plain 403, no response, a malformed retry-after', () => {
  assert.is(rateLimitOf(answer(500, { 'retry-after': '1' }), NOW), undefined)
  assert.is(rateLimitOf(answer(403, { 'x-ratelimit-remaining': '12' }, 'Resource not accessible by integration'), NOW), undefined)
  assert.is(rateLimitOf({ status: 429, message: 'x' }, NOW), undefined)
  assert.is(rateLimitOf(answer(429, { 'retry-after': 'soon' }), NOW), undefined)
  assert.is(rateLimitOf(undefined, NOW), undefined)
})

test('plugin-throttling handles the wording and a spent quota; retry-after alone is left to us', () => {
  assert.ok(isKnownToThrottling(answer(403, {}, 'You have exceeded a secondary rate limit')))
  assert.ok(isKnownToThrottling(answer(429, { 'x-ratelimit-remaining': '0' })))
  assert.not.ok(isKnownToThrottling(answer(429, { 'retry-after': '3' }, 'Too Many Requests')))
})

test('the wait budget books waits until the next one would pass the cap', () => {
  const budget = waitBudget(5)
  assert.ok(budget.take(2))
  assert.ok(budget.take(3))
  assert.not.ok(budget.take(1))
  assert.is(budget.waited, 5)
  assert.ok(waitBudget(0).take(0))
})

test('RateLimited says "rate limit", when it resets and what to do; keeps status, response and cause', () => {
  const cause = answer(429, { 'retry-after': '600' })
  const limit = rateLimitOf(cause, NOW)!
  const error = new RateLimited(limit, 'POST /repos/acme/shop/issues', 60, cause)
  assert.match(error.message, /rate limit/)
  assert.ok(error.message.includes(`resets at ${localTime(NOW + 600_000)} (in 600s)`))
  assert.match(error.message, /REPORT_MAX_WAIT/)
  assert.is(error.status, 429)
  assert.is(error.response, cause.response)
  assert.is(error.cause, cause)
  assert.match(localTime(NOW), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
})

test.run()
