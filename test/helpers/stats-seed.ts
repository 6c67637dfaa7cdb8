// Histories for `stats`, written into the loopback GitHub or GitLab the way the reporter, the resolver and
// people leave them: issues in the reporter's title format, occurrence, regression and recovery comments,
// closes as completed, not planned or duplicate, all at the times given.
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../lib/core/text/comment-text.ts'
import { REGRESSION_MARKER } from '../../lib/core/find/regression.ts'
import type { CommentRecord, LoopbackGitHub } from './loopback-github.ts'
import type { LoopbackGitLab } from './loopback-gitlab.ts'

/** A comment as seeded. */
export interface SeedComment {
  readonly kind: 'occurrence' | 'regression' | 'recovery' | 'chatter'
  readonly at: string
}

/** An issue as seeded; open unless `closed`. */
export interface SeedIssue {
  readonly env: string
  readonly sha?: string
  readonly created: string
  readonly comments?: readonly SeedComment[]
  readonly closed?: { readonly at: string; readonly as?: 'completed' | 'not_planned' | 'duplicate' }
  /** Labels other than the reporter's (default: the reporter's own). */
  readonly labels?: string[]
  /** A title not in the reporter's format. */
  readonly title?: string
}

const BODIES: Record<SeedComment['kind'], string> = {
  occurrence: `${OCCURRENCE_MARKER}\n### Failed again: occurrence 2\n`,
  regression: `${OCCURRENCE_MARKER}\n${REGRESSION_MARKER}\n### Failed again 12 minutes after recovery: occurrence 2\n`,
  recovery: `${RECOVERY_MARKER}\n### Deploy recovered\n`,
  chatter: 'Looking into it.',
}

/** The title the reporter gives `issue`. */
export const seedTitle = (issue: SeedIssue): string => issue.title ?? `[DEPLOY FAIL] ${issue.env} — ${issue.sha ?? 'abc1234'} — ${issue.created.slice(0, 10)}`

const lastUpdate = (issue: SeedIssue): string => [issue.created, ...(issue.comments ?? []).map((c) => c.at), ...(issue.closed ? [issue.closed.at] : [])].sort().at(-1)!

let nextCommentId = 5_000_000

/** Writes `issues` into the loopback GitHub; returns their numbers in order. */
export function seedGitHub(gh: LoopbackGitHub, issues: readonly SeedIssue[]): number[] {
  return issues.map((seed) => {
    const record = gh.addIssue(
      {
        title: seedTitle(seed),
        created_at: seed.created,
        updated_at: lastUpdate(seed),
        comments: seed.comments?.length ?? 0,
        ...(seed.closed ? { state: 'closed', closed_at: seed.closed.at, state_reason: seed.closed.as ?? 'completed' } : {}),
      },
      seed.labels,
    )
    for (const c of seed.comments ?? []) {
      const id = nextCommentId++
      const comment: CommentRecord = { id, body: BODIES[c.kind], issue_number: record.number, created_at: c.at, html_url: `${record.html_url}#issuecomment-${id}` }
      gh.comments.push(comment)
    }
    return record.number
  })
}

/** Writes `issues` into the loopback GitLab (which has no close reason); returns their iids in order. */
export function seedGitLab(gl: LoopbackGitLab, issues: readonly SeedIssue[]): number[] {
  return issues.map((seed) => {
    const record = gl.addIssue(
      {
        title: seedTitle(seed),
        created_at: seed.created,
        updated_at: lastUpdate(seed),
        user_notes_count: seed.comments?.length ?? 0,
        ...(seed.closed ? { state: 'closed' as const, closed_at: seed.closed.at } : {}),
      },
      seed.labels,
    )
    for (const c of seed.comments ?? []) gl.addNote(record.iid, BODIES[c.kind]).created_at = c.at
    // GitLab's own note on a close: never counted by `user_notes_count`, and left out by the tracker.
    if (seed.closed) gl.addNote(record.iid, 'closed', true).created_at = seed.closed.at
    return record.iid
  })
}
