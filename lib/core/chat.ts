// The one interface the core sends chat notices through. Each chat format (lib/chat/) renders and posts
// its own body; the core knows none of them. The spec's Slack `{"text"}` webhook is the default.
import type { Recovery } from './text/comment-text.ts'
import type { Failure } from './text/issue.ts'

/** A Slack message that later notices can reply to and update (Web API only; webhooks return no id). */
export interface ChatThread {
  readonly channel: string
  readonly ts: string
}

/** The issue a notice is about. */
export interface IssueRef {
  readonly number: number
  readonly url: string
  /** The thread of the first notice for this issue, when one was recorded. */
  readonly thread?: ChatThread
}

/** What the core tells the chat about. */
export type ChatEvent =
  | { readonly kind: 'failure'; readonly failure: Failure; readonly issue?: IssueRef }
  | { readonly kind: 'recurrence'; readonly failure: Failure; readonly issue: IssueRef; readonly occurrence: number }
  | { readonly kind: 'recovery'; readonly recovery: Recovery; readonly closed: readonly IssueRef[]; readonly recovered?: string }
  | { readonly kind: 'ping'; readonly repo: string }

/** How a post went. Never carries the webhook's path or a token. */
export interface ChatResult {
  readonly ok: boolean
  /** The HTTP status, when there was an answer. */
  readonly status?: number
  /** Set when the service returned a message id that later notices can thread under. */
  readonly thread?: ChatThread
  /** The service's own error code when it answered with one (Slack's `channel_not_found`); never a secret. */
  readonly error?: string
}

/** A chat destination in one format. `send` never throws. */
export interface ChatNotifier {
  /** `slack`, `teams`, `discord`, `googlechat`, `mattermost` or `slack-api`. */
  readonly format: string
  /** The destination's host, safe to print. */
  readonly host: string
  /**
   * `false` when a failure notice reads the same whichever issue holds the report (the spec's `{"text"}`):
   * the core may then send it as soon as this run's issue is filed, while it still looks for issues filed
   * at the same time. Unset: the notice names the issue, so it waits for that look.
   */
  readonly namesIssue?: boolean
  send(event: ChatEvent): Promise<ChatResult>
}
