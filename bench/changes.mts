// `npx zx bench/changes.mts [rounds] [one-way ms]`: the create path's cost of REPORT_CHANGES=auto
// (docs/changes.md) over TLS behind the latency link (bench/network/latency-proxy.ts, 20 ms each way by
// default): off; auto with the last good deploy found among the environment's deployments (their status
// histories, then compare, then the pull requests in one GraphQL request); auto with REPORT_LAST_GOOD_SHA
// (compare and the pull requests only). Interleaved rounds; the median span from the first API request to
// the last as the server sees them (the network part of the critical path, which a busy machine's CPU
// hardly moves), the median wall time, and the requests each run made. Not a test: it prints figures.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { c, linearHistory, serveGitHubChanges, type SeedRepo } from '../test/helpers/loopback-changes.ts'
import { startLoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { startLatencyLink } from './network/latency-proxy.ts'
import { makeTls } from './network/tls.ts'
import { timed } from './measure.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
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
const tls = makeTls()
const walls = new Map<string, number[]>()
const spans = new Map<string, number[]>()
const requests = new Map<string, number>()
try {
  for (let round = 0; round <= rounds; round++) {
    for (const [name, extra] of Object.entries(CASES)) {
      const gh = await startLoopbackGitHub()
      const seen: number[] = []
      gh.extraRoutes.push(() => void seen.push(performance.now()))
      serveGitHubChanges(gh, REPO)
      const port = Number(new URL(gh.url).port)
      const [api, chat] = await Promise.all([startLatencyLink(port, tls, oneWayMs), startLatencyLink(port, tls, oneWayMs)])
      try {
        const env = {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          REPORT_DOTENV: 'off',
          ...gh.env({ ISSUE_API_URL: api.url, CHAT_WEBHOOK: `${chat.url}/chat` }),
          NODE_EXTRA_CA_CERTS: tls.caFile,
          CI_COMMIT_SHA: HEAD,
          CI_COMMIT_MESSAGE: 'Bench commit',
          CI_PIPELINE_URL: 'https://ci.example/p/1',
          DEPLOY_ENV: 'production',
          GITHUB_ACTIONS: 'true',
          GITHUB_REPOSITORY: 'acme/shop',
          GITHUB_RUN_ID: '5005',
          GITHUB_RUN_ATTEMPT: '1',
          GITHUB_API_URL: api.url,
          GITHUB_WORKFLOW_REF: 'acme/shop/.github/workflows/deploy.yml@refs/heads/main',
          GITHUB_REF_NAME: 'main',
          GITHUB_REF_TYPE: 'branch',
          ...extra,
        }
        const run = await timed({ command: process.execPath, args: ['--import', join(ROOT, 'scripts/ts-hook.mjs'), join(ROOT, 'node_modules/zx/build/cli.js'), join(ROOT, 'scripts/report.mts'), 'Deploy job failed'], cwd: ROOT, env })
        if (run.code !== 0 || !/Created issue/.test(run.stdout)) throw new Error(`${name}: ${run.stdout}${run.stderr}`)
        if (round === 0) continue
        walls.set(name, [...(walls.get(name) ?? []), run.ms])
        spans.set(name, [...(spans.get(name) ?? []), seen.at(-1)! - seen[0]!])
        requests.set(name, gh.requests.length + gh.chat.length)
      } finally {
        await Promise.all([api.close(), chat.close()])
        await gh.close()
      }
    }
  }
} finally {
  tls.remove()
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const rt = 2 * oneWayMs
const delta = (x: number, base: number) => `${x - base >= 0 ? '+' : ''}${(x - base).toFixed(0)} ms, ${((x - base) / rt).toFixed(1)} RT`
const [wallBase, spanBase] = [median(walls.get('off')!), median(spans.get('off')!)]
console.log(`create path over TLS, ${oneWayMs} ms each way (${rt} ms per round trip), ${rounds} rounds, medians:`)
for (const [name, xs] of walls) {
  const span = median(spans.get(name)!)
  console.log(`${name.padEnd(11)} API span ${span.toFixed(0).padStart(5)} ms (${delta(span, spanBase)})  wall ${median(xs).toFixed(0).padStart(5)} ms (${delta(median(xs), wallBase)})  requests ${requests.get(name)}`)
}
