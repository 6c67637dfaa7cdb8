// What changed (REPORT_CHANGES=auto) joins the failure only where an issue or a notice will show it: the
// read runs beside the duplicate check (lib/run/report.ts starts it), a create or a reopen waits for it,
// and a duplicate that files nothing cancels it, so that path waits for nothing.
import type { PendingChanges } from '../changes.ts'
import type { Failure } from '../text/issue.ts'

/** `failure` with what changed, once `pending` has settled; `failure` itself without a read. */
export async function withChanges(failure: Failure, pending: PendingChanges | undefined): Promise<Failure> {
  if (!pending) return failure
  const read = await pending.settled
  return read.changes ? { ...failure, changes: read.changes, mentionAuthors: read.mentionAuthors } : failure
}
