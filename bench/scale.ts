// Dedup at scale: the reporter against a repository that already holds 10,000 open labelled issues from
// earlier days. They must cost nothing: the list call asks only for issues updated `since` the title's date.
import { startLoopbackGitHub } from '../test/helpers/loopback-github.ts'
import type { Case, Exec } from './report-table.ts'

export const OLD_ISSUES = 10_000
export const OLD_DAYS = 200

export interface PathAtScale {
  readonly ms: number[]
  /** `GET /issues` requests per run. */
  readonly lists: number[]
  readonly api: number[]
}

export interface ScaleResult {
  /** Which cases ran, e.g. `(f)/(g)`. */
  readonly label: string
  readonly issues: number
  readonly create: PathAtScale
  readonly duplicate: PathAtScale
}

/** Runs `create` then `duplicate` (same commit) `rounds` times against a loopback full of old issues. */
export async function dedupAtScale(exec: Exec, label: string, create: Case, duplicate: Case, rounds: number, fresh: () => string): Promise<ScaleResult> {
  const gh = await startLoopbackGitHub()
  try {
    const day = 86_400_000
    const start = Date.now() - OLD_DAYS * day
    const perDay = OLD_ISSUES / OLD_DAYS
    for (let i = 0; i < OLD_ISSUES; i++) {
      // Oldest first, one day's worth at a time, up to yesterday.
      const stamp = new Date(start + Math.floor(i / perDay) * day + (i % perDay) * 60_000).toISOString()
      gh.addIssue({ title: `[DEPLOY FAIL] production — old${i.toString(16)} — ${stamp.slice(0, 10)}`, created_at: stamp, updated_at: stamp })
    }
    const result: ScaleResult = { label, issues: OLD_ISSUES, create: { ms: [], lists: [], api: [] }, duplicate: { ms: [], lists: [], api: [] } }
    for (let r = 0; r < rounds; r++) {
      const sha = fresh()
      for (const [c, into] of [[create, result.create], [duplicate, result.duplicate]] as const) {
        const { run, traffic } = await exec(c, gh, sha)
        into.ms.push(run.ms)
        into.lists.push(traffic.api.filter((a) => a === 'GET /issues').length)
        into.api.push(traffic.api.length)
      }
    }
    return result
  } finally {
    await gh.close()
  }
}
