// The one interface the core files, finds, comments on and closes issues through. GitHub and GitLab stand
// behind it (lib/github/tracker.ts, lib/gitlab/tracker.ts); the core never sees a service's own field names.

/** An issue as the core sees it, on any tracker. */
export interface Issue {
  /** The number people type after `#`: GitHub's issue number, GitLab's `iid`. */
  readonly number: number
  /** The service's own id, when it has one (GitHub's `id`): GitHub names a duplicate's original by it. */
  readonly id?: number
  readonly title: string
  /** The issue's web page. */
  readonly url: string
  /** Markdown body (GitLab: description); '' when there is none. */
  readonly body: string
  readonly labels: readonly string[]
  readonly state: 'open' | 'closed'
  /** When it was filed, when the service said; a recovery closes only failures filed before it began. */
  readonly createdAt?: Date
  /** When it was closed; only on closed issues. */
  readonly closedAt?: Date
  /** Why it was closed, where the service says (GitHub's `state_reason`); only on closed issues. */
  readonly closedAs?: 'completed' | 'not_planned' | 'duplicate'
  /** How many comments people and tools wrote on it, when the list says (the service's own notes left out). */
  readonly commentCount?: number
}

/** A comment (GitLab: note) on an issue. */
export interface Comment {
  readonly id: number
  readonly body: string
  readonly url: string
  /** When it was posted, when the service said. */
  readonly createdAt?: Date
}

/** What a create sends. */
export interface NewIssue {
  readonly title: string
  readonly body: string
  readonly labels: readonly string[]
  readonly assignees: readonly string[]
  /** The title of an open milestone to set; a tracker without it files the issue anyway and warns once. */
  readonly milestone?: string
}

/** Why an issue is closed: recovered, abandoned, or the same report as an older open issue. */
export type CloseReason = 'completed' | 'not_planned' | { readonly duplicateOf: Issue }

/** The deploys the service recorded for one environment over a period. */
export interface DeployCount {
  readonly count: number
  /** Whether failed attempts are among them (a record per attempt), or only good deploys are. */
  readonly includesFailed: boolean
  /** The failed deployments among `count`, read from their statuses; undefined when they could not be read. */
  readonly failed?: number
  /** Why the statuses could not be read, when they were not: the rate then counts failed runs, and says so. */
  readonly statusesUnread?: string
  /** Why the service would not list them (the token may not read deployments); the rate is then unknown. */
  readonly refused?: string
}

/** An issue tracker as the core uses it. Reads retry transient failures themselves; writes never do. */
export interface Tracker {
  readonly kind: TrackerKind
  /** The longest title and body the service accepts, in UTF-16 code units. */
  readonly limits: { readonly title: number; readonly body: number }
  /** Open issues carrying `label`, oldest first, a page (at most 100) at a time; never pull or merge requests. */
  openIssues(query: { readonly label: string; readonly updatedSince?: Date }): AsyncIterable<readonly Issue[]>
  /** Closed issues carrying `label` that were closed at or after `closedSince`, newest first, a page at a time. */
  closedIssues(query: { readonly label: string; readonly closedSince: Date }): AsyncIterable<readonly Issue[]>
  /** Every issue carrying `label`, open or closed, updated at or after `since`, a page (at most 100) at a time. */
  history?(query: { readonly label: string; readonly since: Date }): AsyncIterable<readonly Issue[]>
  /** The deploys of `environment` the service recorded from `since` until before `until` (read-only). */
  countDeploys?(query: { readonly environment: string; readonly since: Date; readonly until: Date }): Promise<DeployCount>
  createIssue(issue: NewIssue): Promise<Issue>
  updateBody(number: number, body: string): Promise<void>
  listComments(number: number): Promise<readonly Comment[]>
  addComment(number: number, body: string): Promise<Comment>
  /** Deletes comment `commentId` of issue `number`; optional, for taking back a concurrent resolver's twin. */
  deleteComment?(number: number, commentId: number): Promise<void>
  closeIssue(number: number, reason: CloseReason): Promise<void>
  reopenIssue(number: number): Promise<void>
}

/** Which tracker a report is filed on. */
export type TrackerKind = 'github' | 'gitlab'
