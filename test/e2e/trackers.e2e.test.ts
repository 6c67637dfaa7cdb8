// Reporters at once against the loopback GitLab, each its own process: several runs at once is what only
// processes show (maintainers/development.md, "Commands in process"). Three, every first list held until
// all have asked (so all three create): the oldest survives and both losers close their own; ten showed
// nothing more, for seven processes more. The table of scenarios both trackers share runs in process:
// test/integration/cli/trackers.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript } from '../helpers/helpers.ts'
import { FIXED_ENV, fixedTitle } from '../helpers/fixtures.ts'
import { startTracker, TRACKERS } from '../helpers/trackers.ts'

const BASE = { ...FIXED_ENV, REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01', REPORT_TIMEOUT: '2' }

// GitHub's race, ten reporters against held lists with a slow create, is race.e2e.test.ts's first test,
// which asserts all of this and more (each loser closed once as a duplicate, the writes, the chat posts):
// run here too, it was ten more processes, ~4.5 s of CPU, proving nothing new.
const RUNS = 3

for (const kind of TRACKERS.filter((k) => k !== 'github')) {
  test(`${kind}: ${RUNS} reporters that all see an empty list leave exactly one open issue, and all name it`, async () => {
    const server = await startTracker(kind, { createLatencyMs: 300 })
    try {
      server.holdLists(RUNS)
      const runs = await Promise.all(
        // The default REPORT_TIMEOUT: held lists are answered only once the slowest process has asked.
        Array.from({ length: RUNS }, (_, i) => runScript('report.mts', [`Deploy job failed (${i})`], server.env({ ...BASE, REPORT_TIMEOUT: '30' }), { timeoutMs: 120_000 })),
      )
      const open = server.openIssues(fixedTitle())
      assert.is(open.length, 1, `open: ${open.map((i) => i.number)}`)
      const survivor = open[0]!
      assert.is(server.creates().length, RUNS, 'the race really happened')
      assert.is(survivor.number, Math.min(...server.issues().map((i) => i.number)), 'the oldest survives')
      for (const [i, r] of runs.entries()) {
        assert.is(r.code, 0, `run ${i}: ${r.stderr}`)
        assert.ok(r.stdout.split('\n').some((l) => l.startsWith('[INFO] ') && l.includes(`#${survivor.number}`) && l.endsWith(` ${survivor.url}`)), r.stdout)
      }
      const losers = server.issues().filter((i) => i.number !== survivor.number)
      assert.is(losers.length, RUNS - 1)
      // GitLab closes without a reason, so each closed loser says in a note which issue holds the report.
      for (const loser of losers) {
        assert.is(loser.open, false, `#${loser.number}`)
        assert.ok(server.comments(loser.number).some((c) => c.startsWith(`Duplicate of #${survivor.number}\n`)), `#${loser.number}: ${JSON.stringify(server.comments(loser.number))}`)
      }
    } finally {
      await server.close()
    }
  })
}

test.run()
