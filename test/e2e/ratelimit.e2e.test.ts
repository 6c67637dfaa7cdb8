// Issue 3, item 5: past REPORT_MAX_WAIT the run fails at once, through the real `npx zx scripts/report.mts`
// against the loopback GitHub. A process, because what is proven is also that the refused wait leaves
// nothing behind (no timer of the limit's length, no job in a limiter) to keep the process alive: it ends
// at once with exit 1. One refusal in each place a wait is refused: plugin-throttling's handler (a primary
// limit) and the client's own loop (a 429 that plugin-throttling does not recognise). The waits within
// REPORT_MAX_WAIT and the other refusals are what the command decides and prints:
// test/integration/cli/ratelimit.test.ts.
import { test } from 'uvu'
import { AROUND_TEN_MINUTES, at, BASE, epoch, gaveUp, LIST, primary } from '../helpers/rate-limit-checks.ts'
import { runScenarios } from '../helpers/scenarios.ts'

const farReset = epoch(3600)

test('a limit that lifts after REPORT_MAX_WAIT fails at once with "rate limit" and when it resets, exit 1', async () => {
  await runScenarios(
    [
      { name: 'primary, an hour away, on the list', arrange: (s) => s.inject('GET', LIST, primary(403, farReset)), check: gaveUp(1, () => new RegExp(`resets at ${at(farReset)} `)) },
      {
        name: 'secondary, retry-after 600, on the create',
        arrange: (s) => s.inject('POST', LIST, { status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': '600' } }),
        check: gaveUp(2, AROUND_TEN_MINUTES),
      },
    ],
    BASE,
  )
})

test.run()
