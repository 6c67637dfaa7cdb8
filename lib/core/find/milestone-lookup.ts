// The milestone lookup both trackers share: once per run, and a milestone that is missing or cannot be
// looked up is one `[WARN]`, never a failed report (the issue is filed without it).
import type { Log } from '../log.ts'
import { describeError, isTransient } from '../retry/transient.ts'
import { ApiError } from '../errors.ts'

/** A memoised `title → id` lookup that warns through `log` instead of failing. */
export function milestoneLookup(find: (title: string) => Promise<number | undefined>, where: string, log: Log | undefined): (title: string) => Promise<number | undefined> {
  const known = new Map<string, Promise<number | undefined>>()
  const look = async (title: string): Promise<number | undefined> => {
    try {
      const id = await find(title)
      if (id === undefined) log?.warn(`Milestone ${JSON.stringify(title)} is not an open milestone of ${where}; the issue is filed without it (REPORT_MILESTONE)`)
      return id
    } catch (error) {
      // A bug is not a failed lookup.
      if (!(error instanceof ApiError) && !isTransient(error)) throw error
      log?.warn(`Could not look up milestone ${JSON.stringify(title)} in ${where} (${describeError(error)}); the issue is filed without it`)
      return undefined
    }
  }
  return (title) => known.get(title) ?? (known.set(title, look(title)), known.get(title)!)
}
