import { BODY_LIMIT } from '../text/budget.ts'
import { renderChat, TITLE_LIMITS, type Failure } from '../text/issue.ts'
import type { IssueTemplate } from '../text/template.ts'
import { issueBody, issueTitle } from './issue-text.ts'
import type { Log } from '../log.ts'
import { findHolderIssue, type Grouping } from '../find/grouping.ts'
import type { Tracker, TrackerKind } from '../tracker.ts'
import { describeError } from '../retry/transient.ts'

/** What a dry run needs from the configuration. */
export interface PreviewTarget {
  readonly chatWebhook: string | undefined
  readonly onDuplicate: 'skip' | 'comment'
  readonly tracker?: TrackerKind
  readonly group?: Grouping
  readonly template?: IssueTemplate
}

/**
 * The reporter's `--dry-run`: everything up to, but not including, the writes. Runs the read-only
 * duplicate check when a tracker is given (there is a token), says what a real run would do, and returns
 * the title, body and chat text it would send, for printing. Never creates, comments or posts.
 */
export async function previewReport(tracker: Tracker | undefined, target: PreviewTarget, failure: Failure, log: Log): Promise<string> {
  const kind = tracker?.kind ?? target.tracker ?? 'github'
  const text = { kind, limits: tracker?.limits ?? { title: TITLE_LIMITS[kind], body: BODY_LIMIT } }
  const title = await issueTitle(target.template, failure, text)
  log.info('Dry run: nothing will be created, commented or posted')
  if (!tracker) {
    log.info('No ISSUE_TOKEN: the duplicate check was skipped')
  } else {
    try {
      const existing = await findHolderIssue(tracker, { group: target.group ?? 'title', title, time: failure.time })
      if (!existing) log.info('No open duplicate: a real run would create the issue below')
      else {
        const action = target.onDuplicate === 'comment' ? 'comment on it' : 'skip creation'
        log.info(`Duplicate issue found: #${existing.number} ${existing.url}; a real run would ${action}`)
      }
    } catch (error) {
      // As in a real run, a list call that fails counts as an empty list.
      log.warn(`Could not list open issues (${describeError(error)}); a real run would create the issue below`)
    }
  }
  const chat = target.chatWebhook ? 'chat message (to CHAT_WEBHOOK)' : 'chat message (not sent: CHAT_WEBHOOK is not set)'
  return [`--- title`, title, `--- body`, (await issueBody(target.template, failure, text)).replace(/\n$/, ''), `--- ${chat}`, renderChat(failure), ''].join('\n')
}
