// Where a reporter run spends its time, from inside its zx process: bench/phases.mjs is preloaded through
// npm's node-options (the project's own options plus one --import) and timestamps every request and the exit.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { LoopbackGitHub } from '../test/helpers/loopback-github.ts'
import type { Case, Exec } from './report-table.ts'

const PRELOAD = fileURLToPath(new URL('phases.mjs', import.meta.url))

/** One case's timeline: each event's name and time (ms since the zx process started) in its median run. */
export interface Phases {
  readonly case: Case
  readonly events: readonly (readonly [name: string, ms: number])[]
}

/** The environment that makes npm start the zx process with the preload, next to the project's node-options. */
export function phaseEnv(root: string, env: Record<string, string>): Record<string, string> {
  const own = execFileSync('npm', ['config', 'get', 'node-options'], { cwd: root, env, encoding: 'utf8' }).trim()
  return { npm_config_node_options: `${own === 'null' ? '' : own} --import=${PRELOAD}`.trim() }
}

/**
 * Runs each case `runs` times with the preload and keeps the run whose exit time is the median: one real
 * timeline, rather than medians of each event taken from different runs.
 */
export async function measurePhases(exec: Exec, gh: LoopbackGitHub, cases: readonly Case[], runs: number, fresh: () => string): Promise<Phases[]> {
  const timelines = new Map<Case, [string, number][][]>(cases.map((c) => [c, []]))
  for (let r = 0; r < runs; r++) {
    const sha = fresh()
    for (const c of cases) {
      const { run } = await exec(c, gh, sha)
      const line = /^BENCH-PHASES (.*)$/m.exec(run.stderr)
      if (!line) throw new Error(`(${c.key}) printed no BENCH-PHASES line:\n${run.stderr}`)
      timelines.get(c)!.push((JSON.parse(line[1]!) as [number, string][]).map(([ms, name]) => [name, ms]))
    }
  }
  return cases.map((c) => {
    const byExit = [...timelines.get(c)!].sort((a, b) => a[a.length - 1]![1] - b[b.length - 1]![1])
    return { case: c, events: byExit[(byExit.length - 1) >> 1]! }
  })
}

/** `GET /repos/acme/shop/issues 96→103 · … · exit 135`. */
export function formatPhases(p: Phases): string {
  const parts: string[] = []
  for (let i = 0; i < p.events.length; i++) {
    const [name, ms] = p.events[i]!
    const next = p.events[i + 1]
    if (next?.[0] === 'answered') {
      parts.push(`${name.replace(/^(\w+) \/repos\/[^/]+\/[^/]+/, '$1 ')} ${Math.round(ms)}→${Math.round(next[1])}`)
      i++
    } else parts.push(`${name} ${Math.round(ms)}`)
  }
  return parts.join(' · ')
}
