// Issue 3, item 5: rate limits are waited out within REPORT_MAX_WAIT, and past it the run fails at once:
// what `report` waits for, asks and prints, run in process, each scenario against its own loopback GitHub.
// Limits here lift within seconds, so every wait is real but short. That a limit past REPORT_MAX_WAIT ends
// the process itself at once is test/e2e/ratelimit.e2e.test.ts.
// test-runner: waits, ~12 s, nearly all of it waiting for limits to lift (the runs take turns), for ~1.5 s of CPU
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { at, BASE, epoch, gaveUp, LIST, primary, SECONDARY, waitedOnce, warnings } from '../../helpers/rate-limit-checks.ts'
import { runScenarios } from '../../helpers/scenarios.ts'

const IN_TURNS = { run: runInProcess, inTurns: true }
const quotaReset = epoch(1800)

test('primary and secondary limits within REPORT_MAX_WAIT are waited out with one [WARN] each; low quota warns once', async () => {
  await runScenarios(
    [
      { name: 'primary 403 on the list', arrange: (s) => s.inject('GET', LIST, primary(403, epoch(2))), check: waitedOnce('Primary', 'GET /repos/acme/shop/issues', 1) },
      { name: 'primary 429 on the create', arrange: (s) => s.inject('POST', LIST, primary(429, epoch(2))), check: waitedOnce('Primary', 'POST /repos/acme/shop/issues', 2) },
      {
        name: "secondary 403 in GitHub's words, with retry-after",
        arrange: (s) => s.inject('POST', LIST, { status: 403, body: { message: SECONDARY }, headers: { 'retry-after': '1' } }),
        check: waitedOnce('Secondary', 'POST /repos/acme/shop/issues', 2),
      },
      {
        name: 'a 429 with retry-after and other words, which plugin-throttling does not recognise',
        arrange: (s) => s.inject('POST', LIST, { status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': '1' } }),
        check: waitedOnce('Secondary', 'POST /repos/acme/shop/issues', 2),
      },
      {
        name: 'a 403 with retry-after and other words, on the list',
        arrange: (s) => s.inject('GET', LIST, { status: 403, body: { message: 'Forbidden' }, headers: { 'retry-after': '1' } }),
        check: waitedOnce('Secondary', 'GET /repos/acme/shop/issues', 1),
      },
      {
        name: 'one [WARN] with the quota when X-RateLimit-Remaining falls under 100',
        arrange: (s) => (s.rateLimit = { limit: 5000, remaining: 50, reset: quotaReset }),
        check: (s, r) => {
          assert.is(r.code, 0)
          assert.is(s.requests.length, 3)
          assert.equal(warnings(r), [`[WARN] GitHub API quota is low: 50 requests left until ${at(quotaReset)}`])
        },
      },
      {
        name: 'no quota [WARN] at 100 left',
        arrange: (s) => (s.rateLimit = { limit: 5000, remaining: 100, reset: quotaReset }),
        check: (_, r) => assert.equal(warnings(r), []),
      },
    ],
    BASE,
    IN_TURNS,
  )
})

test('a limit that lifts after REPORT_MAX_WAIT fails at once with "rate limit" and when it resets, exit 1: GitHub\'s words, or a total past the cap', async () => {
  await runScenarios(
    [
      {
        // Without retry-after GitHub says to wait a minute: more than the 10 s allowed here.
        name: "secondary in GitHub's words, no retry-after",
        arrange: (s) => s.inject('POST', LIST, { status: 403, body: { message: SECONDARY } }),
        check: gaveUp(2, () => /resets at .* \(in (59|60)s\)/),
      },
      {
        name: 'the cap is on the total: two secondary limits of 2 s with REPORT_MAX_WAIT=3',
        env: { REPORT_MAX_WAIT: '3' },
        arrange: (s) => s.inject('POST', LIST, { status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': '2' } }, 2),
        check: (s, r) => {
          assert.is(r.code, 1)
          assert.equal(warnings(r), ['[WARN] Secondary rate limit on POST /repos/acme/shop/issues; waiting 2s'])
          assert.match(r.stderr, /^\[ERROR\] GitHub API secondary rate limit hit on POST \/repos\/acme\/shop\/issues; it resets at /m)
          assert.is(s.calls('POST', LIST).length, 2)
          assert.is(s.openIssues().length, 0)
        },
      },
    ],
    BASE,
    IN_TURNS,
  )
})

test.run()
