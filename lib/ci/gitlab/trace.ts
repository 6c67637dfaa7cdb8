// The end of a GitLab job trace, kept while it streams past: the trace is the job's raw terminal output,
// ANSI colours, `\r` progress redraws and GitLab's collapsible-section markers included, and can be
// hundreds of megabytes. Only the last lines survive, in two bounded windows: one for the whole trace and
// one for the `step_script` section (the job's own script, where it failed). Memory stays within the
// windows' bounds whatever the trace's size or its lines' length.
// Section markers: https://docs.gitlab.com/ci/jobs/job_logs/#custom-collapsible-sections
import { stripVTControlCharacters } from 'node:util'

// `\e[0Ksection_start:<unix time>:<name>[<options>]\r\e[0K<header>`, and `section_end:<time>:<name>\r\e[0K`;
// the runner writes one section's end and the next one's start on the same line. Names are letters,
// digits, `_`, `.` and `-`.
const MARKER = /(?:\x1b\[0K)?section_(start|end):\d+:([A-Za-z0-9_.-]+)(?:\[[^\]\r\n]*\])?\r?(?:\x1b\[0K)?/g
const SCRIPT_SECTION = 'step_script'

/** Longest line kept, in UTF-16 units; a longer one keeps its end, where a `\r` redraw's visible frame is. */
export const MAX_LINE = 8192
/** Most characters one window holds, so that a huge line count cannot hold a huge trace. */
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

// The last `max` lines, and at most MAX_WINDOW characters of them.
class Window {
  private items: string[] = []
  private head = 0
  private chars = 0
  private readonly max: number
  constructor(max: number) {
    this.max = max
  }

  push(line: string): void {
    if (this.max <= 0) return
    this.items.push(line)
    this.chars += line.length
    while (this.items.length - this.head > this.max || this.chars > MAX_WINDOW) this.chars -= this.items[this.head++]!.length
    // Compacted now and then, so the dropped lines do not pile up.
    if (this.head > 1024 && this.head > this.items.length / 2) {
      this.items = this.items.slice(this.head)
      this.head = 0
    }
  }

  clear(): void {
    this.items = []
    this.head = 0
    this.chars = 0
  }

  lines(): string[] {
    return this.items.slice(this.head)
  }
}

/**
 * Keeps the end of a GitLab job trace fed to it piece by piece (`write`, in any cut, markers and lines
 * split across pieces included): `end()` gives the last `lines` lines of the `step_script` section, or of
 * the whole trace when it has no such section, as a terminal would show them (ANSI codes, `\r` redraws
 * and section markers removed), without blank lines at the end.
 */
export class TraceTail {
  private readonly all: Window
  private readonly script: Window
  private pending = ''
  private inScript = false
  private sawScript = false

  constructor(lines: number) {
    this.all = new Window(lines)
    this.script = new Window(lines)
  }

  write(text: string): void {
    let start = 0
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      this.line(this.pending + text.slice(start, end))
      this.pending = ''
      start = end + 1
    }
    this.pending += text.slice(start)
    // A line with no end in sight keeps only what could still be shown of it.
    if (this.pending.length > 4 * MAX_LINE) this.pending = this.pending.slice(-2 * MAX_LINE)
  }

  end(): string[] {
    if (this.pending !== '') this.line(this.pending)
    this.pending = ''
    const lines = (this.sawScript ? this.script : this.all).lines()
    // The runner's last colour reset makes an empty line after its final error line: the end is where text is.
    while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop()
    return lines
  }

  private line(raw: string): void {
    // The cheap test first: most lines of a big trace carry no marker.
    if (!raw.includes('section_')) return this.keep(visibleLine(raw.length > MAX_LINE ? raw.slice(-MAX_LINE) : raw))
    let shown = false
    let from = 0
    for (const marker of raw.matchAll(MARKER)) {
      shown = this.piece(raw.slice(from, marker.index)) || shown
      from = marker.index + marker[0].length
      if (marker[2] !== SCRIPT_SECTION) continue
      this.inScript = marker[1] === 'start'
      if (this.inScript) {
        // A section seen twice (never in GitLab's own traces) counts from its last start.
        this.script.clear()
        this.sawScript = true
      }
    }
    shown = this.piece(raw.slice(from)) || shown
    // A line that held only markers was never a line of output.
    if (!shown && from === 0) this.keep('')
  }

  // A piece of a line with markers: kept when a terminal would show something of it.
  private piece(raw: string): boolean {
    const text = visibleLine(raw.length > MAX_LINE ? raw.slice(-MAX_LINE) : raw)
    if (text !== '') this.keep(text)
    return text !== ''
  }

  private keep(text: string): void {
    this.all.push(text)
    if (this.inScript) this.script.push(text)
  }
}
