// Rules: no redirect carries a credential to another origin, and an error body that echoes the request
// never reaches the output (docs/security.md, "Bounds"; the tests are redirectRules in
// test/helpers/bounds-rules.ts). Which requests reach the other origin, and the lines printed, are what
// the command sends and prints: every service but one runs in process
// (test/integration/cli/bounds-redirect.test.ts). This one stays a process, for each rule: a process can
// print an echoed credential through paths the io object does not cover (an uncaught error, a warning, a
// library's debug output), and only its real standard output and error show them.
import { test } from 'uvu'
import { inAProcess, redirectRules } from '../helpers/bounds-rules.ts'
import { runUnderFault, SERVICES } from '../helpers/services-under-fault.ts'

redirectRules(test, runUnderFault, SERVICES.filter(inAProcess))

test.run()
