// What bench/noise.mts and bench/changes.mts share: a settings case's create path over TLS behind the
// latency link (bench/network/latency-proxy.ts), the cases interleaved round by round (the first case is
// the baseline), and the median span from the first API request to the last as the server sees them (the
// network part of the critical path, which a busy machine's CPU hardly moves), the median wall time, and
// the requests each run made, printed. Not a test: it prints figures.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startLoopbackGitHub, type LoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { startLatencyLink } from './network/latency-proxy.ts'
import { makeTls } from './network/tls.ts'
import { timed } from './measure.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface CreateCases {
  /** Each case's extra environment, by name; the first is the baseline. */
  readonly cases: Record<string, Record<string, string>>
  /** Lays out each fresh loopback GitHub before its run. */
  readonly seed: (gh: LoopbackGitHub) => void
  /** The commit a round's runs report (a new one per round, or the same). */
  readonly sha: (round: number) => string
  readonly rounds: number
  readonly oneWayMs: number
  /** Print each round's requests, with their times since the first as the server saw them, and the run's stderr. */
  readonly showTimeline?: boolean
  /**
   * The installed command to run (bench/installed.ts: the packed tarball, built and bundled, as a team
   * runs it); the project's TypeScript source through its loader when not given, which loads slower.
   */
  readonly installed?: { readonly bin: string; readonly project: string }
  /**
   * Another installed build per case name (`name@label`), run in the same rounds: a side-by-side A/B. Such a
   * case's deltas are against the first case of the same `@label`.
   */
  readonly installedFor?: Readonly<Record<string, { readonly bin: string; readonly project: string }>>
}

/** Runs `scripts/report.mts` once per case per round (round 0 warms up, uncounted) and prints the medians. */
export async function measureCreateCases({ cases, seed, sha, rounds, oneWayMs, installed, installedFor = {}, showTimeline }: CreateCases): Promise<void> {
  const tls = makeTls()
  const walls = new Map<string, number[]>()
  const spans = new Map<string, number[]>()
  // From the first request to the create's POST: on the baseline (the list, then the create), one hop.
  const toCreate = new Map<string, number[]>()
  const requests = new Map<string, number>()
  try {
    for (let round = 0; round <= rounds; round++) {
      for (const [name, extra] of Object.entries(cases)) {
        const gh = await startLoopbackGitHub()
        const seen: number[] = []
        const timeline: string[] = []
        let created: number | undefined
        gh.extraRoutes.push((r) => {
          seen.push(performance.now())
          if (r.method === 'POST' && /\/issues$/.test(r.path)) created ??= seen.at(-1)! - seen[0]!
          timeline.push(`${(seen.at(-1)! - seen[0]!).toFixed(0).padStart(4)} ms  ${r.method} ${r.path}`)
          return undefined
        })
        seed(gh)
        const port = Number(new URL(gh.url).port)
        const [api, chat] = await Promise.all([startLatencyLink(port, tls, oneWayMs), startLatencyLink(port, tls, oneWayMs)])
        try {
          const env = {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? '',
            REPORT_DOTENV: 'off',
            ...gh.env({ ISSUE_API_URL: api.url, CHAT_WEBHOOK: `${chat.url}/chat` }),
            NODE_EXTRA_CA_CERTS: tls.caFile,
            CI_COMMIT_SHA: sha(round),
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
          const build = installedFor[name] ?? installed
          const run = await timed(
            build
              ? { command: build.bin, args: ['report', 'Deploy job failed'], cwd: build.project, env }
              : { command: process.execPath, args: ['--import', join(ROOT, 'scripts/ts-hook.mjs'), join(ROOT, 'node_modules/zx/build/cli.js'), join(ROOT, 'scripts/report.mts'), 'Deploy job failed'], cwd: ROOT, env },
          )
          if (run.code !== 0 || !/Created issue/.test(run.stdout)) throw new Error(`${name}: ${run.stdout}${run.stderr}`)
          if (round === 0) continue
          walls.set(name, [...(walls.get(name) ?? []), run.ms])
          spans.set(name, [...(spans.get(name) ?? []), seen.at(-1)! - seen[0]!])
          toCreate.set(name, [...(toCreate.get(name) ?? []), created ?? NaN])
          requests.set(name, gh.requests.length + gh.chat.length)
          if (showTimeline) console.log(`${name}, round ${round}, each API request as the server saw it:\n${timeline.map((line) => `  ${line}`).join('\n')}${run.stderr ? `\n  stderr: ${run.stderr.trim()}` : ''}`)
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
  const label = (name: string) => name.split('@')[1] ?? ''
  const baseOf = (name: string) => Object.keys(cases).find((other) => label(other) === label(name))!
  console.log(`create path over TLS, ${oneWayMs} ms each way (${rt} ms per round trip), ${rounds} rounds, ${installed ? 'the installed command' : 'the TypeScript source'}, medians:`)
  for (const [name, xs] of walls) {
    const span = median(spans.get(name)!)
    const [wallBase, spanBase] = [median(walls.get(baseOf(name))!), median(spans.get(baseOf(name))!)]
    // A round trip as this link and this machine serve it: the baseline's list → create, answer read and
    // next request written included, which the 40 ms of the link alone leave out.
    const hop = median(toCreate.get(baseOf(name))!)
    const hops = name === baseOf(name) ? `one hop (list → create) ${hop.toFixed(0)} ms` : `${((span - spanBase) / hop).toFixed(1)} hops`
    console.log(`${name.padEnd(20)} API span ${span.toFixed(0).padStart(5)} ms (${delta(span, spanBase)}; ${hops})  wall ${median(xs).toFixed(0).padStart(5)} ms (${delta(median(xs), wallBase)})  requests ${requests.get(name)}`)
  }
}
