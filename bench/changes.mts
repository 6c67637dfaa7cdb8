// `npx zx bench/changes.mts [rounds] [one-way ms] [--installed] [--against DIR] [--timeline]`: the create path's cost of REPORT_CHANGES=auto
// (docs/changes.md) over TLS behind the latency link (bench/network/latency-proxy.ts, 20 ms each way by
// default): off; auto with the last good deploy found among the environment's deployments (the list, then
// their status histories beside the comparison of the likely one; the merged pull requests listed from the
// start); auto with REPORT_LAST_GOOD_SHA (the comparison and the pull requests only). Interleaved rounds; the median span from the first API request to
// the last as the server sees them (the network part of the critical path, which a busy machine's CPU
// hardly moves), the median wall time, and the requests each run made. Not a test: it prints figures
// (bench/create-cases.ts).
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { c, linearHistory, serveGitHubChanges, type SeedRepo } from '../test/helpers/loopback-changes.ts'
import { measureCreateCases } from './create-cases.ts'
import { installPackage, removeInstalled } from './installed.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const numbers = process.argv.slice(3).filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--against')
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
// `--against DIR`: the project at DIR (another commit's checkout) installed too, and each case run with
// both builds in the same rounds, side by side (its cases named `case@DIR`'s folder name).
const againstAt = process.argv.indexOf('--against')
const against = againstAt > 0 ? process.argv[againstAt + 1] : undefined
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
const installed = process.argv.includes('--installed') || against ? await installPackage(ROOT, env, 1) : undefined
const other = against ? await installPackage(against, env, 1) : undefined
const label = against ? `@${basename(against)}` : ''
const cases = other ? { ...CASES, ...Object.fromEntries(Object.entries(CASES).map(([name, extra]) => [`${name}${label}`, extra])) } : CASES
try {
  await measureCreateCases({
    cases,
    rounds,
    oneWayMs,
    sha: () => HEAD,
    seed: (gh) => void serveGitHubChanges(gh, REPO),
    showTimeline: process.argv.includes('--timeline'),
    ...(installed ? { installed } : {}),
    ...(other ? { installedFor: Object.fromEntries(Object.keys(CASES).map((name) => [`${name}${label}`, other])) } : {}),
  })
} finally {
  if (installed) removeInstalled(installed)
  if (other) removeInstalled(other)
}
