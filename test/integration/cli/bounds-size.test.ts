// Rule: every answer read into memory has a size cap (docs/security.md, "Bounds"; the test is sizeRule in
// test/helpers/bounds-limits.ts), run in process against every service of the fault kit but the one
// test/e2e/bounds-size.e2e.test.ts runs as a process, with its peak memory. Here the bytes the server
// wrote before the client left bound what the command read: none of an announced answer's body past the
// sockets' buffers, an endless one's no further than its cap.
import { test } from 'uvu'
import { sizeRule } from '../../helpers/bounds-limits.ts'
import { inAProcess } from '../../helpers/bounds-rules.ts'
import { runUnderFaultInProcess, SERVICES } from '../../helpers/services-under-fault.ts'

sizeRule(test, runUnderFaultInProcess, SERVICES.filter((s) => !inAProcess(s)), { peak: false })

test.run()
