// `npx zx bench/changes.mts [rounds] [one-way ms]`: the create path's cost of REPORT_CHANGES=auto
// (docs/changes.md) over TLS behind the latency link (bench/network/latency-proxy.ts, 20 ms each way by
// default): off; auto with the last good deploy found among the environment's deployments (their status
// histories, then compare, then the pull requests in one GraphQL request); auto with REPORT_LAST_GOOD_SHA
// (compare and the pull requests only). Interleaved rounds; the median span from the first API request to
// the last as the server sees them (the network part of the critical path, which a busy machine's CPU
// hardly moves), the median wall time, and the requests each run made. Not a test: it prints figures
// (bench/create-cases.ts).
import { c, linearHistory, serveGitHubChanges, type SeedRepo } from '../test/helpers/loopback-changes.ts'
import { measureCreateCases } from './create-cases.ts'

const rounds = Number(process.argv[3] ?? 8)
const oneWayMs = Number(process.argv[4] ?? 20)
const HEAD = c(7)
const CASES: Record<string, Record<string, string>> = {
  off: {},
  deployments: { REPORT_CHANGES: 'auto' },
  'last-good-sha': { REPORT_CHANGES: 'auto', REPORT_LAST_GOOD_SHA: c(4) },
}
const deployed = (sha: string, hoursAgo: number, statuses: ('success' | 'inactive' | 'in_progress')[]) => ({ sha, environment: 'production', createdAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(), statuses })
const REPO: SeedRepo = {
  commits: linearHistory(8),
  pulls: [{ number: 41, title: 'Faster checkout', author: 'dev1', commits: [c(5)] }],
  deployments: [deployed(c(4), 2, ['inactive', 'success']), deployed(HEAD, 0.01, ['in_progress'])],
}
await measureCreateCases({ cases: CASES, rounds, oneWayMs, sha: () => HEAD, seed: (gh) => void serveGitHubChanges(gh, REPO) })
