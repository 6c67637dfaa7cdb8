// Secrets on a process's own output streams: the compiled scripts/report.mts as a real process (and once the
// real `zx --verbose scripts/report.mts` as npx starts it) against the loopback GitHub, failing or malicious, in debug
// modes. The token, and a GitHub App's key, JWTs and installation token, are grepped for in every byte the
// reporter prints: only a process's own stdout and stderr show every path a secret could leak through (an
// uncaught error, a warning, a library's debug output). One process per kind of path (test/helpers/leak-cases.ts
// says which and why); the table's other cases, and what a run publishes or sends elsewhere, run in
// process: test/integration/cli/printed-secrets.test.ts. The configuration checks run before any request are
// test/integration/cli/config-checks.test.ts, and what hostile values become in the issue and the chat is
// test/integration/cli/hostile-input.test.ts, both in process.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { ROOT, runCommand, runScript } from '../helpers/helpers.ts'
import { APP_FAILURES, assertNoToken, ECHO, FAILURES, FAST, runAppCase, runTokenCase, TOKEN } from '../helpers/leak-cases.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'

const servers: LoopbackGitHub[] = []
const keep = (gh: LoopbackGitHub) => void servers.push(gh)
test.after.each(async () => {
  await Promise.all(servers.splice(0).map((gh) => gh.close()))
})

// 7. The token never leaks.

test('the token is never printed: an HTTP error retried, a network error, a timeout, a configuration error', async () => {
  // Side by side: independent processes.
  await Promise.all(FAILURES.filter((c) => c.process).map((c) => runTokenCase(c, runScript, keep)))
})

test('the token is never printed in verbose and debug modes (zx --verbose, ZX_VERBOSE, NODE_DEBUG, DEBUG)', async () => {
  const gh = await startLoopbackGitHub({ token: TOKEN })
  keep(gh)
  gh.inject('POST', /issues$/, { status: 422, body: ECHO })
  const debug = { ZX_VERBOSE: 'true', NODE_DEBUG: 'http,https,net,tls,fetch,undici,http2', DEBUG: '*', GIT_DIR: '/nonexistent' }
  // No CI_COMMIT_SHA or message: the git fallbacks run through zx, whose verbose mode echoes commands.
  // zx's CLI with the project's hook, as runScriptAsTyped starts it and as `npx zx` does once npm has found
  // zx: npm is not under test here (~0.4 s of CPU), and the README's `npx zx scripts/report.mts` is new-user.e2e's.
  const typed = [join(ROOT, 'node_modules/zx/build/cli.js'), '--verbose', 'scripts/report.mts', 'Deploy job failed']
  const r = await runCommand(process.execPath, ['--import', join(ROOT, 'scripts/ts-hook.mjs'), ...typed], gh.env({ ...FAST, ...debug }))
  assert.is(r.code, 1, r.stderr)
  assert.ok(r.stderr.length > 0)
  assertNoToken(r, 'verbose')
})

// 8. A GitHub App's private key and installation token never leak either.

test('a GitHub App: the key, its JWTs and the installation token are never printed (its token purchase refused)', async () => {
  await Promise.all(APP_FAILURES.filter((c) => c.process).map((c) => runAppCase(c, runScript, keep)))
})

test.run()
