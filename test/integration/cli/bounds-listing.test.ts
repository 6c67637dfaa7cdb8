// Rule: every paginated listing has a cycle guard and a page cap (docs/security.md, "Bounds"; the test is
// listingRule in test/helpers/bounds-rules.ts), run in process against every listing of the fault kit's
// services but the one test/e2e/bounds-listing.e2e.test.ts runs as a process.
import { test } from 'uvu'
import { inAProcess, listingRule } from '../../helpers/bounds-rules.ts'
import { runUnderFaultInProcess, SERVICES } from '../../helpers/services-under-fault.ts'

listingRule(test, runUnderFaultInProcess, SERVICES.filter((s) => !inAProcess(s)))

test.run()
