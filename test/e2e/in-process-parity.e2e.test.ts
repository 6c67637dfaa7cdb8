// The in-process harness (test/helpers/in-process.ts) is only as good as its likeness to a process: here
// each case runs once as a real process (runScript) and once in process (runInProcess), on fresh loopback
// servers laid out the same way, and the two must agree on the exit code, every byte of standard output
// and error, and the requests the server saw. The integration tests in test/integration/cli rely on it.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript, type RunResult } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { useLoopback } from '../helpers/servers.ts'

const FIXED = { CI_COMMIT_SHA: 'bad0002', CI_COMMIT_MESSAGE: 'Break it', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/2', REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }

const servers = useLoopback(test, { github: true })

interface Case {
  readonly name: string
  readonly script: string
  readonly args: readonly string[]
  readonly env?: () => Record<string, string>
  readonly input?: string
}

// One case per way a run meets its process: exit 0 with --json and requests, standard input, a secret on the
// redacting streams, exit 2 before any request. The harness is one code path for every command script (its
// command with the script's usage line, as each script's one runScriptEntry line calls it), so a case per
// command or per outcome would hold the same path again: help.e2e holds every command script's --help
// compiled to its command in process, which pins each script's command and usage line; what each command
// decides (a duplicate, a refused option, a resolve) is test/integration/cli's, on this harness.
const CASES: readonly Case[] = [
  { name: 'report creates', script: 'report.mts', args: ['--json', 'Deploy job failed'], env: () => servers.gh.env(FIXED) },
  { name: 'report reads its log from standard input', script: 'report.mts', args: ['--log', '-'], env: () => servers.gh.env({ ...FIXED, TOKEN_IN_LOG: 'x' }), input: 'step 1\nstep 2 failed\n' },
  { name: 'a secret in the reason is masked on every stream', script: 'report.mts', args: ['--dry-run', 'token ghp_parity0123456789abcdefghijklmnopqrstu leaked'], env: () => servers.gh.env({ ...FIXED, ISSUE_TOKEN: 'ghp_parity0123456789abcdefghijklmnopqrstu' }) },
  { name: 'bad configuration exits 2 naming every problem', script: 'report.mts', args: [], env: () => ({ ISSUE_TOKEN: '', REPO: 'not a repo', ON_DUPLICATE: 'maybe' }) },
]

// What the server saw.
const seen = () => servers.gh.requests.map((r) => `${r.method} ${r.path}`)

for (const c of CASES) {
  test(`in process as in a process: ${c.name}`, async () => {
    const results: RunResult[] = []
    const requests: string[][] = []
    for (const run of [runScript, runInProcess]) {
      await servers.restart()
      results.push(await run(c.script, c.args, c.env?.() ?? {}, { input: c.input }))
      requests.push(seen())
    }
    // Only what differs between any two runs: the servers' ports, and the clock (a body's **Time:**).
    const steady = (text: string) => text.replace(/127\.0\.0\.1:\d+/g, 'HOST').replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, 'TIME')
    const [spawned, inProcess] = results.map((r) => ({ ...r, stdout: steady(r.stdout), stderr: steady(r.stderr) }))
    assert.equal(inProcess, spawned)
    assert.equal(requests[1], requests[0])
    // Not a pair of empty results: every case prints something, and the server cases reach the server.
    assert.ok(spawned!.stdout.length + spawned!.stderr.length > 0)
  })
}

test.run()
