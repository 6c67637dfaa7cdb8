// The doctor's milestone line, for either tracker: REPORT_MILESTONE (or a template's) names a milestone
// new issues can be set to.
import type { Check } from '../check.ts'
import { describeError } from '../retry/transient.ts'

/** ✓ when `find` finds the milestone `title` in `where`, ✗ naming the fix otherwise; never throws for an API failure. */
export async function milestoneCheck(find: (title: string) => Promise<number | undefined>, title: string, where: string): Promise<Check> {
  try {
    return (await find(title)) === undefined
      ? { ok: false, text: `milestone ${JSON.stringify(title)} is not an open milestone of ${where}: create it, or check REPORT_MILESTONE (issues are filed without it meanwhile)` }
      : { ok: true, text: `milestone ${JSON.stringify(title)} found` }
  } catch (error) {
    return { ok: false, text: `milestone ${JSON.stringify(title)} not checked (${describeError(error)})` }
  }
}
