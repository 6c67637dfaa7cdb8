// `npx zx bench/noise.mts [rounds] [one-way ms]`: the create path's cost of the noise settings
// (docs/noise.md) over TLS behind the latency link (bench/network/latency-proxy.ts, 20 ms each way by
// default): none set, REPORT_FILE_AFTER=3 (the streak at the threshold, so the issue is filed),
// REPORT_FLAP=3/24h (two earlier outages, each with a comment), both. Interleaved rounds; the median
// span from the first API request to the last as the server sees them (the network part of the critical
// path, which a busy machine's CPU hardly moves), the median wall time, and the requests each run made.
// Not a test: it prints figures.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startLoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { serveGitHubWorkflowRuns } from '../test/helpers/loopback-workflow-runs.ts'
import { startLatencyLink } from './network/latency-proxy.ts'
import { makeTls } from './network/tls.ts'
import { timed } from './measure.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const rounds = Number(process.argv[3] ?? 8)
const oneWayMs = Number(process.argv[4] ?? 20)
const CASES: Record<string, Record<string, string>> = {
  none: {},
  'file-after': { REPORT_FILE_AFTER: '3' },
  flap: { REPORT_FLAP: '3/24h' },
  both: { REPORT_FILE_AFTER: '3', REPORT_FLAP: '3/24h' },
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
      serveGitHubWorkflowRuns(gh, { id: 77, file: 'deploy.yml', runs: [{ id: 1, conclusion: 'failure' }, { id: 2, conclusion: 'failure' }, { id: 5005, status: 'in_progress' }] })
      for (let i = 0; i < 2; i++) {
        const at = new Date(Date.now() - (6 - i) * 3600_000).toISOString()
        const issue = gh.addIssue({ title: `[DEPLOY FAIL] production — old${i} — 2026-11-26`, state: 'closed', state_reason: 'completed', created_at: at, updated_at: at, closed_at: at, comments: 1 })
        gh.comments.push({ id: 900 + i, issue_number: issue.number, body: '<!-- deploy-failure-reporter:recovery -->\nrecovered', html_url: issue.html_url, created_at: at })
      }
      const port = Number(new URL(gh.url).port)
      const [api, chat] = await Promise.all([startLatencyLink(port, tls, oneWayMs), startLatencyLink(port, tls, oneWayMs)])
      try {
        const env = {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          REPORT_DOTENV: 'off',
          ...gh.env({ ISSUE_API_URL: api.url, CHAT_WEBHOOK: `${chat.url}/chat` }),
          NODE_EXTRA_CA_CERTS: tls.caFile,
          CI_COMMIT_SHA: `c${round}`,
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
const [wallBase, spanBase] = [median(walls.get('none')!), median(spans.get('none')!)]
console.log(`create path over TLS, ${oneWayMs} ms each way (${rt} ms per round trip), ${rounds} rounds, medians:`)
for (const [name, xs] of walls) {
  const span = median(spans.get(name)!)
  console.log(`${name.padEnd(11)} API span ${span.toFixed(0).padStart(5)} ms (${delta(span, spanBase)})  wall ${median(xs).toFixed(0).padStart(5)} ms (${delta(median(xs), wallBase)})  requests ${requests.get(name)}`)
}
