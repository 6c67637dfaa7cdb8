// Rule: a deadline ends everything it covers (docs/security.md, "Bounds"; the test is deadlineRule in
// test/helpers/bounds-limits.ts). How long a run takes and what it leaves running are shown in process too
// (a run's own time, and what keeps the process alive after it), so every service but one runs there
// (test/integration/cli/bounds-deadline-no-answer.test.ts, bounds-deadline-drip.test.ts); this one stays a
// process, so the rule is still proved by the compiled script's own exit: its time from spawn to exit,
// which nothing left running can pass.
// test-runner: waits, ~10 s of waiting on deadlines (two runs, one after another) for ~1 s of CPU
import { test } from 'uvu'
import { deadlineRule } from '../helpers/bounds-limits.ts'
import { inAProcess } from '../helpers/bounds-rules.ts'
import { runUnderFault, SERVICES } from '../helpers/services-under-fault.ts'

deadlineRule(test, runUnderFault, SERVICES.filter(inAProcess), ['no answer', 'a slow drip', 'a rate limit of 30 s'])

test.run()
