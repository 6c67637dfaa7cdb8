// Rules: no redirect carries a credential to another origin, and an error body that echoes the request
// never reaches the output (docs/security.md, "Bounds"; the tests are redirectRules in
// test/helpers/bounds-rules.ts), run in process against every service of the fault kit but the one
// test/e2e/bounds-redirect.e2e.test.ts runs as a process. The output here is the command's io, through
// the same redactor as a process's (lib/run/io.ts).
import { test } from 'uvu'
import { inAProcess, redirectRules } from '../../helpers/bounds-rules.ts'
import { runUnderFaultInProcess, SERVICES } from '../../helpers/services-under-fault.ts'

redirectRules(test, runUnderFaultInProcess, SERVICES.filter((s) => !inAProcess(s)))

test.run()
