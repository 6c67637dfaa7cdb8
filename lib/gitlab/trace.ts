// The end of a GitLab job trace, kept while it streams past: the trace is the job's raw terminal output,
// ANSI colours, `\r` progress redraws and GitLab's collapsible-section markers included, and can be
// hundreds of megabytes. Only the last lines survive, in two bounded windows: one for the whole trace and
// one for the `step_script` section (the job's own script, where it failed). Memory stays within the
// windows' bounds whatever the trace's size or its lines' length.
//
// The section markers are GitLab's and go here. Colours and `\r` redraws stay in the kept lines: the core
// strips them (lib/core/text/log-tail.ts cleanLog) only after it has scrubbed secrets, because stripping
// first can hide a token (a broken colour code swallows its first letter, and the rest no longer looks
// like a token). They are read here only to decide what a terminal would show.
// Section markers: https://docs.gitlab.com/ci/jobs/job_logs/#custom-collapsible-sections
import { stripVTControlCharacters } from 'node:util'
import { redact } from '../core/redact.ts'

// `\e[0Ksection_start:<unix time>:<name>[<options>]\r\e[0K<header>`, and `section_end:<time>:<name>\r\e[0K`;
// the runner writes one section's end and the next one's start on the same line. Names are letters,
// digits, `_`, `.` and `-`.
const MARKER = /(?:\x1b\[0K)?section_(start|end):\d+:([A-Za-z0-9_.-]+)(?:\[[^\]\r\n]*\])?\r?(?:\x1b\[0K)?/g
const SCRIPT_SECTION = 'step_script'

/** Longest line kept, in bytes; a longer one keeps its end, where a `\r` redraw's visible frame is. */
export const MAX_LINE = 8192
/** Longest secret a cut line is sure to be masked of: longer than any token, and half of what is read before the cut. */
export const MASK_MARGIN = MAX_LINE / 2
/** Most characters of raw lines one window keeps lines of, so that a huge line count cannot hold a huge trace. */
export const MAX_WINDOW = 1 << 20

/**
 * What a terminal shows of a line: colours and cursor codes stripped, and only the text after the last
 * `\r` that has text after it (a progress bar redraws the line; a final `\r`, as in CRLF, redraws nothing).
 */
export function visibleLine(raw: string): string {
  const frames = stripVTControlCharacters(raw).split('\r')
  for (let i = frames.length - 1; i >= 0; i--) if (frames[i] !== '') return frames[i]!
  return ''
}

// A `\r` at the end of a line (CRLF) redraws nothing.
const withoutFinalCr = (line: string): string => line.replace(/\r+$/, '')

// The last `max` lines, in a ring that grows up to `max` slots as lines come (a dropped line is let go at
// once), and no more lines than MAX_WINDOW characters of the raw lines they came from: a kept line may
// be a slice that holds its raw line alive, so the raw length is what it costs.
class Window {
  // Stryker disable next-line ArrayDeclaration: a ring that starts with one slot works the same: it grows when full
  private ring: (string | undefined)[] = []
  // Stryker disable next-line ArrayDeclaration: every slot's cost is written before it is read
  private costs: number[] = []
  private first = 0
  private count = 0
  private chars = 0
  private readonly max: number
  constructor(max: number) {
    this.max = max
  }

  push(line: string, cost: number): void {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: without it a ring of no slot goes to NaN indexes, yet lines() still gives none; the guard keeps the state sane, not the output
    if (this.max <= 0) return
    if (this.count === this.max) this.drop()
    if (this.count === this.ring.length) {
      // Stryker disable next-line MethodExpression: memory only; a ring larger than `max` holds no more than `max` lines
      const size = Math.min(this.max, Math.max(16, this.ring.length * 2))
      const order = Array.from({ length: this.count }, (_, i) => (this.first + i) % this.ring.length)
      // Stryker disable next-line ArithmeticOperator: memory only; slots past the ring's are never read
      this.ring = [...order.map((i) => this.ring[i]), ...new Array<undefined>(size - this.count)]
      // Stryker disable next-line ArithmeticOperator,ArrayDeclaration: every slot's cost is written before it is read
      this.costs = [...order.map((i) => this.costs[i]!), ...new Array<number>(size - this.count).fill(0)]
      this.first = 0
    }
    const at = (this.first + this.count++) % this.ring.length
    this.ring[at] = line
    this.costs[at] = cost
    this.chars += cost
    // Stryker disable next-line ConditionalExpression,EqualityOperator: one line costs at most MAX_LINE, far below MAX_WINDOW: the last line is never dropped
    while (this.chars > MAX_WINDOW && this.count > 1) this.drop()
  }

  private drop(): void {
    this.chars -= this.costs[this.first]!
    this.ring[this.first] = undefined
    this.first = (this.first + 1) % this.ring.length
    this.count--
  }

  clear(): void {
    // Stryker disable next-line ArrayDeclaration: as at the start, a ring with a slot works the same
    this.ring = []
    // Stryker disable next-line ArrayDeclaration: every slot's cost is written before it is read
    this.costs = []
    this.first = 0
    this.count = 0
    this.chars = 0
  }

  lines(): string[] {
    return Array.from({ length: this.count }, (_, i) => this.ring[(this.first + i) % this.ring.length]!)
  }
}

/**
 * Keeps the end of a GitLab job trace fed to it piece by piece (`write`, in any cut, markers and lines
 * split across pieces included): `end()` gives the last `lines` lines of the `step_script` section, or of
 * the whole trace when it has no such section, without the section markers, without lines a terminal
 * would show blank at the end, and otherwise raw (ANSI codes and `\r` redraws in; see the top of the file).
 */
export class TraceTail {
  private readonly all: Window
  private readonly script: Window
  // The unfinished last line, as bytes: a line is decoded once it is whole, so a character or a marker
  // cut between two pieces is whole again, and each kept line is a string of its own (a slice of a
  // decoded piece would keep the whole piece alive).
  private pending: Buffer[] = []
  private pendingBytes = 0
  // Whether the pending line's start was dropped (above): it may start inside a secret.
  private headless = false
  // Stryker disable next-line BooleanLiteral: lines before any section in the script window are cleared when step_script starts, and unread without it
  private inScript = false
  private sawScript = false

  constructor(lines: number) {
    this.all = new Window(lines)
    this.script = new Window(lines)
  }

  /** Feeds the next piece of the trace: bytes as they arrived, or text. */
  write(piece: Uint8Array | string): void {
    // Stryker disable next-line ConditionalExpression: copying the bytes instead of viewing them gives the same bytes
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
    let start = 0
    // A line feed byte is never part of a longer UTF-8 character, so lines can be cut before decoding.
    for (let end = bytes.indexOf(10); end >= 0; end = bytes.indexOf(10, start)) {
      this.line(this.decode(bytes.subarray(start, end)))
      start = end + 1
    }
    // Stryker disable next-line ConditionalExpression: an empty remainder pending adds no byte
    if (start === bytes.length) return
    this.pending.push(bytes.subarray(start))
    this.pendingBytes += bytes.length - start
    // A line with no end in sight keeps only what could still be shown of it, copied out of the piece.
    // Twice what is shown: the part before the cut lets decode() mask a secret that straddles it.
    if (this.pendingBytes > 4 * MAX_LINE) {
      this.pending = [Buffer.from(Buffer.concat(this.pending).subarray(-2 * MAX_LINE))]
      this.pendingBytes = 2 * MAX_LINE
      this.headless = true
    }
  }

  /** The bytes of the unfinished last line held now: at most 4 × MAX_LINE, whatever the line's length. */
  get heldBytes(): number {
    return this.pending.reduce((sum, piece) => sum + piece.length, 0)
  }

  /** The kept lines; see the class. */
  end(): string[] {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: with nothing pending, the empty line it would add is dropped as blank below
    if (this.pendingBytes > 0) this.line(this.decode(Buffer.alloc(0)))
    const lines = (this.sawScript ? this.script : this.all).lines()
    // The runner's last colour reset makes an empty line after its final error line: the end is where text is.
    while (lines.length > 0 && visibleLine(lines[lines.length - 1]!).trim() === '') lines.pop()
    return lines
  }

  // The pending bytes and `last` as one line's text, at most its last MAX_LINE bytes. A longer line is
  // masked (lib/core/redact.ts) before it is cut, with up to MAX_LINE bytes before the cut: a secret that
  // straddles the cut is then taken out whole, not left in part (docs/security.md).
  private decode(last: Buffer): string {
    // Stryker disable next-line ConditionalExpression: concatenating `last` alone gives the same bytes
    const whole = this.pending.length === 0 ? last : Buffer.concat([...this.pending, last])
    const headless = this.headless || whole.length > 2 * MAX_LINE
    this.pending = []
    this.pendingBytes = 0
    this.headless = false
    if (whole.length <= MAX_LINE) return whole.toString('utf8')
    let from = Math.max(0, whole.length - 2 * MAX_LINE)
    // From a character's first byte, so that the text masked holds the bytes read, none turned into U+FFFD.
    while (headless && from < whole.length && (whole[from]! & 0xc0) === 0x80) from++
    const masked = Buffer.from(redact(whole.toString('utf8', from)))
    // Text read from inside the line may start inside a secret the mask could not recognise, and masking
    // shortens text (a secret becomes `***`), so the last MAX_LINE masked bytes can reach back to it. Rule:
    // keep only masked bytes preceded by MASK_MARGIN masked bytes; at least as many of the line's own
    // precede each kept one, so a secret of up to MASK_MARGIN bytes that touches the kept part was read
    // whole and masked. A line full of secrets keeps less than MAX_LINE, never a piece of one.
    return masked.toString('utf8', Math.max(0, masked.length - MAX_LINE, headless ? MASK_MARGIN : 0))
  }

  private line(raw: string): void {
    // The cheap test first: most lines of a big trace carry no marker.
    // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; a line without a marker is kept below all the same
    if (!raw.includes('section_')) return this.keep(withoutFinalCr(raw), raw.length)
    let from = 0
    for (const marker of raw.matchAll(MARKER)) {
      this.piece(raw.slice(from, marker.index))
      from = marker.index + marker[0].length
      if (marker[2] !== SCRIPT_SECTION) continue
      this.inScript = marker[1] === 'start'
      if (this.inScript) {
        // A section seen twice (never in GitLab's own traces) counts from its last start.
        this.script.clear()
        this.sawScript = true
      }
    }
    // Text that only looks like a marker (`echo section_start`) is output like any other line.
    // Stryker disable next-line ConditionalExpression: a line with text is kept by piece() all the same
    if (from === 0) return this.keep(withoutFinalCr(raw), raw.length)
    this.piece(raw.slice(from))
  }

  // A piece of a line with markers, kept when a terminal would show something of it: a line that held
  // only markers (and the colour resets around them) was never a line of output.
  private piece(raw: string): void {
    if (visibleLine(raw) !== '') this.keep(withoutFinalCr(raw), raw.length)
  }

  private keep(text: string, cost: number): void {
    this.all.push(text, cost)
    if (this.inScript) this.script.push(text, cost)
  }
}
