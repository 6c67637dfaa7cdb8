// GitLab issues behind the core's Tracker interface: `iid` is the number, `web_url` the address,
// `description` the body, `opened` the open state. https://docs.gitlab.com/api/issues/, /api/notes/
import type { CloseReason, Comment, Issue, NewIssue, Tracker } from '../core/tracker.ts'
import { GITLAB_TITLE_LIMIT } from '../core/text/budget.ts'
import type { Log } from '../core/log.ts'
import { DuplicateRefused } from '../core/errors.ts'
import { redact } from '../core/redact.ts'
import { createGitLab, type GitLab, type GitLabOptions } from './client.ts'
import { activeMilestoneId } from './milestone.ts'
import { milestoneLookup } from '../core/find/milestone-lookup.ts'
import { gitLabHistory } from './history.ts'
import { toComment, toIssue, type GitLabIssue, type GitLabNote } from './issues.ts'

/** What the tracker needs: the client's options and the project (a numeric id or its full path). */
export interface GitLabTrackerOptions extends GitLabOptions {
  readonly project: string
}

// GitLab's own limits for an issue (app/models/issue.rb validations; docs.gitlab.com/api/issues/).
export const GITLAB_LIMITS = Object.freeze({ title: GITLAB_TITLE_LIMIT, body: 1_048_576 })

/** The project as the API's `:id`: a numeric id as it is, a path URL-encoded (`group%2Fsub%2Fproject`). */
export function projectId(project: string): string {
  return encodeURIComponent(project)
}

/** A {@link Tracker} for the GitLab project `options.project`, on a client made with {@link createGitLab}. */
export function createGitLabTracker(options: GitLabTrackerOptions, log: Log, client: GitLab = createGitLab(options, log)): Tracker {
  const project = `/projects/${projectId(options.project)}`
  const issuePath = (iid: number) => `${project}/issues/${iid}`
  // Notes carry no address of their own: it is the issue's page with `#note_<id>`.
  const webUrls = new Map<number, string>()
  const remember = (issue: GitLabIssue): Issue => {
    webUrls.set(issue.iid, issue.web_url)
    return toIssue(issue)
  }
  const webUrl = async (iid: number): Promise<string> => {
    const known = webUrls.get(iid)
    if (known) return known
    const { data } = await client.request<GitLabIssue>({ method: 'GET', path: issuePath(iid) })
    return remember(data).url
  }
  const put = async (iid: number, body: Record<string, unknown>): Promise<void> => {
    await client.request({ method: 'PUT', path: issuePath(iid), body })
  }
  // Assignees go by user id; names nobody holds are left out with a warning rather than failing the report.
  const assigneeIds = async (usernames: readonly string[]): Promise<number[]> => {
    const ids: number[] = []
    for (const username of usernames) {
      const { data } = await client.request<{ id: number }[]>({ method: 'GET', path: '/users', query: { username } })
      if (data[0]) ids.push(data[0].id)
      else log.warn(`No GitLab user named ${username}; the issue is filed without that assignee`)
    }
    return ids
  }

  const milestone = milestoneLookup((title) => activeMilestoneId(client, project, title), options.project, log)

  return {
    kind: 'gitlab',
    limits: GITLAB_LIMITS,
    ...gitLabHistory(client, project, remember),
    async *openIssues({ label, updatedSince }) {
      const query = { state: 'opened', labels: label, per_page: 100, order_by: 'created_at', sort: 'asc', updated_after: updatedSince?.toISOString() }
      for await (const page of client.pages<GitLabIssue>(`${project}/issues`, query)) yield page.data.map(remember)
    },
    // GitLab has no `closed_after`: closing an issue updates it, so `updated_after` bounds the list and
    // `closed_at` is checked here.
    async *closedIssues({ label, closedSince }) {
      const query = { state: 'closed', labels: label, per_page: 100, order_by: 'updated_at', sort: 'desc', updated_after: closedSince.toISOString() }
      for await (const page of client.pages<GitLabIssue>(`${project}/issues`, query)) {
        const closed = page.data.map(remember).filter((i) => i.closedAt !== undefined && i.closedAt >= closedSince)
        yield closed.sort((a, b) => b.closedAt!.getTime() - a.closedAt!.getTime())
      }
    },
    async createIssue(issue: NewIssue) {
      const assignees = issue.assignees.length ? await assigneeIds(issue.assignees) : []
      const milestoneId = issue.milestone === undefined ? undefined : await milestone(issue.milestone)
      const body = {
        // The door out (lib/core/redact.ts): no secret reaches the issue, whichever feature wrote the text.
        title: redact(issue.title),
        description: redact(issue.body),
        labels: issue.labels.join(','),
        ...(assignees.length ? { assignee_ids: assignees } : {}),
        ...(milestoneId === undefined ? {} : { milestone_id: milestoneId }),
      }
      const { data } = await client.request<GitLabIssue>({ method: 'POST', path: `${project}/issues`, body })
      return remember(data)
    },
    updateBody: (iid, body) => put(iid, { description: redact(body) }),
    async listComments(iid) {
      const url = await webUrl(iid)
      const comments: Comment[] = []
      for await (const page of client.pages<GitLabNote>(`${issuePath(iid)}/notes`, { sort: 'asc', order_by: 'created_at', per_page: 100 })) {
        for (const note of page.data) if (!note.system) comments.push(toComment(note, url))
      }
      return comments
    },
    async addComment(iid, body) {
      const url = await webUrl(iid)
      const { data } = await client.request<GitLabNote>({ method: 'POST', path: `${issuePath(iid)}/notes`, body: { body: redact(body) } })
      return toComment(data, url)
    },
    // Takes back this run's recovery comment when a concurrent resolver's came first (recover-once.ts); the
    // token's user wrote it, so it may delete it. 204, no body.
    // https://docs.gitlab.com/api/notes/#delete-an-issue-note
    async deleteComment(iid, noteId) {
      await client.request({ method: 'DELETE', path: `${issuePath(iid)}/notes/${noteId}` })
    },
    // GitLab's API closes without a reason: "completed" and "not planned" both just close the issue. A
    // duplicate must say which issue holds the report, so it is refused here, before any request: the core
    // then adds its "Duplicate of #n" note (GitLab links #n to the issue) and closes it (converge.ts).
    async closeIssue(iid: number, reason: CloseReason) {
      if (typeof reason !== 'string') throw new DuplicateRefused(iid, reason.duplicateOf.number, 'GitLab closes an issue without a reason')
      await put(iid, { state_event: 'close' })
    },
    reopenIssue: (iid) => put(iid, { state_event: 'reopen' }),
  }
}

