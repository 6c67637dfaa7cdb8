// The report's chat notice: a new failure, or a recurrence on the issue that holds it, and the thread it
// starts recorded on that issue.
import type { ChatNotifier, ChatResult } from '../chat.ts'
import { issueRef, recordThread } from './chat-thread.ts'
import type { Filed } from './outcome.ts'
import type { Failure } from '../text/issue.ts'
import type { Log } from '../log.ts'
import type { Tracker } from '../tracker.ts'

/**
 * Posts the notice for `failure` to `chat`: a recurrence when this run added an occurrence to `filed`'s
 * issue, else a failure naming the issue when there is one (none when the issue could not be filed).
 * A notice that started a thread (Slack's Web API) is recorded on the issue, so later notices reply in it.
 */
export async function notifyChat(tracker: Tracker, chat: ChatNotifier, failure: Failure, filed: Filed | undefined, log: Log, early?: Promise<ChatResult>): Promise<void> {
  const notice = noticeOf(failure)
  const ref = filed && issueRef(filed.issue)
  // `early`: the notice already sent as soon as the issue was filed (a format that names no issue).
  const result = early
    ? await early
    : await chat.send(
        filed?.occurrence === undefined || !ref
          ? { kind: 'failure', failure: notice, ...(ref ? { issue: ref } : {}) }
          : { kind: 'recurrence', failure: notice, issue: ref, occurrence: filed.occurrence },
      )
  if (filed) await recordThread(tracker, filed.issue, result, log)
}

/** `failure` as a chat notice carries it: never a log excerpt, the --log file's or the CI's; a chat channel is no place for a job log. */
export function noticeOf(failure: Failure): Failure {
  return failure.log === undefined && failure.ciLogs === undefined ? failure : (({ log: _excerpt, ciLogs: _ci, ...rest }) => rest)(failure)
}
