// `npx zx bench/changes.mts [rounds] [one-way ms] [--installed] [--timeline]`: the create path's cost of REPORT_CHANGES=auto
// (docs/changes.md) over TLS behind the latency link (bench/network/latency-proxy.ts, 20 ms each way by
// default): off; auto with the last good deploy found among the environment's deployments (the list, then
// their status histories beside the comparison of the likely one; the merged pull requests listed from the
// start); auto with REPORT_LAST_GOOD_SHA (the comparison and the pull requests only). Interleaved rounds; the median span from the first API request to
// the last as the server sees them (the network part of the critical path, which a busy machine's CPU
// hardly moves), the median wall time, and the requests each run made. Not a test: it prints figures
// (bench/create-cases.ts).
import { fileURLToPath } from 'node:url'
import { c, linearHistory, serveGitHubChanges, type SeedRepo } from '../test/helpers/loopback-changes.ts'
import { measureCreateCases } from './create-cases.ts'
import { installPackage, removeInstalled } from './installed.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const numbers = process.argv.slice(3).filter((arg) => !arg.startsWith('--'))
const rounds = Number(numbers[0] ?? 8)
const oneWayMs = Number(numbers[1] ?? 20)
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
// `--installed`: the packed tarball installed into a temporary project, as a team runs it (bench/installed.ts).
const installed = process.argv.includes('--installed') ? await installPackage(ROOT, { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, 1) : undefined
try {
  await measureCreateCases({ cases: CASES, rounds, oneWayMs, sha: () => HEAD, seed: (gh) => void serveGitHubChanges(gh, REPO), showTimeline: process.argv.includes('--timeline'), ...(installed ? { installed } : {}) })
} finally {
  if (installed) removeInstalled(installed)
}
