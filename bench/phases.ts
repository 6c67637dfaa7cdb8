// Where a reporter run spends its time, from inside its process: bench/phases.mjs is preloaded (through npm's
// node-options for the zx cases, the project's own options plus one --import; through NODE_OPTIONS for the
// installed command) and timestamps Node's start-up, the reporter's marks, every request and the exit.
import { execFileSync } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { LoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { summary } from './measure.ts'
import type { Case, Exec } from './report-table.ts'

const PRELOAD = fileURLToPath(new URL('phases.mjs', import.meta.url))

/** One case's timeline: each event's name and time (ms since the zx process started) in its median run. */
export interface Phases {
  readonly case: Case
  readonly events: readonly (readonly [name: string, ms: number])[]
  /** CPU time (user + system) of the process up to its exit, ms: the median over all runs (steadier than wall time on a busy machine). */
  readonly cpuMs: number
}

/**
 * The environments that load the preload: `npm` makes npm start the zx process with it, next to the
 * project's node-options; `direct` is for a command started without npm (the installed bin).
 */
export function phaseEnv(root: string, env: Record<string, string>): { npm: Record<string, string>; direct: Record<string, string> } {
  const own = execFileSync('npm', ['config', 'get', 'node-options'], { cwd: root, env, encoding: 'utf8' }).trim()
  return {
    npm: { npm_config_node_options: `${own === 'null' ? '' : own} --import=${PRELOAD}`.trim() },
    direct: { NODE_OPTIONS: `--import=${pathToFileURL(PRELOAD).href}` },
  }
}

/**
 * Runs each case `runs` times with the preload and keeps the run whose exit time is the median: one real
 * timeline, rather than medians of each event taken from different runs. The cases of one group share a
 * commit each round (a create, then the duplicate it leaves).
 */
export async function measurePhases(exec: Exec, gh: LoopbackGitHub, groups: readonly (readonly Case[])[], runs: number, fresh: () => string): Promise<Phases[]> {
  const cases = groups.flat()
  const timelines = new Map<Case, { events: [string, number][]; cpuMs: number }[]>(cases.map((c) => [c, []]))
  for (let r = 0; r < runs; r++) {
    for (const group of groups) {
      const sha = fresh()
      for (const c of group) {
        const { run } = await exec(c, gh, sha)
        const line = /^BENCH-PHASES (.*) ([\d.]+)$/m.exec(run.stderr)
        if (!line) throw new Error(`(${c.key}) printed no BENCH-PHASES line:\n${run.stderr}`)
        const events = (JSON.parse(line[1]!) as [number, string][]).map(([ms, name]): [string, number] => [name, ms])
        timelines.get(c)!.push({ events, cpuMs: Number(line[2]) })
      }
    }
  }
  return cases.map((c) => {
    const exit = (t: { events: [string, number][] }) => t.events[t.events.length - 1]![1]
    const byExit = [...timelines.get(c)!].sort((a, b) => exit(a) - exit(b))
    return { case: c, events: byExit[(byExit.length - 1) >> 1]!.events, cpuMs: summary(byExit.map((t) => t.cpuMs)).median }
  })
}

/**
 * `node ready 18 · modules 45 · configured 47 · GET /issues 60→63 · … · exit 90 (last answer → exit 1)`:
 * each request as start→answer; the chat post is the request to a path outside the API's `/repos/`.
 */
export function formatPhases(p: Phases): string {
  const parts: string[] = []
  let lastAnswer: number | undefined
  for (let i = 0; i < p.events.length; i++) {
    const [name, ms] = p.events[i]!
    const next = p.events[i + 1]
    if (next?.[0] === 'answered') {
      const what = /^\w+ \/repos\//.test(name) ? name.replace(/^(\w+) \/repos\/[^/]+\/[^/]+/, '$1 ') : `${name.split(' ')[0]} chat`
      parts.push(`${what} ${fmt(ms)}→${fmt(next[1])}`)
      lastAnswer = next[1]
      i++
    } else if (name === 'exit' && lastAnswer !== undefined) parts.push(`exit ${fmt(ms)} (last answer → exit ${fmt(ms - lastAnswer)})`)
    else parts.push(`${name} ${fmt(ms)}`)
  }
  return `${parts.join(' · ')}; CPU ${fmt(p.cpuMs)} ms`
}

const fmt = (ms: number) => String(Math.round(ms))

/** `CPU over (a) node -e '': (f) 60 ms, (g) 50 ms`: the installed command's CPU beyond Node's own start. */
export function cpuOver(phases: readonly Phases[]): string {
  const by = new Map(phases.map((p) => [p.case.key, p.cpuMs]))
  const a = by.get('a')
  if (a === undefined) return ''
  const over = ['f', 'g'].flatMap((k) => (by.has(k) ? [`(${k}) ${fmt(by.get(k)! - a)} ms`] : []))
  return `  CPU over (a) node -e '': ${over.join(', ')} (a steadier figure than wall time when the machine is busy)`
}
