// Rule: every paginated listing has a cycle guard and a page cap (docs/security.md, "Bounds"; the test is
// listingRule in test/helpers/bounds-rules.ts). What it checks is what the command sends and prints, so
// every listing but one runs in process (test/integration/cli/bounds-listing.test.ts); this one stays a
// process, so the rule is still proved through the compiled script as it runs in CI.
import { test } from 'uvu'
import { inAProcess, listingRule } from '../helpers/bounds-rules.ts'
import { runUnderFault, SERVICES } from '../helpers/services-under-fault.ts'

listingRule(test, runUnderFault, SERVICES.filter(inAProcess))

test.run()
