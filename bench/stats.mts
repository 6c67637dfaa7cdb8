// `npm run bench:stats`: `stats --since 365d` against the loopback GitHub seeded with 10,000 issues over two
// years (a reporter's record: most recovered at the next good deploy, a few with recurrences, closed by
// hand or as duplicates, a few open) and a deployment record per environment. Prints the requests it
// made, its wall time and its peak memory, against the targets in docs/stats.md. Not a test.
import { fileURLToPath } from 'node:url'
import { parseFlags, scriptArgs } from '../lib/cli/args.ts'
import { startLoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { serveGitHubDeployments, type SeededDeployment } from '../test/helpers/loopback-deployments.ts'
import { seedGitHub, type SeedComment, type SeedIssue } from '../test/helpers/stats-seed.ts'
import { installPackage, removeInstalled } from './installed.ts'
import { withMemory, type Command } from './measure.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseFlags(scriptArgs(import.meta.url), { runs: { type: 'string', default: '3' }, strict: { type: 'boolean' } })
const runs = Math.max(1, Number(values.runs) || 3)

const ISSUES = 10_000
const DAYS = 730
const DAY = 86_400_000
const MINUTE = 60_000
// A fixed seed: every run of the bench reads the same history.
let state = 0x2f6b1d
const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)

function history(now: number): { issues: SeedIssue[]; deployments: SeededDeployment[]; recurring: number } {
  const issues: SeedIssue[] = []
  let recurring = 0
  const start = now - DAYS * DAY
  const iso = (t: number) => new Date(t).toISOString()
  for (let i = 0; i < ISSUES; i++) {
    const created = start + Math.floor((i / ISSUES) * DAYS * DAY)
    const env = random() < 0.7 ? 'production' : 'staging'
    const sha = `c${i.toString(16)}`
    const roll = random()
    const recovered = created + Math.floor(5 + random() * 180) * MINUTE
    if (i >= ISSUES - 3) issues.push({ env, sha, created: iso(created) })
    else if (roll < 0.01) {
      // Failed again before the next good deploy: occurrence comments, then the recovery.
      recurring++
      const comments: SeedComment[] = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => ({ kind: 'occurrence', at: iso(created + (k + 1) * MINUTE) }))
      issues.push({ env, sha, created: iso(created), comments: [...comments, { kind: 'recovery', at: iso(recovered) }], closed: { at: iso(recovered + 2000) } })
    } else if (roll < 0.03) issues.push({ env, sha, created: iso(created), closed: { at: iso(recovered), as: 'not_planned' } })
    else if (roll < 0.04) issues.push({ env, sha, created: iso(created), closed: { at: iso(created + 3000), as: 'duplicate' } })
    else issues.push({ env, sha, created: iso(created), comments: [{ kind: 'recovery', at: iso(recovered) }], closed: { at: iso(recovered + 2000) } })
  }
  // Two good-or-failed deploy attempts a day to production, one to staging.
  const deployments: SeededDeployment[] = []
  for (let d = 0; d < DAYS; d++) {
    deployments.push({ environment: 'production', createdAt: iso(start + d * DAY + 9 * 3_600_000), status: d % 10 ? 'success' : 'failed' }, { environment: 'production', createdAt: iso(start + d * DAY + 15 * 3_600_000) })
    deployments.push({ environment: 'staging', createdAt: iso(start + d * DAY + 8 * 3_600_000) })
  }
  return { issues, deployments, recurring }
}

process.stderr.write('Building, packing and installing the project …\n')
const installed = await installPackage(ROOT, { PATH: process.env.PATH ?? '', ...(process.env.HOME ? { HOME: process.env.HOME } : {}) })
const gh = await startLoopbackGitHub()
try {
  const seeded = history(Date.now())
  seedGitHub(gh, seeded.issues)
  serveGitHubDeployments(gh, seeded.deployments)
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...gh.env(), REPORT_DOTENV: 'off' }
  for (const name of ['HOME', 'TMPDIR', 'LANG', 'TZ', 'USER']) if (process.env[name]) env[name] = process.env[name]!
  const lines = [
    `stats --since 365d against the loopback GitHub: ${ISSUES} issues over ${DAYS} days (${seeded.recurring} with recurrences), ${seeded.deployments.length} deployments`,
  ]
  const args = ['--since', '365d', '--format', 'json']
  const commands: [string, Command, string][] = [
    ['installed command', { command: installed.bin, args: ['stats', ...args], cwd: installed.project, env }, 'deploy-failure-reporter'],
    ['npx zx scripts/stats.mts (checkout)', { command: 'npx', args: ['zx', 'scripts/stats.mts', ...args], cwd: ROOT, env }, 'stats.mts'],
  ]
  let worst = { requests: 0, ms: 0, kb: 0 }
  for (const [label, command, marker] of commands) for (let r = 0; r < runs; r++) {
    const before = gh.requests.length
    const run = await withMemory(command)
    if (run.code !== 0) throw new Error(`stats failed (exit ${run.code}):\n${run.stdout}${run.stderr}`)
    const requests = gh.requests.slice(before)
    const kinds = (re: RegExp) => requests.filter((q) => re.test(q.path)).length
    const node = Math.max(...run.processes.filter((p) => p.argv.some((a) => a.includes(marker))).map((p) => p.peakKb), 0)
    const doc = JSON.parse(run.stdout) as { overall: { episodes: number; failedRuns: number } }
    lines.push(
      `  ${label}, run ${r + 1}: ${requests.length} requests (${kinds(/\/issues$/)} issue pages, ${kinds(/\/comments$/)} comment lists, ${kinds(/^\/graphql$/)} deployment pages with statuses (GraphQL), ${kinds(/\/deployments$/)} over REST), ` +
        `${Math.round(run.ms)} ms wall, peak RSS ${(node / 1024).toFixed(1)} MB (process tree ${(run.treePeakKb / 1024).toFixed(1)} MB); ` +
        `${doc.overall.episodes} episodes, ${doc.overall.failedRuns} failed runs`,
    )
    // The targets are the shipped command's; the checkout's figures are shown beside them.
    if (label.startsWith('installed')) worst = { requests: Math.max(worst.requests, requests.length), ms: Math.max(worst.ms, run.ms), kb: Math.max(worst.kb, node) }
  }
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED')
  lines.push(
    `Targets (installed command): at most ~110 requests: ${worst.requests} (${met(worst.requests <= 110)}); peak RSS under 100 MB: ${(worst.kb / 1024).toFixed(1)} MB (${met(worst.kb < 100 * 1024)}); ` +
      `a few seconds: slowest ${(worst.ms / 1000).toFixed(1)} s (${met(worst.ms < 5000)})`,
  )
  process.stdout.write(`${lines.join('\n')}\n`)
  if (values.strict && (worst.requests > 110 || worst.kb >= 100 * 1024 || worst.ms >= 5000)) process.exitCode = 1
} finally {
  await gh.close()
  removeInstalled(installed)
}
