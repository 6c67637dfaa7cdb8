import { BODY_LIMIT } from '../text/budget.ts'
import { renderChat, TITLE_LIMITS, type Failure } from '../text/issue.ts'
import type { IssueTemplate } from '../text/template.ts'
import { issueBody, issueTitle } from './issue-text.ts'
import type { Log } from '../log.ts'
import { findHolderIssue, type Grouping, type ReportKey } from '../find/grouping.ts'
import { findRecovered, occurrenceOnRecovered } from '../find/reopenable.ts'
import type { Tracker, TrackerKind } from '../tracker.ts'
import { describeError } from '../retry/transient.ts'

/** What a dry run needs from the configuration. */
export interface PreviewTarget {
  readonly chatWebhook: string | undefined
  readonly onDuplicate: 'skip' | 'comment'
  readonly tracker?: TrackerKind
  readonly group?: Grouping
  /** REPORT_REOPEN_WINDOW in hours; 0 or absent never reopens. */
  readonly reopenWindowHours?: number
  /** REPORT_TEMPLATE, read and checked: the title and body shown are the template's. */
  readonly template?: IssueTemplate
}

/**
 * The reporter's `--dry-run`: everything up to, but not including, the writes. Runs the read-only
 * duplicate check when a tracker is given (there is a token) and, with REPORT_REOPEN_WINDOW set, the
 * look for a recently recovered issue; says what a real run would do, and returns the title, body and
 * chat text it would send, with the comment it would add to a reopened issue, for printing. Never
 * creates, reopens, comments or posts.
 */
export async function previewReport(tracker: Tracker | undefined, target: PreviewTarget, failure: Failure, log: Log): Promise<string> {
  const kind = tracker?.kind ?? target.tracker ?? 'github'
  const text = { kind, limits: tracker?.limits ?? { title: TITLE_LIMITS[kind], body: BODY_LIMIT } }
  const title = await issueTitle(target.template, failure, text)
  log.info('Dry run: nothing will be created, commented or posted')
  let reopenComment: string[] = []
  if (!tracker) {
    log.info('No ISSUE_TOKEN: the duplicate check was skipped')
  } else {
    const key: ReportKey = { group: target.group ?? 'title', title, time: failure.time }
    try {
      const existing = await findHolderIssue(tracker, key)
      if (existing) {
        const action = target.onDuplicate === 'comment' ? 'comment on it' : 'skip creation'
        log.info(`Duplicate issue found: #${existing.number} ${existing.url}; a real run would ${action}`)
      } else {
        reopenComment = await previewReopen(tracker, target, key, failure, log)
      }
    } catch (error) {
      // As in a real run, a list call that fails counts as an empty list.
      log.warn(`Could not list open issues (${describeError(error)}); a real run would create the issue below`)
    }
  }
  const chat = target.chatWebhook ? 'chat message (to CHAT_WEBHOOK)' : 'chat message (not sent: CHAT_WEBHOOK is not set)'
  const body = (await issueBody(target.template, failure, text)).replace(/\n$/, '')
  return [`--- title`, title, `--- body`, body, ...reopenComment, `--- ${chat}`, renderChat(failure), ''].join('\n')
}

// No open issue holds the report. With REPORT_REOPEN_WINDOW set, names the issue a real run would reopen
// (or comment on, when it is open again already) and returns the section with the comment it would add;
// otherwise says a real run would create the issue, and returns no section.
async function previewReopen(tracker: Tracker, target: PreviewTarget, key: ReportKey, failure: Failure, log: Log): Promise<string[]> {
  const reopenWindowHours = target.reopenWindowHours ?? 0
  const none = () => (log.info('No open duplicate: a real run would create the issue below'), [])
  if (reopenWindowHours <= 0) return none()
  try {
    const recovered = await findRecovered(tracker, { reopenWindowHours }, key)
    if (!recovered) return none()
    const { number, url } = recovered.issue
    const { body } = occurrenceOnRecovered(recovered, await tracker.listComments(number), failure, tracker.kind)
    const action = recovered.open ? 'it is open again already; a real run would add the comment below' : 'a real run would reopen it and add the comment below'
    log.info(`Issue closed by a recovery within REPORT_REOPEN_WINDOW: #${number} ${url}; ${action} instead of creating an issue`)
    return [`--- comment on #${number}${recovered.open ? '' : ' (reopened)'}`, body.replace(/\n$/, '')]
  } catch (error) {
    log.warn(`Could not look for a recently recovered issue (${describeError(error)}); a real run would create the issue below`)
    return []
  }
}
