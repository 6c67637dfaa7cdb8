import type { Recovery } from '../text/comment-text.ts'
import { chatField, DEDUP_LABEL } from '../text/issue.ts'
import type { Issue } from '../tracker.ts'

/** The parts of a title in the reporter's format `[DEPLOY FAIL] <env> — <sha> — <YYYY-MM-DD>`. */
export interface TitleParts {
  readonly environment: string
  readonly commitSha: string
  readonly date: string
}

/** The fields of an issue that recovery looks at. */
export type RecoverableIssue = Pick<Issue, 'number' | 'title' | 'labels' | 'createdAt'>

// The environment is greedy, so it may itself contain ` — `; the commit is the last segment before the
// date and holds no em dash. The format may sit anywhere in the title, as for the reporter's duplicate
// check (an issue the reporter counts as the open report for an environment is one recovery closes).
// `s`: an environment may hold U+2028 or U+2029, which `.` alone does not match; the title keeps them,
// and without the flag its issue was never closed and vanished from stats.
const TITLE = /\[DEPLOY FAIL\] (.+) \u2014 ([^\u2014]+?) \u2014 (\d{4}-\d{2}-\d{2})(?!\d)/su

/** Splits a title in the reporter's format into its parts, or undefined when it is not in that format. */
export function parseTitle(title: string): TitleParts | undefined {
  const match = TITLE.exec(title)
  if (!match) return undefined
  const [, environment = '', commitSha = '', date = ''] = match
  return { environment, commitSha, date }
}

const hasLabel = (issue: RecoverableIssue, label: string): boolean => issue.labels.includes(label)

// A failure filed after the good deploy's resolver started (another pipeline of the same environment
// failing meanwhile) is newer than this recovery and must not be closed by it, or a real alarm would
// flap shut. The tracker's clock and the runner's may differ: a skew only leaves an issue open for the next
// good deploy, never closes a newer one.
const filedBefore = (issue: RecoverableIssue, time: Date | undefined): boolean =>
  time === undefined || issue.createdAt === undefined || !(issue.createdAt.getTime() > time.getTime())

/**
 * Whether a good deploy of `environment` (resolver started at `time`) closes `issue` (trackers list no
 * pull or merge requests): labelled `auto-deploy-failure`, filed before `time`, whose title names exactly
 * that environment (any commit, any day). `staging` does not match `staging-eu`, nor the other way round.
 */
export function isRecoverable(issue: RecoverableIssue, environment: string, time?: Date): boolean {
  return (
    hasLabel(issue, DEDUP_LABEL) &&
    filedBefore(issue, time) &&
    parseTitle(issue.title)?.environment === environment
  )
}

/** The issues among `issues` that a good deploy of `environment` at `time` closes, in the order given. */
export function selectRecoverable<T extends RecoverableIssue>(issues: Iterable<T>, environment: string, time?: Date): T[] {
  return [...issues].filter((issue) => isRecoverable(issue, environment, time))
}

/** The chat notice after a good deploy closed `closed`; interpolated text is Slack-escaped like `renderChat`. */
export function renderRecoveryChat(recovery: Recovery, closed: readonly number[], recovered?: string): string {
  return [
    `*[DEPLOY RECOVERED]* ${chatField(recovery.environment)}`,
    `Commit: \`${chatField(recovery.commitSha)}\``,
    `Closed: ${closed.map((n) => `#${n}`).join(', ')}`,
    `Pipeline: ${chatField(recovery.pipelineUrl)}`,
    ...(recovered ? [recovered] : []),
  ].join('\n')
}
