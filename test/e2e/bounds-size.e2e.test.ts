// Rule: every answer read into memory has a size cap (docs/security.md, "Bounds"; the test is sizeRule in
// test/helpers/bounds-limits.ts). What the cap bounds is what is read, which the bytes the server wrote
// before the client left show in process too: every service but one runs there
// (test/integration/cli/bounds-size.test.ts). This one stays a process, for its peak memory, which only a
// process shows, and so that the rule is still proved through the compiled script as it runs in CI.
import { test } from 'uvu'
import { sizeRule } from '../helpers/bounds-limits.ts'
import { inAProcess } from '../helpers/bounds-rules.ts'
import { runUnderFault, SERVICES } from '../helpers/services-under-fault.ts'

sizeRule(test, runUnderFault, SERVICES.filter(inAProcess), { peak: true })

test.run()
