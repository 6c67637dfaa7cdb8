// A CI log read as it arrives, line by line, so a 200 MB log costs a few kilobytes at a time. Lines
// longer than a limit are cut (the rest of such a line is skipped up to its line feed), so one giant
// line cannot hold the whole log in memory either. Node's readline would buffer such a line whole.
// A line is masked (lib/core/redact.ts) before it is cut: a secret that straddles the cut would
// otherwise survive in part, no longer recognisable as itself (docs/security.md). Lines that are not
// cut are masked later, with the excerpt they end up in.
import { redact } from '../core/redact.ts'

/** Longest line kept, in UTF-16 units; more than any log line a reader of the issue wants. */
export const MAX_LINE = 4_096

/**
 * How far past the cut a line is read before it is masked and cut: a secret that starts before the cut
 * and is at most this long is seen whole. Longer than any token; a PEM key is masked line by line.
 */
export const MASK_MARGIN = 4_096

/**
 * The lines of `body` (UTF-8), without their line feeds, each cut to `maxLine` characters; a line that is
 * cut is passed through `mask` first, with up to `margin` characters past the cut.
 */
export async function* streamLines(body: AsyncIterable<Uint8Array>, maxLine = MAX_LINE, mask: (text: string) => string = redact, margin = MASK_MARGIN): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8')
  let partial = ''
  // Inside a line already cut: its remainder is skipped up to the next line feed.
  let skipping = false
  const cut = (line: string): string => (line.length > maxLine ? mask(line).slice(0, maxLine) : line)
  // A line cut before its end was read may end inside a secret the mask could not recognise. Masking
  // only shortens (a secret becomes `***`), so the limit in the masked text can reach past the margin, as
  // far as that unrecognised piece. Rule: keep no more than the masked text that is followed by `margin`
  // masked characters; at least as many of the line's own follow each kept one, so a secret of up to
  // `margin` characters that touches the kept part was read whole and masked. A line full of secrets
  // keeps less than `maxLine`, never a piece of one.
  const cutUnfinished = (line: string): string => {
    const masked = mask(line)
    return masked.slice(0, Math.max(0, Math.min(maxLine, masked.length - margin)))
  }
  const take = (text: string): string[] => {
    const out: string[] = []
    let start = 0
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      const piece = text.slice(start, nl)
      if (!skipping) out.push(cut(partial + piece))
      partial = ''
      skipping = false
      start = nl + 1
    }
    if (!skipping) {
      partial += text.slice(start)
      if (partial.length > maxLine + margin) {
        out.push(cutUnfinished(partial))
        partial = ''
        skipping = true
      }
    }
    return out
  }
  for await (const chunk of body) yield* take(decoder.decode(chunk, { stream: true }))
  yield* take(decoder.decode())
  if (partial !== '' && !skipping) yield cut(partial)
}
