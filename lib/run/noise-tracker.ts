// The tracker a report runs on when a noise setting is on (docs/noise.md), as a wrapper around the real
// one, so the report's own flow is unchanged:
// - the duplicate check's list is read ahead, alongside the run history and the environment's record,
//   and replayed (answer or error) to the flow's own look: the thresholds cost no round trip of their own;
// - a new issue of a flapping environment gets the `flapping` label and one line; so does the occurrence
//   comment that starts a new outage of it;
// - the issue or occurrence comment of the run that reaches REPORT_PAGE_AFTER says so in one line.
import type { Comment, Issue, NewIssue, Tracker } from '../core/tracker.ts'
import { findHolderIssue, type ReportKey } from '../core/find/grouping.ts'
import { isOccurrenceComment } from '../core/text/comment-text.ts'
import { episodeOf, pagedText, pagesNow, type PageThreshold } from '../core/noise/page.ts'
import { FLAPPING_LABEL } from '../core/noise/flap.ts'

type OpenQuery = Parameters<Tracker['openIssues']>[0]
const keyOf = (q: OpenQuery) => JSON.stringify({ label: q.label, since: q.updatedSince?.toISOString() })

interface Recording {
  readonly pages: (readonly Issue[])[]
  complete: boolean
  error?: unknown
}

/** What the wrapper adds to a new issue and to occurrence comments. */
export interface NoiseMarks {
  readonly now: Date
  /** REPORT_FLAP, when this environment is flapping: the line, and whether this run starts an outage. */
  readonly flap?: { readonly line: string; readonly newEpisode: boolean }
  /** REPORT_PAGE_AFTER. */
  readonly page?: PageThreshold
}

/** The wrapped tracker, and what it learnt while the report ran. */
export interface NoiseTracker {
  readonly tracker: Tracker
  /** Reads the duplicate check's list ahead for `key`; the flow's first look at it replays this. */
  readAhead(key: ReportKey): Promise<void>
  /** Sets what is added to writes, once the noise reads are in. */
  mark(marks: NoiseMarks): void
  /** The issue whose body or comment said this run pages, when one did. */
  readonly pagedOn: () => number | undefined
  /** The issues the list showed, by number. */
  readonly seen: ReadonlyMap<number, Issue>
}

/** Wraps `inner`; see the module comment. */
export function noiseTracker(inner: Tracker): NoiseTracker {
  const ahead = new Map<string, Recording>()
  const seen = new Map<number, Issue>()
  const comments = new Map<number, readonly Comment[]>()
  let marks: NoiseMarks | undefined
  let pagedOn: number | undefined

  const live = (query: OpenQuery, skip = 0): AsyncIterable<readonly Issue[]> => ({
    async *[Symbol.asyncIterator]() {
      let n = 0
      for await (const page of inner.openIssues(query)) {
        for (const issue of page) seen.set(issue.number, issue)
        if (n++ >= skip) yield page
      }
    },
  })

  const replay = (recording: Recording, query: OpenQuery): AsyncIterable<readonly Issue[]> => ({
    async *[Symbol.asyncIterator]() {
      yield* recording.pages
      if (recording.error !== undefined) throw recording.error
      // The look ahead stopped where the flow's own look stops (at a holder); past it, read on.
      if (!recording.complete) yield* live(query, recording.pages.length)
    },
  })

  const extras = (): string[] => [...(marks?.flap?.newEpisode ? [marks.flap.line] : [])]
  const withLines = (body: string, lines: readonly string[]): string => {
    if (!lines.length) return body
    const added = `${body.replace(/\n*$/, '\n')}\n${lines.join('\n\n')}\n`
    // The tracker's limit wins over a line: the report itself matters more.
    return added.length <= inner.limits.body ? added : body
  }

  const tracker: Tracker = {
    ...inner,
    openIssues(query) {
      const recording = ahead.get(keyOf(query))
      if (!recording) return live(query)
      ahead.delete(keyOf(query))
      return replay(recording, query)
    },
    async listComments(number) {
      const list = await inner.listComments(number)
      comments.set(number, list)
      return list
    },
    async createIssue(issue: NewIssue) {
      const lines = extras()
      // The first failed run: it pages only with a threshold of one run.
      const pages = marks?.page !== undefined && pagesNow(marks.page, { runs: 1, start: marks.now, paged: false }, marks.now)
      if (pages) lines.push(pagedText({ runs: 1, start: marks!.now }, marks!.now))
      const labels = marks?.flap ? [...issue.labels, FLAPPING_LABEL] : issue.labels
      const created = await inner.createIssue({ ...issue, labels, body: withLines(issue.body, lines) })
      if (pages) pagedOn = created.number
      return created
    },
    async addComment(number, body) {
      if (!marks || !isOccurrenceComment(body)) return inner.addComment(number, body)
      const lines = extras()
      let pages = false
      if (marks.page) {
        const issue = seen.get(number)
        const before = comments.get(number) ?? (await inner.listComments(number))
        const episode = episodeOf({ createdAt: issue?.createdAt, body: issue?.body ?? '' }, before, false, marks.now)
        pages = pagesNow(marks.page, episode, marks.now)
        if (pages) lines.push(pagedText(episode, marks.now))
      }
      const comment = await inner.addComment(number, withLines(body, lines))
      if (pages) pagedOn = number
      return comment
    },
  }

  return {
    tracker,
    seen,
    pagedOn: () => pagedOn,
    mark(next) {
      marks = next
    },
    async readAhead(key) {
      const recording: Recording = { pages: [], complete: false }
      // The flow's own look, run ahead on a tracker that records what it read.
      const recorder: Tracker = {
        ...inner,
        openIssues: (query) => {
          ahead.set(keyOf(query), recording)
          return {
            async *[Symbol.asyncIterator]() {
              for await (const page of inner.openIssues(query)) {
                for (const issue of page) seen.set(issue.number, issue)
                recording.pages.push(page)
                yield page
              }
              recording.complete = true
            },
          }
        },
      }
      try {
        await findHolderIssue(recorder, key)
      } catch (error) {
        recording.error = error
      }
    },
  }
}
