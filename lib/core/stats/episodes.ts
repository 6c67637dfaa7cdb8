// Outages rebuilt from the record the reporter keeps: the issue it files, its occurrence comments (a
// regression comment is one), the resolver's recovery comment and the close. An episode runs from an
// environment's first failed run to the resolver's recovery; the failed runs in between belong to it.
import { isOccurrenceComment, RECOVERY_MARKER } from '../text/comment-text.ts'
import { parseTitle } from '../find/recovery.ts'
import type { Comment, Issue } from '../tracker.ts'

/** How an episode ended: the resolver saw a good deploy, someone closed it, or it is still failing. */
export type Ending = 'recovered' | 'closed by hand' | 'failing'

/** One outage of one environment: from its first failed run until it recovered or was closed. */
export interface Episode {
  readonly environment: string
  /** The first failed run. */
  readonly start: Date
  /** The recovery or the close; undefined while failing. Never before `start`. */
  readonly end: Date | undefined
  readonly ending: Ending
  /** Every failed run of the episode, oldest first; the first is `start`. */
  readonly runs: readonly Date[]
  /** The issues that hold it, lowest number first (several: one per commit and day, or a duplicate). */
  readonly issues: readonly number[]
}

/** An issue and, when they were read, its comments. */
export interface IssueRecord {
  readonly issue: Pick<Issue, 'number' | 'title' | 'state' | 'createdAt' | 'closedAt' | 'closedAs' | 'commentCount'>
  readonly comments?: readonly Pick<Comment, 'body' | 'createdAt'>[]
}

interface Segment {
  readonly environment: string
  readonly issue: number
  start: Date
  runs: Date[]
  end: Date | undefined
  ending: Ending
  /** Closed as a duplicate of another issue: it adds its runs to that one's episode but never ends it. */
  duplicate: boolean
}

/**
 * Whether the comments of `issue` must be read to know its episodes. Without them, the issue's comment
 * count tells: none means no recurrence and no recovery comment; a single one on an issue closed as
 * completed (or where the service gives no reason) is taken as the resolver's recovery comment. Any
 * more, or any on an open issue or one closed otherwise, may be recurrences or a reopen: read them.
 */
export function needsComments(issue: IssueRecord['issue']): boolean {
  if (issue.commentCount === undefined) return true
  const closedAsCompleted = issue.state === 'closed' && (issue.closedAs === undefined || issue.closedAs === 'completed')
  return issue.commentCount >= (closedAsCompleted ? 2 : 1)
}

const later = (a: Date, b: Date): Date => (a.getTime() >= b.getTime() ? a : b)

// Comments in the order they were written; those without a time keep their place (the list's order).
const inOrder = <T extends Pick<Comment, 'createdAt'>>(comments: readonly T[]): T[] =>
  comments
    .map((comment, i) => ({ comment, i }))
    .sort((a, b) => (a.comment.createdAt && b.comment.createdAt ? a.comment.createdAt.getTime() - b.comment.createdAt.getTime() : 0) || a.i - b.i)
    .map(({ comment }) => comment)

// The resolver comments and closes at once (retries included, well within this); see find/regression.ts.
const CLOSE_AFTER_COMMENT_MS = 10 * 60 * 1000
const closedAtOnce = (comment: Date, closedAt: Date) => closedAt >= comment && closedAt.getTime() - comment.getTime() <= CLOSE_AFTER_COMMENT_MS

// GitHub's own convention: a comment starting "Duplicate of #n" marks the issue as n's duplicate.
// https://docs.github.com/en/issues/tracking-your-work-with-issues/administering-issues/marking-issues-or-pull-requests-as-a-duplicate
const DUPLICATE_OF = /^Duplicate of #\d+/

// The episodes one issue holds, in order; none for an issue not in the reporter's title format.
function segmentsOf({ issue, comments }: IssueRecord): Segment[] {
  const environment = parseTitle(issue.title)?.environment
  if (environment === undefined || issue.createdAt === undefined) return []
  const closedAt = issue.state === 'closed' ? issue.closedAt : undefined
  const begin = (at: Date): Segment => ({ environment, issue: issue.number, start: at, runs: [at], end: undefined, ending: 'failing', duplicate: false })
  const segments = [begin(issue.createdAt)]
  let open: Segment | undefined = segments[0]
  let markedDuplicate = false
  const end = (segment: Segment, at: Date, ending: Ending) => {
    // A clock that ran behind never makes an episode end before its last failed run.
    segment.end = later(at, segment.runs.at(-1)!)
    segment.ending = ending
    open = undefined
  }

  if (comments) {
    for (const comment of inOrder(comments)) {
      // A comment without a time happened no earlier than the last thing known.
      const at = later(comment.createdAt ?? closedAt ?? issue.createdAt, open?.runs.at(-1) ?? segments.at(-1)!.end ?? issue.createdAt)
      if (isOccurrenceComment(comment.body)) {
        // After a recovery, a failure (the reporter's regression comment on a reopened issue) is a new episode.
        if (open) open.runs.push(at)
        else segments.push((open = begin(at)))
      } else if (comment.body.startsWith(RECOVERY_MARKER) && open) {
        end(open, at, 'recovered')
      } else if (DUPLICATE_OF.test(comment.body)) {
        // Where the server refused the duplicate reason, the reporter says so in a comment and closes as not planned.
        markedDuplicate = true
      }
    }
    // The episode ends at the resolver's close, which follows its recovery comment at once.
    const last = segments.at(-1)!
    const asCompleted = issue.closedAs === undefined || issue.closedAs === 'completed'
    if (!open && closedAt && asCompleted && last.ending === 'recovered' && closedAtOnce(last.end!, closedAt)) last.end = closedAt
  } else if (open && closedAt && !needsComments(issue) && (issue.commentCount ?? 0) >= 1) {
    end(open, closedAt, 'recovered')
  }
  if (open && issue.state === 'closed') {
    open.duplicate = issue.closedAs === 'duplicate' || markedDuplicate
    end(open, closedAt ?? open.runs.at(-1)!, 'closed by hand')
  }
  return segments
}

type Merged = { -readonly [K in keyof Episode]: Episode[K] } & { runs: Date[]; issues: number[]; duplicateOnly: boolean }

// Adds segment `s` to the episode it overlaps. A duplicate never decides how the outage ended, unless all
// that is known of it so far is duplicates; otherwise the segment that ends last (or still fails) does.
function merge(episode: Merged, s: Segment): void {
  episode.runs.push(...s.runs)
  if (!episode.issues.includes(s.issue)) episode.issues.push(s.issue)
  if (s.duplicate && !episode.duplicateOnly) return
  const takeOver =
    (episode.duplicateOnly && !s.duplicate) ||
    (episode.end !== undefined && (s.end === undefined || s.end.getTime() >= episode.end.getTime()))
  episode.duplicateOnly &&= s.duplicate
  if (takeOver) Object.assign(episode, { end: s.end, ending: s.ending })
}

/**
 * The episodes in `records`, per environment, oldest first. Episodes of one environment that overlap are
 * one outage (two commits failing before the next good deploy file two issues; a duplicate is filed while
 * its original is open), so every failed run is counted once. Issues not in the reporter's title format
 * hold none.
 */
export function rebuildEpisodes(records: Iterable<IssueRecord>): Episode[] {
  const byEnvironment = new Map<string, Segment[]>()
  for (const record of records) {
    for (const segment of segmentsOf(record)) {
      const list = byEnvironment.get(segment.environment) ?? []
      list.push(segment)
      byEnvironment.set(segment.environment, list)
    }
  }
  const merged: Merged[] = []
  for (const segments of byEnvironment.values()) {
    segments.sort((a, b) => a.start.getTime() - b.start.getTime() || a.issue - b.issue)
    let current: Merged | undefined
    for (const s of segments) {
      if (current && (current.end === undefined || s.start.getTime() <= current.end.getTime())) merge(current, s)
      else merged.push((current = { environment: s.environment, start: s.start, end: s.end, ending: s.ending, runs: [...s.runs], issues: [s.issue], duplicateOnly: s.duplicate }))
    }
  }
  const episodes: Episode[] = merged.map(({ duplicateOnly: _, ...episode }) => ({
    ...episode,
    runs: episode.runs.sort((a, b) => a.getTime() - b.getTime()),
    issues: episode.issues.sort((a, b) => a - b),
  }))
  return episodes.sort((a, b) => a.start.getTime() - b.start.getTime() || a.environment.localeCompare(b.environment))
}
