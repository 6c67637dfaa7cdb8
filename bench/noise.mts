// `npx zx bench/noise.mts [rounds] [one-way ms]`: the create path's cost of the noise settings
// (docs/noise.md) over TLS behind the latency link (bench/network/latency-proxy.ts, 20 ms each way by
// default): none set, REPORT_FILE_AFTER=3 (the streak at the threshold, so the issue is filed),
// REPORT_FLAP=3/24h (two earlier outages, each with a comment), both. Interleaved rounds; the median
// span from the first API request to the last as the server sees them (the network part of the critical
// path, which a busy machine's CPU hardly moves), the median wall time, and the requests each run made.
// Not a test: it prints figures (bench/create-cases.ts).
import { serveGitHubWorkflowRuns } from '../test/helpers/loopback-workflow-runs.ts'
import { measureCreateCases } from './create-cases.ts'

const rounds = Number(process.argv[3] ?? 8)
const oneWayMs = Number(process.argv[4] ?? 20)
const CASES: Record<string, Record<string, string>> = {
  none: {},
  'file-after': { REPORT_FILE_AFTER: '3' },
  flap: { REPORT_FLAP: '3/24h' },
  both: { REPORT_FILE_AFTER: '3', REPORT_FLAP: '3/24h' },
}
await measureCreateCases({
  cases: CASES,
  rounds,
  oneWayMs,
  sha: (round) => `c${round}`,
  seed: (gh) => {
    serveGitHubWorkflowRuns(gh, { id: 77, file: 'deploy.yml', runs: [{ id: 1, conclusion: 'failure' }, { id: 2, conclusion: 'failure' }, { id: 5005, status: 'in_progress' }] })
    for (let i = 0; i < 2; i++) {
      const at = new Date(Date.now() - (6 - i) * 3600_000).toISOString()
      const issue = gh.addIssue({ title: `[DEPLOY FAIL] production — old${i} — 2026-11-26`, state: 'closed', state_reason: 'completed', created_at: at, updated_at: at, closed_at: at, comments: 1 })
      gh.comments.push({ id: 900 + i, issue_number: issue.number, body: '<!-- deploy-failure-reporter:recovery -->\nrecovered', html_url: issue.html_url, created_at: at })
    }
  },
})
