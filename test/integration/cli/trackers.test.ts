// One table of scenarios, run against the loopback GitHub and the loopback GitLab: the same guarantees on
// both trackers, through the commands run in process (test/helpers/in-process.ts), since each checks what a
// run decides, sends and prints. Ten reporters racing for one issue take processes:
// test/e2e/trackers.e2e.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { RunResult } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { FIXED_ENV, fixedTitle } from '../../helpers/fixtures.ts'
import { startTracker, TRACKERS, type TrackerKind, type TrackerServer } from '../../helpers/trackers.ts'

const BASE = { ...FIXED_ENV, REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01', REPORT_TIMEOUT: '2' }
const DUPLICATE = '[INFO] Duplicate issue found, skipping creation\n'
const OCCURRENCE_MARKER = '<!-- deploy-failure-reporter:occurrence -->'
const RECOVERY_MARKER = '<!-- deploy-failure-reporter:recovery -->'
const Z = '\u200B'

const created = (s: TrackerServer, n: number) => `[INFO] Created issue #${n}: ${s.openIssues().find((i) => i.number === n)?.url}\n`
const holds = (s: TrackerServer, n: number) => `[INFO] Open issue #${n} holds this report: ${s.issues().find((i) => i.number === n)?.url}\n`
const title = (env: string) => `[DEPLOY FAIL] ${env} — abc1234 — 2026-11-01`

interface Scenario {
  readonly name: string
  readonly script?: string
  readonly args?: (s: TrackerServer) => string[]
  readonly env?: Record<string, string>
  readonly arrange?: (s: TrackerServer) => void
  readonly check: (s: TrackerServer, r: RunResult) => void
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'report files one labelled issue and prints the spec line with the number and address',
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      assert.is(r.stdout, created(s, 1))
      assert.is(r.stderr, '')
      const [issue] = s.openIssues(fixedTitle())
      assert.equal(issue!.labels, ['auto-deploy-failure', 'ops'])
      assert.ok(issue!.body.startsWith('## Deploy Failure Report\n'))
      assert.is(s.creates().length, 1)
      assert.is(s.chat.length, 1)
    },
  },
  {
    name: 'an open issue with the title is a duplicate: nothing is created',
    arrange: (s) => void s.addIssue(fixedTitle()),
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      assert.is(r.stdout, DUPLICATE + holds(s, 1))
      assert.is(s.creates().length, 0)
      assert.is(s.writes().length, 0)
    },
  },
  {
    name: 'ON_DUPLICATE=comment adds one occurrence comment to the open issue',
    env: { ON_DUPLICATE: 'comment' },
    arrange: (s) => void s.addIssue(fixedTitle()),
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      const url = s.issues()[0]!.url
      assert.ok(r.stdout.startsWith(DUPLICATE), r.stdout)
      assert.match(r.stdout, new RegExp(`^\\[INFO\\] Commented on issue #1 \\(occurrence 2\\): ${url.replace(/[.?]/g, '\\$&')}#`, 'm'))
      const [comment, ...more] = s.comments(1)
      assert.is(more.length, 0)
      assert.ok(comment!.startsWith(OCCURRENCE_MARKER), comment)
      assert.is(s.creates().length, 0)
    },
  },
  {
    name: '--json ends stdout with the outcome line',
    args: () => ['--json', 'Deploy job failed'],
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      const issue = s.openIssues()[0]!
      assert.equal(JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!), { outcome: 'created', number: issue.number, url: issue.url, title: fixedTitle() })
    },
  },
  {
    name: '--dry-run shows what would be sent and writes nothing',
    args: () => ['--dry-run', 'Deploy job failed'],
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      assert.ok(r.stdout.includes(`--- title\n${fixedTitle()}\n`), r.stdout)
      assert.ok(r.stdout.includes('## Deploy Failure Report'))
      assert.is(s.requests.filter((q) => q.method !== 'GET').length, 0)
      assert.is(s.issues().length, 0)
      assert.is(s.chat.length, 0)
    },
  },
  {
    name: 'the duplicate check reads past the first page',
    arrange: (s) => {
      for (let i = 0; i < 150; i++) s.addIssue(`[DEPLOY FAIL] staging — other${i} — 2026-11-01`)
      s.addIssue(`Re: ${fixedTitle()}`)
    },
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      assert.is(r.stdout, DUPLICATE + holds(s, 151))
      assert.is(s.lists().length, 2)
      assert.is(s.creates().length, 0)
    },
  },
  ...(['reset', 502] as const).map(
    (after): Scenario => ({
      name: `a create committed, then answered ${after}, is not repeated: the run looks first`,
      arrange: (s) => s.inject('POST', s.issuesPath, { commitThen: after }),
      check: (s, r) => {
        assert.is(r.code, 0, r.stderr)
        assert.is(r.stdout, created(s, 1))
        assert.is(s.openIssues(fixedTitle()).length, 1)
        assert.is(s.creates().length, 1)
        assert.match(r.stderr, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.01s\.\.\. \(creating the issue: /m)
      },
    }),
  ),
  {
    name: 'transient list failures (5xx, reset, hang) are retried with the backoff warnings',
    arrange: (s) => {
      s.inject('GET', s.issuesPath, { status: 502 })
      s.inject('GET', s.issuesPath, { reset: true })
    },
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      assert.is(r.stdout, created(s, 1))
      assert.match(r.stderr, /^\[WARN\] Attempt 1\/3 failed, retrying in 0\.01s\.\.\. \(GET \/\S+\/issues: HTTP 502/m)
      assert.match(r.stderr, /^\[WARN\] Attempt 2\/3 failed, retrying in 0\.02s\.\.\. \(GET \/\S+\/issues: no answer from the API/m)
      assert.is(s.lists().length, 4, 'three for the check, one re-check')
    },
  },
  {
    name: 'a 429 within REPORT_MAX_WAIT is waited out, said once',
    env: { REPORT_MAX_WAIT: '10' },
    arrange: (s) => s.inject('GET', s.issuesPath, { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Retry later' } }),
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      assert.is(r.stdout, created(s, 1))
      const waits = r.stderr.split('\n').filter((l) => /rate limit/.test(l))
      assert.is(waits.length, 1, r.stderr)
      assert.match(waits[0]!, /^\[WARN\] .*rate limit on GET \/\S+\/issues; waiting 1s$/)
    },
  },
  {
    name: 'a 429 past REPORT_MAX_WAIT fails fast saying "rate limit", and creates nothing',
    env: { REPORT_MAX_WAIT: '2' },
    arrange: (s) => s.inject('GET', s.issuesPath, { status: 429, headers: { 'retry-after': '3600' }, body: { message: 'Retry later' } }, 9),
    check: (s, r) => {
      assert.is(r.code, 1)
      assert.match(r.stderr, /^\[ERROR\] Failed to create issue\n\[ERROR\] .*rate limit hit on GET \/\S+\/issues; .*REPORT_MAX_WAIT/m)
      assert.is(s.lists().length, 1)
      assert.is(s.creates().length, 0)
    },
  },
  {
    name: 'the token is never printed nor filed, even when the reason and the server\'s errors carry it',
    args: (s) => [`deploy failed with ${s.token}`],
    arrange: (s) => {
      s.inject('GET', s.issuesPath, { status: 500, body: { message: `token ${s.token} broke` } })
      s.inject('POST', s.issuesPath, { status: 400, body: { message: `bad request for ${s.token}` } })
    },
    check: (s, r) => {
      assert.is(r.code, 1)
      assert.match(r.stderr, /\*\*\*/)
      for (const text of [r.stdout, r.stderr, ...s.creates().map((q) => q.body), ...s.chat.map((q) => q.body)]) {
        assert.not.ok(text.includes(s.token), text)
      }
    },
  },
  {
    name: 'resolve closes every open issue of the environment with a recovery comment',
    script: 'resolve.mts',
    args: () => [],
    arrange: (s) => {
      s.addIssue(title('staging'))
      s.addIssue(title('production'))
      s.addIssue(title('staging'))
    },
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      const [a, b, c] = s.issues()
      assert.is(r.stdout, `[INFO] Closed issue #${a!.number}: ${a!.url}\n[INFO] Closed issue #${c!.number}: ${c!.url}\n`)
      assert.equal([a!.open, b!.open, c!.open], [false, true, false])
      for (const n of [a!.number, c!.number]) assert.ok(s.comments(n)[0]!.startsWith(RECOVERY_MARKER))
      assert.equal(s.comments(b!.number), [])
    },
  },
  {
    name: 'mentions, references and quick actions in the reason and commit message neither act nor link',
    env: { CI_COMMIT_MESSAGE: 'Fix\n/close\n/label ~bug' },
    args: () => ['/close\n/assign @alice\nsee #1 !2 ~bug %v1 &3 $4'],
    check: (s, r) => {
      assert.is(r.code, 0, r.stderr)
      const body = s.openIssues()[0]!.body
      assert.ok(body.includes(`@${Z}alice`))
      assert.ok(body.includes(`#${Z}1`))
      if (s.kind === 'gitlab') {
        assert.not.match(body, /^\//m, 'no line starts a quick action')
        for (const ref of ['!2', '~bug', '%v1', '&3', '$4']) assert.ok(body.includes(`${ref[0]}${Z}${ref.slice(1)}`), ref)
      }
    },
  },
]

async function runTable(kind: TrackerKind): Promise<void> {
  const servers = await Promise.all(SCENARIOS.map(() => startTracker(kind)))
  try {
    const runs = await Promise.all(
      SCENARIOS.map((s, i) => {
        const server = servers[i]!
        s.arrange?.(server)
        const args = s.args?.(server) ?? ['Deploy job failed']
        return runInProcess(s.script ?? 'report.mts', args, server.env({ ...BASE, ...s.env }), { timeoutMs: 120_000 })
      }),
    )
    SCENARIOS.forEach((s, i) => {
      try {
        s.check(servers[i]!, runs[i]!)
      } catch (error) {
        ;(error as Error).message = `${kind}: ${s.name}: ${(error as Error).message}\nstdout: ${runs[i]!.stdout}\nstderr: ${runs[i]!.stderr}`
        throw error
      }
    })
  } finally {
    await Promise.all(servers.map((s) => s.close()))
  }
}

for (const kind of TRACKERS) test(`${kind}: every scenario of the table`, () => runTable(kind))

test.run()
