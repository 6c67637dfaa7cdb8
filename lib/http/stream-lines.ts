// A CI log read as it arrives, line by line, so a 200 MB log costs a few kilobytes at a time. Lines
// longer than a limit are cut (the rest of such a line is skipped up to its line feed), so one giant
// line cannot hold the whole log in memory either. Node's readline would buffer such a line whole.

/** Longest line kept, in UTF-16 units; more than any log line a reader of the issue wants. */
export const MAX_LINE = 4_096

/** The lines of `body` (UTF-8), without their line feeds, each cut to `maxLine` characters. */
export async function* streamLines(body: AsyncIterable<Uint8Array>, maxLine = MAX_LINE): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8')
  let partial = ''
  // Inside a line already cut: its remainder is skipped up to the next line feed.
  let skipping = false
  const take = (text: string): string[] => {
    const out: string[] = []
    let start = 0
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      const piece = text.slice(start, nl)
      if (!skipping) out.push((partial + piece).slice(0, maxLine))
      partial = ''
      skipping = false
      start = nl + 1
    }
    if (!skipping) {
      partial += text.slice(start)
      if (partial.length > maxLine) {
        out.push(partial.slice(0, maxLine))
        partial = ''
        skipping = true
      }
    }
    return out
  }
  for await (const chunk of body) yield* take(decoder.decode(chunk, { stream: true }))
  yield* take(decoder.decode())
  if (partial !== '' && !skipping) yield partial
}
