// Rule: a deadline ends everything it covers (docs/security.md, "Bounds"; the test is deadlineRule in
// test/helpers/bounds-limits.ts), run in process against every service of the fault kit but the one
// test/e2e/bounds-deadline.e2e.test.ts runs as a process: here, a server that drips its answer a byte at
// a time, and, where the calls are under a deadline shorter than REPORT_MAX_WAIT, a rate limit asking for
// a longer wait than that deadline. The run's own time from its call to its result is bounded, and what
// keeps this process alive after the run, compared with before it (test/helpers/kept-alive.ts), shows
// what it left running, as a process's exit would. A server that never answers is
// bounds-deadline-no-answer.test.ts, so that the two files' waits run side by side.
// test-runner: waits, ~17 s of waiting on deadlines (one run after another) for ~2 s of CPU
import { test } from 'uvu'
import { deadlineRule } from '../../helpers/bounds-limits.ts'
import { inAProcess } from '../../helpers/bounds-rules.ts'
import { runUnderFaultInProcess, SERVICES } from '../../helpers/services-under-fault.ts'

deadlineRule(test, runUnderFaultInProcess, SERVICES.filter((s) => !inAProcess(s)), ['a slow drip', 'a rate limit of 30 s'])

test.run()
