// How the benchmark measures a whole process: wall time from spawn to exit, and peak memory of the
// process tree it starts. Linux only (memory is read from /proc).
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Run {
  readonly ms: number
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

export interface Command {
  readonly command: string
  readonly args: readonly string[]
  readonly cwd: string
  readonly env: Record<string, string>
}

/** Runs `cmd` to completion; `ms` is the wall time from spawn to the process's exit. */
export function timed(cmd: Command, onSpawn?: (pid: number) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(cmd.command, cmd.args, { cwd: cmd.cwd, env: cmd.env, stdio: ['ignore', 'pipe', 'pipe'] })
    if (child.pid !== undefined) onSpawn?.(child.pid)
    let stdout = ''
    let stderr = ''
    let ms = 0
    let code: number | null = null
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('exit', (c) => {
      ms = performance.now() - start
      code = c
    })
    child.on('close', () => resolve({ ms, code, stdout, stderr }))
  })
}

/** One process seen in a tree: what it ran last (after any exec) and its peak resident set. */
export interface ProcessPeak {
  readonly pid: number
  argv: string[]
  peakKb: number
}

export interface MemoryRun extends Run {
  readonly processes: readonly ProcessPeak[]
  /** Largest sum of VmRSS over the tree's processes seen at one sample. */
  readonly treePeakKb: number
  /** GNU time's %M (largest single process, from the kernel's rusage) when /usr/bin/time exists. */
  readonly gnuTimeKb: number | undefined
}

const GNU_TIME = '/usr/bin/time'
const hasChildrenFiles = existsSync(`/proc/self/task/${process.pid}/children`)

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

// The kernel's own list of children when it keeps one (CONFIG_PROC_CHILDREN), else a scan of /proc.
function childrenOf(pid: number): number[] {
  if (hasChildrenFiles) {
    return (read(`/proc/${pid}/task/${pid}/children`) ?? '').split(' ').filter(Boolean).map(Number)
  }
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => Number(/^\d+ \(.*\) \S+ (\d+)/s.exec(read(`/proc/${name}/stat`) ?? '')?.[1]) === pid)
    .map(Number)
}

const kb = (status: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)

/**
 * Runs `cmd` while polling /proc every `intervalMs`: each process's VmHWM (the kernel's peak resident set,
 * which only grows, so a sample misses at most the growth in the last interval before exit) and the sum
 * of VmRSS over the tree. Polling costs CPU, so these runs are kept apart from the timed ones.
 */
export async function withMemory(cmd: Command, intervalMs = 2): Promise<MemoryRun> {
  const out = join(tmpdir(), `bench-time-${process.pid}-${Date.now()}`)
  const gnu = existsSync(GNU_TIME)
  const wrapped: Command = gnu ? { ...cmd, command: GNU_TIME, args: ['-f', '%M', '-o', out, cmd.command, ...cmd.args] } : cmd
  const seen = new Map<number, ProcessPeak>()
  let treePeakKb = 0
  let root: number | undefined
  const sample = () => {
    if (root === undefined) return
    let sum = 0
    const queue = [root]
    for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
      const status = read(`/proc/${pid}/status`)
      if (status === undefined) continue
      queue.push(...childrenOf(pid))
      // The GNU time wrapper is the measurer, not the measured.
      const argv = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean)
      if (gnu && pid === root) continue
      const hwm = kb(status, 'VmHWM')
      if (hwm === 0) continue // a zombie has no memory left to report
      sum += kb(status, 'VmRSS')
      const entry = seen.get(pid) ?? { pid, argv, peakKb: 0 }
      // After an exec (sh -c → node) the peak restarts; keep the larger and the newest argv.
      entry.argv = argv
      entry.peakKb = Math.max(entry.peakKb, hwm)
      seen.set(pid, entry)
    }
    treePeakKb = Math.max(treePeakKb, sum)
  }
  const timer = setInterval(sample, intervalMs)
  try {
    const run = await timed(wrapped, (pid) => {
      root = pid
      sample()
    })
    const gnuTimeKb = gnu ? Number(read(out)?.trim().split('\n').pop()) || undefined : undefined
    return { ...run, processes: [...seen.values()], treePeakKb, gnuTimeKb }
  } finally {
    clearInterval(timer)
    rmSync(out, { force: true })
  }
}

/** Median, min and max of `values`. */
export function summary(values: readonly number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! }
}
