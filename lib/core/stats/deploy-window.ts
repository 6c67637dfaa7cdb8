// Counting the deployments of a period from a newest-first, paged list, the way both trackers' APIs
// answer: every page until one reaches before `since`, so a long history is read only as far as needed.

/**
 * How many of the records in `pages` (newest first) were created in [`since`, `until`); stops after the
 * first page that reaches before `since`.
 */
export async function countInWindow(pages: AsyncIterable<{ readonly data: readonly { readonly created_at: string }[] }>, since: Date, until: Date): Promise<number> {
  let count = 0
  for await (const page of pages) {
    let older = false
    for (const record of page.data) {
      const at = new Date(record.created_at)
      if (at < since) older = true
      else if (at < until) count++
    }
    if (older) break
  }
  return count
}
