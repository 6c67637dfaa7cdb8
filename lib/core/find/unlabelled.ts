import { DEDUP_LABEL } from '../text/issue.ts'
import type { Log } from '../log.ts'

/** The labels of an issue as a tracker answers them: names, or objects with a name. */
type Labels = readonly (string | { readonly name?: string | null })[]

/**
 * After a create: when the answer lacks `auto-deploy-failure`, one `[WARN]` saying that deduplication
 * will not see the issue, and why. GitHub drops the labels of a new issue silently when the identity
 * lacks push access (https://docs.github.com/en/rest/issues/issues#create-an-issue). Returns whether the
 * label is there.
 */
export function checkDedupLabel(issue: { readonly number: number; readonly labels?: Labels }, log: Log): boolean {
  const names = (issue.labels ?? []).map((label) => (typeof label === 'string' ? label : label.name))
  if (names.includes(DEDUP_LABEL)) return true
  log.warn(
    `Issue #${issue.number} was filed without the label ${DEDUP_LABEL}, so deduplication will not see it and ` +
      `the next run for this failure files another issue: the identity lacks push access to the repository, ` +
      `and GitHub then drops the labels of new issues silently (run scripts/doctor.mts)`,
  )
  return false
}
