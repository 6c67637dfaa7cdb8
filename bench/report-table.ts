// The benchmark's printed table, its derived figures, and the verdict on each target (maintainers/performance.md).
import type { Installed } from './installed.ts'
import type { LoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { summary, type Command, type MemoryRun, type ProcessPeak, type Run } from './measure.ts'
import type { Machine } from './node-choice.ts'
import { OLD_DAYS, type ScaleResult } from './scale.ts'

/** One row of the table; `command` gets the environment that points a reporter at the loopback. */
export interface Case {
  readonly key: string
  readonly label: string
  readonly command: (env: Record<string, string>) => Command
  /** What stdout must be for the run to count; cases without it make no requests. */
  readonly expect?: RegExp
  /** Run with an empty TMPDIR of its own, where tsx and Node's compile cache find nothing. */
  readonly cold?: boolean
}

/** What the loopback saw during one run: API requests as `METHOD /path` (repository prefix cut) and chat posts. */
export interface Traffic {
  readonly api: string[]
  readonly chat: number
}

export type Exec = (c: Case, gh: LoopbackGitHub, sha: string, memory?: boolean) => Promise<{ run: Run | MemoryRun; traffic: Traffic }>

export interface CaseResult {
  readonly case: Case
  readonly runs: Run[]
  readonly traffic: Traffic[]
  readonly memory: MemoryRun[]
}

// The targets. The zx path's: overhead over its launcher and peak memory of the zx process (judged on
// Node 24 only since Node 20, past its end of life, pays for tsx there). The installed command's: wall time
// over a bare `node -e ''` per Node line, and peak memory.
const MAX_OVERHEAD_MS = 100
const MAX_CREATE_REQUESTS = 3
const MAX_LISTS_AT_SCALE = 2
const MAX_RSS_MB = 120
const MAX_INSTALLED_OVER_NODE_MS: Record<number, number> = { 20: 80, 24: 60 }
const MAX_INSTALLED_RSS_MB = 70
const nodeMajor = (m: Machine) => Number(/^v(\d+)/.exec(m.node)?.[1])

const ms = (n: number) => `${Math.round(n)} ms`
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} kB`)
const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width))

const isZx = (p: ProcessPeak) => /(^|\/)zx$|zx\/build\/cli\.js$/.test(p.argv[1] ?? '')
// npm rewrites its process title (and so /proc/<pid>/cmdline) to `npm exec …`.
const isNpm = (p: ProcessPeak) => /^npm( |$)/.test(p.argv[0] ?? '') || /(^|\/)(npx|npm)(-cli\.js)?$/.test(p.argv[1] ?? '')
const name = (p: ProcessPeak) => (isZx(p) ? 'zx' : isNpm(p) ? 'npx' : (p.argv[0] ?? '?').split('/').pop()!)

/** The process that does a case's work: the zx CLI running the script, else the largest one. */
function mainPeakKb(run: MemoryRun): number {
  const zx = run.processes.filter(isZx)
  const pool = zx.length ? zx : run.processes
  return Math.max(0, ...pool.map((p) => p.peakKb))
}

/** `2 API (GET /issues, POST /issues) + 1 chat`, with every distinct pattern seen and how often. */
export function formatTraffic(traffic: readonly Traffic[]): string {
  const counts = new Map<string, number>()
  for (const t of traffic) {
    const key = `${t.api.length} API (${t.api.join(', ')}) + ${t.chat} chat`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, n]) => (counts.size > 1 ? `${key} ×${n}` : key)).join(' | ')
}

const median = (r: CaseResult | undefined) => summary(r!.runs.map((x) => x.ms)).median
const least = (r: CaseResult | undefined) => summary(r!.runs.map((x) => x.ms)).min

/** The table and the derived figures, as lines. */
export function table(machine: Machine, runs: number, memRuns: number, results: readonly CaseResult[], scales: readonly ScaleResult[], installed: Installed): string[] {
  const by = new Map(results.map((r) => [r.case.key, r]))
  const lines = [
    `Machine: ${machine.cpu}, nproc ${machine.nproc}, load average ${machine.load} at start`,
    `Node ${machine.node}, npm ${machine.npm}, zx ${machine.zx}; ${runs} timed runs per case, interleaved, after 1 warm-up round`,
    '',
    `${pad('case', 44)}${pad('median', 9, true)}${pad('min', 9, true)}${pad('max', 9, true)}  ${pad('peak RSS med / max', 18, true)} ${pad('tree', 7, true)}  requests per run`,
  ]
  for (const r of results) {
    const s = summary(r.runs.map((x) => x.ms))
    const peaks = summary(r.memory.length ? r.memory.map(mainPeakKb) : [0])
    const main = r.memory.length ? `${mb(peaks.median)} / ${mb(peaks.max)}` : '-'
    const tree = r.memory.length ? mb(Math.max(...r.memory.map((m) => m.treePeakKb))) : '-'
    lines.push(
      `${pad(`(${r.case.key}) ${r.case.label}`, 44)}${pad(ms(s.median), 9, true)}${pad(ms(s.min), 9, true)}${pad(ms(s.max), 9, true)}` +
        `  ${pad(main, 18, true)} ${pad(tree, 7, true)}  ${r.traffic.length ? formatTraffic(r.traffic) : ''}`,
    )
  }
  const [a, b, c, d, e, bCold, cCold, f, g, fCold] = ['a', 'b', 'c', 'd', 'e', 'b*', 'c*', 'f', 'g', 'f*'].map((k) => median(by.get(k)))
  const low = (k: string) => least(by.get(k))
  lines.push(
    '',
    `launcher (b)−(a): ${ms(b! - a!)}   overhead (c)−(b): ${ms(c! - b!)}   (d)−(b): ${ms(d! - b!)}   ratio (c)/(e): ×${(c! / e!).toFixed(1)}`,
    `cold caches: launcher (b*)−(a): ${ms(bCold! - a!)}   overhead (c*)−(b*): ${ms(cCold! - bCold!)}`,
    `installed: (f)−(a): ${ms(f! - a!)}   (g)−(a): ${ms(g! - a!)}   cold cache (f*)−(a): ${ms(fCold! - a!)}, (f*)−(f): ${ms(fCold! - f!)}   ratio (f)/(e): ×${(f! / e!).toFixed(1)}`,
    // Minimums are what a run costs when nothing else competes for the CPU: a check on noisy medians.
    `by minimums: overhead (c)−(b): ${ms(low('c') - low('b'))}   (d)−(b): ${ms(low('d') - low('b'))}   (f)−(a): ${ms(low('f') - low('a'))}   (g)−(a): ${ms(low('g') - low('a'))}`,
    `install: tarball ${size(installed.tarballBytes)}, installed ${size(installed.installedBytes)} (node_modules of an empty project), ` +
      `npm install --offline <tarball> ${ms(installed.installMs)} (median of ${installed.installRuns}, npm's cache warm)`,
  )
  if (memRuns) {
    lines.push(`peak RSS: VmHWM of the process doing the work (the zx CLI running the script; for (a) and (f) node, for (e) the largest),`)
    lines.push(`  sampled from /proc every 2 ms in ${memRuns} extra runs per case: median and max of the runs' peaks;`)
    lines.push(`  tree = largest sum of VmRSS over the whole process tree (npx, sh, zx) at one sample.`)
    for (const r of results) {
      if (!r.memory.length) continue
      const per = new Map<string, number>()
      // A process caught between exec and its first instruction has no command line yet: left out here.
      for (const p of r.memory.flatMap((m) => m.processes.filter((x) => x.argv.length))) per.set(name(p), Math.max(per.get(name(p)) ?? 0, p.peakKb))
      const gnu = r.memory.map((m) => m.gnuTimeKb).filter((k): k is number => k !== undefined)
      const check = gnu.length ? `; GNU time %M (largest single process) ${mb(Math.max(...gnu))}` : ''
      lines.push(`  (${r.case.key}) per process: ${[...per].map(([n, kb]) => `${n} ${mb(kb)}`).join(', ')}${check}`)
    }
  }
  for (const scale of scales) {
    const dup = summary(scale.duplicate.ms)
    const create = summary(scale.create.ms)
    lines.push(
      '',
      `Dedup with ${scale.issues.toLocaleString('en')} open labelled issues from the previous ${OLD_DAYS} days, ${scale.label} (${scale.duplicate.ms.length} runs):`,
      `  duplicate path ${ms(dup.median)} median (${ms(dup.min)}–${ms(dup.max)}), list requests per run: ${[...new Set(scale.duplicate.lists)].join('/')}`,
      `  create path    ${ms(create.median)} median (${ms(create.min)}–${ms(create.max)}), list requests per run: ${[...new Set(scale.create.lists)].join('/')}`,
      `  (reading them all would take ${Math.ceil(scale.issues / 100)} list requests of 100)`,
    )
  }
  return lines
}

/** One line per target, and whether any was missed. */
export function checkTargets(machine: Machine, results: readonly CaseResult[], scales: readonly ScaleResult[]): { lines: string[]; missed: boolean } {
  const by = new Map(results.map((r) => [r.case.key, r]))
  let missed = false
  const lines = ['Targets:']
  const verdict = (what: string, got: string, ok: boolean, by = '') => {
    missed ||= !ok
    lines.push(`  ${pad(what, 48)} ${pad(got, 16)} ${ok ? 'met' : `MISSED${by ? ` by ${by}` : ''}`}`)
  }
  const major = nodeMajor(machine)
  const installedMax = MAX_INSTALLED_OVER_NODE_MS[major]
  const overInstalled = median(by.get('f')) - median(by.get('a'))
  if (installedMax === undefined) lines.push(`  installed (f)−(a): ${ms(overInstalled)} (no target for Node ${major})`)
  else verdict(`installed (f)−(a) ≤ ${installedMax} ms on Node ${major} (median)`, ms(overInstalled), overInstalled <= installedMax, ms(overInstalled - installedMax))
  const overhead = median(by.get('c')) - median(by.get('b'))
  if (major >= 24) verdict(`overhead (c)−(b) ≤ ${MAX_OVERHEAD_MS} ms (median)`, ms(overhead), overhead <= MAX_OVERHEAD_MS, ms(overhead - MAX_OVERHEAD_MS))
  else lines.push(`  ${pad(`overhead (c)−(b) (printed, no target on Node ${major})`, 48)} ${ms(overhead)}`)
  for (const k of ['d', 'g']) {
    const dup = by.get(k)!.traffic
    const dupApi = Math.max(...dup.map((t) => t.api.length))
    verdict(`(${k}) duplicate path: 1 API request + chat`, `${dupApi} + ${Math.min(...dup.map((t) => t.chat))} chat`, dup.every((t) => t.api.length === 1 && t.chat === 1))
  }
  for (const k of ['c', 'f']) {
    const create = by.get(k)!.traffic
    const createApi = Math.max(...create.map((t) => t.api.length))
    verdict(`(${k}) create path: ≤ ${MAX_CREATE_REQUESTS} API requests + chat`, `${createApi} + ${Math.min(...create.map((t) => t.chat))} chat`, create.every((t) => t.api.length <= MAX_CREATE_REQUESTS && t.chat === 1))
  }
  for (const scale of scales) {
    const lists = Math.max(...scale.duplicate.lists, ...scale.create.lists)
    verdict(`${scale.label}: dedup over ${scale.issues.toLocaleString('en')} open issues ≤ ${MAX_LISTS_AT_SCALE} lists`, String(lists), lists <= MAX_LISTS_AT_SCALE)
  }
  const fMem = by.get('f')?.memory ?? []
  if (fMem.length) {
    const peak = summary(fMem.map(mainPeakKb)).median
    verdict(`peak RSS of (f) ≤ ${MAX_INSTALLED_RSS_MB} MB (median)`, mb(peak), peak <= MAX_INSTALLED_RSS_MB * 1024, mb(peak - MAX_INSTALLED_RSS_MB * 1024))
  }
  // Judged on the typical run (the median of the runs' peaks) of the worst reporter case, like the time target.
  const medians = ['c', 'd', 'c*'].flatMap((k) => (by.get(k)?.memory.length ? [[k, summary(by.get(k)!.memory.map(mainPeakKb))] as const] : []))
  if (medians.length) {
    const [key, worst] = medians.reduce((a, b) => (b[1].median > a[1].median ? b : a))
    const got = `${mb(worst.median)} (${key})`
    verdict(`peak RSS of the zx process ≤ ${MAX_RSS_MB} MB (median)`, got, worst.median <= MAX_RSS_MB * 1024, mb(worst.median - MAX_RSS_MB * 1024))
  } else {
    lines.push('  peak RSS: not measured (--mem-runs 0)')
  }
  return { lines, missed }
}
