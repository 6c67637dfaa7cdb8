// `[WARN]` and `[ERROR]` lines as GitHub Actions workflow commands, so that they show as annotations on
// the run page, not only in the step log.
// https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands
import { redact } from '../core/log.ts'

// Workflow-command data escaping, as the runner decodes it (the same as @actions/core's escapeData).
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')

/** `::warning::…` for a `[WARN] …` line, `::error::…` for an `[ERROR] …` line; undefined for any other line. */
export function annotation(line: string): string | undefined {
  const match = /^\[(WARN|ERROR)\] (.*)$/s.exec(line)
  if (!match) return undefined
  return `::${match[1] === 'WARN' ? 'warning' : 'error'}::${escapeData(match[2]!)}`
}

/** Anything text can be written to (a stream, or a collector in tests). */
interface Writer {
  write(text: string): unknown
}

/**
 * A writer that passes everything to `target` and, for every complete `[WARN]`/`[ERROR]` line, also
 * writes its annotation to `annotations`, with `secrets` taken out first (the lines are redacted
 * already; this is a second guard).
 */
export function annotating(target: Writer, annotations: Writer, secrets: readonly string[]): Writer {
  let pending = ''
  return {
    write(text: string) {
      const result = target.write(text)
      pending += text
      let end: number
      while ((end = pending.indexOf('\n')) !== -1) {
        const found = annotation(redact(pending.slice(0, end), secrets))
        pending = pending.slice(end + 1)
        if (found) annotations.write(`${found}\n`)
      }
      return result
    },
  }
}
