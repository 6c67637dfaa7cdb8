// The in-process harness (test/helpers/in-process.ts) is only as good as its likeness to a process: here
// each case runs once as a real process (runScript) and once in process (runInProcess), on fresh loopback
// servers laid out the same way, and the two must agree on the exit code, every byte of standard output
// and error, and the requests the server saw. The integration tests in test/integration/cli rely on it.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript, today, type RunResult } from '../helpers/helpers.ts'
import { runInProcess } from '../helpers/in-process.ts'
import { useLoopback } from '../helpers/servers.ts'

const FIXED = { CI_COMMIT_SHA: 'bad0002', CI_COMMIT_MESSAGE: 'Break it', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/2', REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const title = `[DEPLOY FAIL] staging — bad0002 — ${today()}`

const servers = useLoopback(test, { github: true })

interface Case {
  readonly name: string
  readonly script: string
  readonly args: readonly string[]
  readonly env?: () => Record<string, string>
  readonly input?: string
  readonly arrange?: () => void
}

const CASES: readonly Case[] = [
  { name: 'report creates', script: 'report.mts', args: ['--json', 'Deploy job failed'], env: () => servers.gh.env(FIXED) },
  { name: 'report finds a duplicate', script: 'report.mts', args: ['Deploy job failed'], env: () => servers.gh.env(FIXED), arrange: () => void servers.gh.addIssue({ title }) },
  { name: 'report reads its log from standard input', script: 'report.mts', args: ['--log', '-'], env: () => servers.gh.env({ ...FIXED, TOKEN_IN_LOG: 'x' }), input: 'step 1\nstep 2 failed\n' },
  { name: 'a secret in the reason is masked on every stream', script: 'report.mts', args: ['--dry-run', 'token ghp_parity0123456789abcdefghijklmnopqrstu leaked'], env: () => servers.gh.env({ ...FIXED, ISSUE_TOKEN: 'ghp_parity0123456789abcdefghijklmnopqrstu' }) },
  { name: 'bad configuration exits 2 naming every problem', script: 'report.mts', args: [], env: () => ({ ISSUE_TOKEN: '', REPO: 'not a repo', ON_DUPLICATE: 'maybe' }) },
  { name: 'an unknown option is a usage error', script: 'resolve.mts', args: ['--nope'], env: () => servers.gh.env(FIXED) },
  { name: 'resolve closes the open issue', script: 'resolve.mts', args: [], env: () => servers.gh.env({ ...FIXED, CI_COMMIT_SHA: 'f1x0001' }), arrange: () => void servers.gh.addIssue({ title }) },
  { name: '--help', script: 'stats.mts', args: ['--help'] },
]

// What the server saw.
const seen = () => servers.gh.requests.map((r) => `${r.method} ${r.path}`)

for (const c of CASES) {
  test(`in process as in a process: ${c.name}`, async () => {
    const results: RunResult[] = []
    const requests: string[][] = []
    for (const run of [runScript, runInProcess]) {
      await servers.restart()
      c.arrange?.()
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
