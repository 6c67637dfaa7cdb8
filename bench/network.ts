// The network case of `npm run bench`: the installed command and the bash + curl reference scripts on the
// create, duplicate and resolve (one issue) paths, (1) against the plain loopback GitHub with no delay and
// (2) over TLS behind a latency link (latency-proxy.ts, default 20 ms each way), the API and the chat sink
// on two origins as in production. Interleaved rounds; wall and CPU (user + system of the process tree,
// from GNU time) as medians; round trips and TLS handshakes per run; the floor of each path.
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startLoopbackGitHub, type LoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { summary, timed, type Command } from './measure.ts'
import { startLatencyLink, type LatencyLink } from './network/latency-proxy.ts'
import { makeTls } from './network/tls.ts'

export type Path = 'create' | 'duplicate' | 'resolve'
export type Who = 'installed' | 'reference'
export type Setting = 'loopback' | 'tls'

export interface NetworkRun {
  readonly ms: number
  readonly cpuMs: number
  readonly rssKb: number
  readonly connections: number
  readonly handshakes: number
  readonly requests: number
}

export interface NetworkResult {
  readonly oneWayMs: number
  readonly rounds: number
  /** `node -e ''`, wall and CPU. */
  readonly node: NetworkRun[]
  readonly runs: Map<string, NetworkRun[]>
}

const key = (setting: Setting, who: Who, path: Path) => `${setting} ${who} ${path}`
const PATHS: readonly Path[] = ['create', 'duplicate', 'resolve']
const EXPECT: Record<Path, RegExp> = {
  create: /^\[INFO\] Created issue #\d+: \S+$/m,
  duplicate: /^\[INFO\] Duplicate issue found, skipping creation$/m,
  resolve: /^\[INFO\] Closed issue #\d+: \S+$/m,
}

// The fewest round trips each path's requests need on the critical path, with the guarantees kept
// (maintainers/performance.md, "Round trips and what each one buys"): a new connection costs TCP's and TLS 1.3's
// handshakes (2); the chat's connection is opened while the API works, so only its request counts.
//   create:    TCP, TLS, list, create, re-check (needs the create's answer) ∥ chat (needs neither) = 5
//   duplicate: TCP, TLS, list, chat = 4
//   resolve:   TCP, TLS, list, comment, [1 s write pacing, the comment's round trip inside it], close, chat
//              = 5 + pacing (the list says the issue has no comment, so the read before commenting is skipped:
//              lib/core/flows/recover-once.ts; the re-read after it falls inside the pacing)
export const FLOOR_ROUND_TRIPS: Record<Path, number> = { create: 5, duplicate: 4, resolve: 5 }
/** GitHub's pacing between the comment and the close on the resolve path (writes 1 s apart). */
export const PACING_MS: Record<Path, number> = { create: 0, duplicate: 0, resolve: 1000 }

export interface NetworkSetup {
  readonly root: string
  readonly baseEnv: Record<string, string>
  /** The installed command (bench/installed.ts). */
  readonly bin: string
  readonly project: string
  readonly rounds: number
  readonly oneWayMs: number
  readonly log?: (line: string) => void
}

/** Runs the network case: one warm-up round, then `rounds` interleaved rounds. */
export async function networkBench(setup: NetworkSetup): Promise<NetworkResult> {
  const tls = makeTls()
  const result: NetworkResult = { oneWayMs: setup.oneWayMs, rounds: setup.rounds, node: [], runs: new Map() }
  let serial = 0
  const fresh = () => `n${Date.now().toString(36)}${(serial++).toString(36)}`
  try {
    for (let round = 0; round <= setup.rounds; round++) {
      setup.log?.(`Network case: round ${round === 0 ? 'warm-up' : `${round}/${setup.rounds}`} …\n`)
      const gh = await startLoopbackGitHub()
      const links = await Promise.all([startLatencyLink(port(gh), tls, setup.oneWayMs), startLatencyLink(port(gh), tls, setup.oneWayMs)])
      try {
        const units = unitsOf(setup, gh, links, tls.caFile, fresh)
        for (let i = 0; i < units.length; i++) {
          const unit = units[(i + round) % units.length]!
          for (const step of unit) {
            const run = await step.run()
            if (round === 0) continue
            if (step.key === 'node') result.node.push(run)
            else result.runs.set(step.key, [...(result.runs.get(step.key) ?? []), run])
          }
        }
      } finally {
        await Promise.all(links.map((l) => l.close()))
        await gh.close()
      }
    }
  } finally {
    tls.remove()
  }
  return result
}

const port = (gh: LoopbackGitHub) => Number(new URL(gh.url).port)

interface Step {
  readonly key: string
  run(): Promise<NetworkRun>
}

function unitsOf(setup: NetworkSetup, gh: LoopbackGitHub, [api, chat]: LatencyLink[], caFile: string, fresh: () => string): Step[][] {
  const units: Step[][] = [[{ key: 'node', run: () => measure({ command: 'node', args: ['-e', ''], cwd: setup.root, env: setup.baseEnv }, gh, []) }]]
  for (const setting of ['loopback', 'tls'] as const) {
    const where =
      setting === 'loopback'
        ? gh.env()
        : {
            ...gh.env({ ISSUE_API_URL: api!.url, CHAT_WEBHOOK: `${chat!.url}/chat` }),
            NODE_EXTRA_CA_CERTS: caFile,
            CURL_CA_BUNDLE: caFile,
          }
    const links = setting === 'tls' ? [api!, chat!] : []
    for (const who of ['installed', 'reference'] as const) {
      const command = (path: Path, env: Record<string, string>): Command => {
        const all = { ...setup.baseEnv, ...where, CI_COMMIT_MESSAGE: 'Bench commit', CI_PIPELINE_URL: 'https://ci.example/p/1', ...env }
        if (who === 'installed') return { command: setup.bin, args: path === 'resolve' ? ['resolve'] : ['report', 'Deploy job failed'], cwd: setup.project, env: all }
        const script = path === 'resolve' ? 'bench/reference-resolve.sh' : 'bench/reference.sh'
        return { command: 'bash', args: path === 'resolve' ? [script] : [script, 'Deploy job failed'], cwd: setup.root, env: all }
      }
      const check = (path: Path) => (run: { code: number | null; stdout: string; stderr: string }) => {
        if (run.code !== 0 || !EXPECT[path].test(run.stdout)) throw new Error(`${key(setting, who, path)} failed (exit ${run.code}):\n${run.stdout}${run.stderr}`)
      }
      // The create and the duplicate that finds it share a commit; resolve gets an environment of its
      // own holding one open issue filed a minute before.
      let sha = ''
      const report = (path: 'create' | 'duplicate'): Step => ({
        key: key(setting, who, path),
        run: () => {
          if (path === 'create') sha = fresh()
          return measure(command(path, { CI_COMMIT_SHA: sha, DEPLOY_ENV: 'production' }), gh, links, check(path))
        },
      })
      const resolve: Step = {
        key: key(setting, who, 'resolve'),
        run: () => {
          const environment = fresh()
          const stamp = new Date(Date.now() - 60_000).toISOString()
          gh.addIssue({ title: `[DEPLOY FAIL] ${environment} — 0ld5ha — ${stamp.slice(0, 10)}`, created_at: stamp, updated_at: stamp })
          return measure(command('resolve', { CI_COMMIT_SHA: fresh(), DEPLOY_ENV: environment }), gh, links, check('resolve'))
        },
      }
      units.push([report('create'), report('duplicate')], [resolve])
    }
  }
  return units
}

let timeFiles = 0

/** Runs `cmd` under bash's `time` and GNU time: wall, CPU and peak RSS, and what the links and the loopback saw. */
async function measure(cmd: Command, gh: LoopbackGitHub, links: readonly LatencyLink[], check?: (run: { code: number | null; stdout: string; stderr: string }) => void): Promise<NetworkRun> {
  const out = join(tmpdir(), `bench-net-${process.pid}-${timeFiles++}`)
  const before = { requests: gh.requests.length + gh.chat.length, ...sumCounts(links) }
  try {
    // bash's `time` gives wall and CPU (user + system of the command and every process it waited for) in
    // ms, where GNU time rounds CPU to 10 ms; GNU time gives the peak RSS.
    const script = 'TIMEFORMAT="%3R %3U %3S"; { time /usr/bin/time -f %M -o "$0" "$@" 2>&3; } 3>&2 2>"$0.cpu"'
    const run = await timed({ ...cmd, command: 'bash', args: ['-c', script, out, cmd.command, ...cmd.args] })
    check?.(run)
    const [wall, user, system] = readFileSync(`${out}.cpu`, 'utf8').trim().split('\n').pop()!.split(' ').map(Number)
    const rss = Number(readFileSync(out, 'utf8').trim().split('\n').pop())
    const after = sumCounts(links)
    return {
      ms: wall! * 1000,
      cpuMs: (user! + system!) * 1000,
      rssKb: rss,
      connections: after.connections - before.connections,
      handshakes: after.handshakes - before.handshakes,
      requests: gh.requests.length + gh.chat.length - before.requests,
    }
  } finally {
    rmSync(out, { force: true })
    rmSync(`${out}.cpu`, { force: true })
  }
}

const sumCounts = (links: readonly LatencyLink[]) =>
  links.reduce((sum, l) => ({ connections: sum.connections + l.counts.connections, handshakes: sum.handshakes + l.counts.handshakes }), { connections: 0, handshakes: 0 })

const ms = (n: number) => `${Math.round(n)} ms`
const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width))
const med = (runs: readonly NetworkRun[], pick: (r: NetworkRun) => number) => summary(runs.map(pick)).median
const same = (runs: readonly NetworkRun[], pick: (r: NetworkRun) => number) => [...new Set(runs.map(pick))].join('/')

/** The network case's table and its target verdicts, as lines; `missed` when a target was missed. */
export function networkTable(r: NetworkResult, node: string): { lines: string[]; missed: boolean } {
  const rtt = 2 * r.oneWayMs
  const nodeWall = med(r.node, (x) => x.ms)
  const lines = [
    `Network case on Node ${node}: ${r.rounds} interleaved rounds, medians. tls = TLS 1.3 through a link adding ${r.oneWayMs} ms each way (${rtt} ms per round trip),`,
    `API and chat on two origins; round trips = TCP connections + TLS handshakes + requests (HTTP/1.1). (a) node -e '': wall ${ms(nodeWall)}, CPU ${ms(med(r.node, (x) => x.cpuMs))}`,
    '',
    `${pad('setting / path', 22)}${pad('who', 11)}${pad('wall', 9, true)}${pad('min', 8, true)}${pad('CPU', 8, true)}${pad('peak RSS', 10, true)}  conns · TLS · requests = round trips   floor`,
  ]
  const get = (s: Setting, w: Who, p: Path) => r.runs.get(key(s, w, p)) ?? []
  for (const setting of ['loopback', 'tls'] as const) {
    for (const path of PATHS) {
      for (const who of ['installed', 'reference'] as const) {
        const runs = get(setting, who, path)
        if (!runs.length) continue
        const trips = same(runs, (x) => x.connections + x.handshakes + x.requests)
        const counted = setting === 'tls' ? `${same(runs, (x) => x.connections)} · ${same(runs, (x) => x.handshakes)} · ${same(runs, (x) => x.requests)} = ${trips}` : `- · - · ${same(runs, (x) => x.requests)}`
        const floor = setting === 'tls' && who === 'installed' ? `${FLOOR_ROUND_TRIPS[path]} × ${rtt} = ${ms(FLOOR_ROUND_TRIPS[path] * rtt)}${PACING_MS[path] ? ` + ${PACING_MS[path]} pacing` : ''}` : ''
        lines.push(
          `${pad(`${setting} ${path}`, 22)}${pad(who, 11)}${pad(ms(med(runs, (x) => x.ms)), 9, true)}${pad(ms(summary(runs.map((x) => x.ms)).min), 8, true)}` +
            `${pad(ms(med(runs, (x) => x.cpuMs)), 8, true)}${pad(`${Math.round(med(runs, (x) => x.rssKb) / 1024)} MB`, 10, true)}  ${pad(counted, 36)} ${floor}`,
        )
      }
    }
  }
  let missed = false
  const out = ['', 'Network targets:']
  const verdict = (what: string, got: string, ok: boolean, by: string) => {
    missed ||= !ok
    out.push(`  ${pad(what, 62)} ${pad(got, 26)} ${ok ? `met (by ${by})` : `MISSED by ${by}`}`)
  }
  const wall = (s: Setting, w: Who, p: Path) => med(get(s, w, p), (x) => x.ms)
  const cpu = (s: Setting, w: Who, p: Path) => med(get(s, w, p), (x) => x.cpuMs)
  const ratio = (what: string, a: number, b: number, max: number) => verdict(what, `${ms(a)} / ${ms(b)} = ×${(a / b).toFixed(2)}`, a <= max * b, `${ms(Math.abs(a - max * b))}`)
  if (get('loopback', 'installed', 'create').length) {
    ratio('loopback create: wall ≤ 1.0× the reference script', wall('loopback', 'installed', 'create'), wall('loopback', 'reference', 'create'), 1)
    ratio('loopback create: CPU ≤ 0.75× the reference script', cpu('loopback', 'installed', 'create'), cpu('loopback', 'reference', 'create'), 0.75)
  }
  if (get('tls', 'installed', 'create').length) {
    ratio(`tls create: wall ≤ 0.6× the reference script`, wall('tls', 'installed', 'create'), wall('tls', 'reference', 'create'), 0.6)
    for (const path of PATHS) {
      const bound = FLOOR_ROUND_TRIPS[path] * rtt + nodeWall
      const got = wall('tls', 'installed', path) - PACING_MS[path]
      const pacing = PACING_MS[path] ? ` (wall − ${PACING_MS[path]} ms pacing)` : ''
      verdict(`tls ${path}${pacing} ≤ 1.25× (floor + node start)`, `${ms(got)} vs ${ms(1.25 * bound)}`, got <= 1.25 * bound, ms(Math.abs(got - 1.25 * bound)))
    }
  }
  const peak = Math.max(...[...r.runs].filter(([k]) => k.includes(' installed ')).map(([, runs]) => med(runs, (x) => x.rssKb)))
  verdict('installed command: peak RSS ≤ 70 MB (median, worst path)', `${Math.round(peak / 1024)} MB`, peak <= 70 * 1024, `${Math.round(Math.abs(70 * 1024 - peak) / 1024)} MB`)
  return { lines: [...lines, ...out], missed }
}
