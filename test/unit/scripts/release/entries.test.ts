// Each release script is the one call to its command, with the project's root and the words after the
// script: what lets the e2e tests run the command in their process (test/helpers/release-in-process.ts)
// and start the script as typed only where the start is what they check.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT } from '../../../helpers/helpers.ts'
import { RELEASE_COMMANDS } from '../../../helpers/release-in-process.ts'

test('release.mts, release-check.mts and release-notes.mts: each the thin entry of its command', () => {
  for (const [script, command] of Object.entries(RELEASE_COMMANDS)) {
    const code = readFileSync(join(ROOT, 'scripts', script), 'utf8').split('\n').filter((line) => line && !line.startsWith('//') && !line.startsWith('import '))
    assert.equal(code, [`process.exitCode = ${command.name}(fileURLToPath(new URL('..', import.meta.url)), scriptArgs(import.meta.url))`], script)
  }
})

test.run()
