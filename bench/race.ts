// The organisation-scale race: N reporters (50 by default) for one failure at the same moment, against a
// loopback GitHub that enforces the secondary limit on content creation (80 issue and comment POSTs a
// minute, 403 with retry-after beyond). Counts what the race cost in writes; checks the guarantee (one
// open issue, every run exits 0 naming it).
import { startLoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { timed, type Command } from './measure.ts'

export interface RaceResult {
  readonly runs: number
  /** Whether every first list was held until all runs had asked (every run sees no issue and creates). */
  readonly worstCase: boolean
  readonly ms: number
  readonly open: number
  readonly failedRuns: number
  /** Runs whose output does not name the surviving issue. */
  readonly silentRuns: number
  readonly creates: number
  readonly closes: number
  readonly comments: number
  readonly deletes: number
  /** Every non-GET request the server answered, 403s included. */
  readonly writes: number
  readonly limited: number
  readonly reads: number
}

/** Runs one race of `runs` reporters built by `command` (given the loopback's environment). */
export async function race(runs: number, worstCase: boolean, command: (env: Record<string, string>) => Command): Promise<RaceResult> {
  const gh = await startLoopbackGitHub()
  try {
    if (worstCase) gh.holdLists(runs)
    const env = gh.env({ CI_COMMIT_SHA: 'race5050', CI_COMMIT_MESSAGE: 'Race', CI_PIPELINE_URL: 'https://ci.example/p/50', DEPLOY_ENV: 'production' })
    const start = performance.now()
    const results = await Promise.all(Array.from({ length: runs }, () => timed(command(env))))
    const ms = performance.now() - start
    const open = gh.openIssues()
    const survivor = open[0]
    const method = (m: string, path?: RegExp) => gh.requests.filter((q) => q.method === m && (!path || path.test(q.path))).length
    return {
      runs,
      worstCase,
      ms,
      open: open.length,
      failedRuns: results.filter((r) => r.code !== 0).length,
      silentRuns: results.filter((r) => !survivor || !r.stdout.includes(`#${survivor.number}`)).length,
      creates: gh.issues.length,
      closes: gh.closes.length,
      comments: gh.comments.length,
      deletes: method('DELETE'),
      writes: gh.requests.filter((q) => q.method !== 'GET').length,
      limited: gh.limited.length,
      reads: method('GET'),
    }
  } finally {
    await gh.close()
  }
}

/** The race's lines for the bench's output. */
export function formatRace(r: RaceResult): string[] {
  const ok = r.open === 1 && r.failedRuns === 0 && r.silentRuns === 0
  return [
    `Race: ${r.runs} reporters at once, ${r.worstCase ? 'every first list held until all had asked (worst case)' : 'started together, no help from the server'}; ` +
      `secondary limit 80 content POSTs a minute`,
    `  ${ok ? 'met' : 'MISSED'}: ${r.open} open issue(s), ${r.failedRuns} run(s) failed, ${r.silentRuns} run(s) not naming the survivor; ${(r.ms / 1000).toFixed(1)} s in all`,
    `  writes: ${r.writes} = ${r.creates} creates + ${r.closes} closes + ${r.comments} comments + ${r.deletes} deletes + ${r.limited} refused (403); reads: ${r.reads}`,
  ]
}
