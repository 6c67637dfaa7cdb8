// GitLab's issue and note records as the core sees them: `iid` is the number, `web_url` the address,
// `description` the body, `opened` the open state. Read by the tracker and the history alike.
// https://docs.gitlab.com/api/issues/, /api/notes/
import type { Comment, Issue } from '../core/tracker.ts'

/** The fields of GitLab's issue answer the tracker reads. */
export interface GitLabIssue {
  readonly iid: number
  readonly title: string
  readonly web_url: string
  readonly description: string | null
  readonly labels: readonly string[]
  readonly state: string
  readonly created_at?: string
  readonly closed_at?: string | null
  /** How many notes people wrote on it, GitLab's own system notes left out; list answers carry it. */
  readonly user_notes_count?: number
}

export interface GitLabNote {
  readonly id: number
  readonly body: string
  readonly system?: boolean
  readonly created_at?: string
}

// A note as the core sees it; its time is what tells a recovery within REPORT_REOPEN_WINDOW from an old one.
export const toComment = (note: GitLabNote, url: string): Comment => ({
  id: note.id,
  body: note.body,
  url: `${url}#note_${note.id}`,
  ...(note.created_at ? { createdAt: new Date(note.created_at) } : {}),
})

/** A GitLab issue as the core sees it. */
export function toIssue(issue: GitLabIssue): Issue {
  return {
    number: issue.iid,
    title: issue.title,
    url: issue.web_url,
    body: issue.description ?? '',
    labels: [...issue.labels],
    state: issue.state === 'opened' ? 'open' : 'closed',
    ...(issue.created_at ? { createdAt: new Date(issue.created_at) } : {}),
    ...(issue.closed_at ? { closedAt: new Date(issue.closed_at) } : {}),
    ...(typeof issue.user_notes_count === 'number' ? { commentCount: issue.user_notes_count } : {}),
  }
}

