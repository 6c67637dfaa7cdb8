// Rule: a deadline ends everything it covers (docs/security.md, "Bounds"). Against every service, a server
// that never answers, and one that drips its answer a byte at a time: the command sends no more than its
// documented number of requests there, exits within its documented time (plus a few seconds), still files
// the issue when the service is not what the command is for, and prints nothing after its result. Where the
// calls are under a deadline shorter than REPORT_MAX_WAIT, a rate limit asking for a longer wait than that
// deadline ends with it too, rather than keeping the process alive.
// The services are the list in test/helpers/services-under-fault.ts.
// test-runner: slow, ~55 s of waiting on deadlines (22 runs, one after another) for ~8 s of CPU
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Fault } from '../helpers/faults.ts'
import { ALL_SERVICES, runUnderFault, SERVICES } from '../helpers/services-under-fault.ts'
import { useLoopback } from '../helpers/servers.ts'

const lb = useLoopback(test, ALL_SERVICES)
// Start-up and a plain run's own work, on a machine that may be busy: measured, not assumed.
const SLACK_SECONDS = 5

// A plain run of the command's start-up and own work, measured once (a busy machine takes seconds).
let plain: number | undefined
const startupSeconds = async (): Promise<number> => {
  if (plain === undefined) {
    const r = await runUnderFault(lb, SERVICES[0]!, { status: 500 }, 0)
    plain = Math.min(r.seconds, 10)
    await lb.restart()
  }
  return plain
}

const FAULTS: readonly [string, Fault][] = [
  ['no answer', { hang: true }],
  ['a slow drip', { drip: true, everyMs: 100 }],
]

const RATE_LIMIT: [string, Fault] = ['a rate limit of 30 s', { rateLimit: 30 }]

for (const service of SERVICES) {
  for (const [name, fault] of service.deadline ? [...FAULTS, RATE_LIMIT] : FAULTS) {
    test(`${service.name}, ${name}: at most ${service.maxHits} request(s) there, done within ${service.deadlineSeconds} s and start-up`, async () => {
      const startup = await startupSeconds()
      const r = await runUnderFault(lb, service, fault)
      assert.ok(r.hits >= 1, 'the fault was reached')
      assert.ok(r.hits <= service.maxHits, `${r.hits} requests to the spoiled endpoint; the bound is ${service.maxHits}`)
      assert.ok(r.seconds <= service.deadlineSeconds + startup + SLACK_SECONDS, `took ${r.seconds.toFixed(1)} s; the bound is ${service.deadlineSeconds} s past a ${startup.toFixed(1)} s start-up`)
      if (service.filesIssue) {
        assert.is(r.code, 0, r.stderr)
        assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
      } else {
        assert.is.not(r.code, 0)
      }
      // Nothing after the result: every retry line comes from a request the deadline still allowed.
      assert.ok((r.stderr.match(/Attempt \d+\/\d+ failed/g) ?? []).length <= service.maxHits, r.stderr)
      console.log(`${service.name}, ${name}: ${r.hits} request(s), ${r.seconds.toFixed(1)} s (start-up ${startup.toFixed(1)} s), peak RSS ${r.peakMiB.toFixed(0)} MiB`)
    })
  }
}

test.run()
