// GitHub Actions' job log cut to the failing step, read one line at a time with memory bounded by the
// excerpt's size. The per-job log has no step offsets (https://github.com/cli/cli/issues/11169), so steps
// are told apart by their openers: each step's lines start at `##[group]Run …`; the runner's clean-up
// (`Post job cleanup.`, `Cleaning up orphan processes`) comes last and is no step. The failing step is
// the one holding the last `##[error]`; without one, the last step.
// Every line starts with an ISO timestamp (`2022-06-20T09:28:05.8714453Z `), which is stripped.
// Memory is bounded by characters as well as by lines, as GitLab's trace is (lib/gitlab/trace.ts
// MAX_WINDOW): REPORT_LOG_LINES has no upper limit, and the issue holds at most 65,536 characters.

/** Most characters of lines one step's tail gives (and, before a trim, half of what it holds). */
export const MAX_HELD = 1 << 20

const TIMESTAMP = /^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/
const STEP_START = /^##\[group\]Run /
const CLEANUP = /^(?:Post job cleanup\.|Cleaning up orphan processes)\s*$/
const ERROR = /^##\[error\]/
// The runner's workflow-command markers, shown on the run page as a label (or not at all).
const MARKERS: Record<string, string> = { error: 'Error: ', warning: 'Warning: ', notice: 'Notice: ', debug: 'Debug: ' }
const MARKER = /^##\[(\w+)\]/

/**
 * The last `capacity` items pushed, in order, and no more of them than `maxCost` in all (the newest is
 * always kept); older ones are dropped.
 */
export class Ring<T> {
  private items: T[] = []
  private total = 0
  private readonly capacity: number
  private readonly maxCost: number
  private readonly cost: (item: T) => number
  constructor(capacity: number, maxCost = Infinity, cost: (item: T) => number = () => 0) {
    this.capacity = capacity
    this.maxCost = maxCost
    this.cost = cost
  }
  push(item: T): void {
    this.items.push(item)
    this.total += this.cost(item)
    // Trimmed now and then rather than on every push: shifting an array is linear.
    // Stryker disable next-line UnaryOperator: at exactly 2 × capacity items, slice(capacity) and slice(-capacity) are the same
    if (this.items.length >= 2 * this.capacity || this.total >= 2 * this.maxCost) {
      this.items = this.newest(this.capacity)
      this.total = this.items.reduce((sum, kept) => sum + this.cost(kept), 0)
    }
  }
  /** How many items it holds now, dropped ones not yet let go included: never 2 × capacity. */
  get held(): number {
    return this.items.length
  }
  /** The cost of the items it holds now: under 2 × maxCost, plus the newest item's. */
  get heldCost(): number {
    return this.total
  }
  last(count: number): T[] {
    return count > 0 ? this.newest(Math.min(count, this.capacity)) : []
  }
  // The newest `count` items, fewer when they would cost more than maxCost (never fewer than one).
  private newest(count: number): T[] {
    let taken = 0
    let cost = 0
    for (let i = this.items.length - 1; i >= 0 && taken < count; i--) {
      cost += this.cost(this.items[i]!)
      if (taken > 0 && cost > this.maxCost) break
      taken++
    }
    return taken === 0 ? [] : this.items.slice(-taken)
  }
}

interface Segment {
  readonly cleanup: boolean
  readonly tail: Ring<string>
  /** Lines in the segment so far. */
  count: number
  /** The last error's line number (1-based) and the lines up to and including it, when there was one. */
  error?: { at: number; before: string[] }
}

/** A line without its timestamp and with the runner's markers as the run page shows them; undefined for `##[endgroup]`. */
export function plainLine(raw: string): string | undefined {
  const line = raw.replace(TIMESTAMP, '').replace(/\r$/, '')
  const marker = MARKER.exec(line)
  if (!marker) return line
  if (marker[1] === 'endgroup') return undefined
  return (MARKERS[marker[1]!] ?? '') + line.slice(marker[0].length)
}

/**
 * Fed a job log line by line, keeps the failing step's last lines: at most `lines` of them, ending at the
 * step's last line. When the last `##[error]` is further from the end than that, about half of them are
 * the lines up to that error, then a note of the lines left out, then the step's last lines.
 */
export class StepCutter {
  private current: Segment
  private failing: Segment | undefined
  private lastStep: Segment | undefined
  private readonly half: number
  private readonly lines: number

  constructor(lines: number) {
    this.lines = lines
    this.half = Math.ceil(lines / 2)
    this.current = this.segment(false)
  }

  private segment(cleanup: boolean): Segment {
    return { cleanup, tail: new Ring<string>(this.lines, MAX_HELD, (line) => line.length), count: 0 }
  }

  private close(): void {
    const done = this.current
    // Stryker disable next-line ConditionalExpression: an empty segment has no error, and a later one replaces it; as the last step it gives [] as no step does
    if (done.cleanup || done.count === 0) return
    this.lastStep = done
    if (done.error) this.failing = done
  }

  /** Takes the next raw line of the log (with its timestamp). */
  push(raw: string): void {
    const stamped = raw.replace(TIMESTAMP, '')
    if (STEP_START.test(stamped) || CLEANUP.test(stamped)) {
      this.close()
      this.current = this.segment(CLEANUP.test(stamped))
    }
    const line = plainLine(raw)
    if (line === undefined) return
    const segment = this.current
    segment.count++
    segment.tail.push(line)
    if (ERROR.test(stamped)) segment.error = { at: segment.count, before: segment.tail.last(this.half) }
  }

  /** Characters of lines held now, in every segment kept: bounded by MAX_HELD, whatever REPORT_LOG_LINES is. */
  get heldChars(): number {
    const segments = new Set([this.current, this.failing, this.lastStep])
    let chars = 0
    for (const segment of segments) chars += segment ? segment.tail.heldCost + (segment.error?.before.join('').length ?? 0) : 0
    return chars
  }

  /** The failing step's excerpt, once the whole log has been pushed. */
  result(): string[] {
    this.close()
    const step = this.failing ?? this.lastStep
    if (!step) return []
    const error = step.error
    // The tail may hold fewer than `lines` lines: long ones reach MAX_HELD first.
    const tail = step.tail.last(this.lines)
    const firstInTail = step.count - tail.length + 1
    // One line has no room for the error and a note: it is the step's last line, as promised above (the
    // core keeps the last `lines` of what is given, which would otherwise be the note alone).
    if (!error || error.at >= firstInTail || this.lines < 2) return tail
    const after = step.tail.last(Math.max(0, this.lines - error.before.length - 1))
    const skipped = step.count - error.at - after.length
    if (skipped === 0) return [...error.before, ...after]
    return [...error.before, `… ${skipped} line${skipped === 1 ? '' : 's'} left out …`, ...after]
  }
}
