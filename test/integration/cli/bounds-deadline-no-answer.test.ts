// Rule: a deadline ends everything it covers (docs/security.md, "Bounds"; the test is deadlineRule in
// test/helpers/bounds-limits.ts), run in process against every service of the fault kit but the one
// test/e2e/bounds-deadline.e2e.test.ts runs as a process: here, a server that never answers. The run's
// own time from its call to its result is bounded, and what keeps this process alive after the run,
// compared with before it (test/helpers/kept-alive.ts), shows what it left running, as a process's exit
// would. The slow drip and the rate limit are bounds-deadline-drip.test.ts: the runs of one file take
// turns (in-process.ts), and the two files' waits run side by side in two workers.
// test-runner: waits, ~18 s of waiting on deadlines (one run after another) for ~2 s of CPU
import { test } from 'uvu'
import { deadlineRule } from '../../helpers/bounds-limits.ts'
import { inAProcess } from '../../helpers/bounds-rules.ts'
import { runUnderFaultInProcess, SERVICES } from '../../helpers/services-under-fault.ts'

deadlineRule(test, runUnderFaultInProcess, SERVICES.filter((s) => !inAProcess(s)), ['no answer'])

test.run()
