// The `Tracker` on GitHub's REST API, over the throttled Octokit client (lib/github/client.ts),
// which retries reads and turns failures into `ApiError`. Pull requests, which GitHub lists as issues,
// never leave this module. https://docs.github.com/en/rest/issues
import { BODY_LIMIT, TITLE_LIMIT } from '../core/text/budget.ts'
import type { CloseReason, Comment, NewIssue, Tracker } from '../core/tracker.ts'
import type { GitHub } from './client.ts'
import type { Log } from '../core/log.ts'
import { redact } from '../core/redact.ts'
import { openMilestoneNumber } from './milestone.ts'
import { milestoneLookup } from '../core/find/milestone-lookup.ts'
import type { ProjectBoard } from '../config/shape.ts'
import { DuplicateRefused } from '../core/errors.ts'
import { gitHubHistory } from './history.ts'
import { gitHubPages } from './pages.ts'
import { issuePages, toComment, toIssue, usableId, type GitHubComment, type GitHubRepo } from './issues.ts'

/**
 * The {@link Tracker} for `repo` on GitHub. Reads go through the client's retries (and `withAttempts`);
 * writes are sent once, so the core decides what is safe to send again.
 */
export function createGitHubTracker(github: GitHub, repo: GitHubRepo & { readonly board?: ProjectBoard | undefined }, log?: Log): Tracker {
  const where = { owner: repo.owner, repo: repo.repo }
  const milestone = milestoneLookup((title) => openMilestoneNumber(github, where, title), `${repo.owner}/${repo.repo}`, log)
  const patch = (number: number, fields: { state?: 'open' | 'closed'; state_reason?: 'completed' | 'not_planned' | 'duplicate'; duplicate_issue_id?: number; body?: string }) =>
    github.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { ...where, issue_number: number, ...fields })

  return {
    kind: 'github',
    limits: { title: TITLE_LIMIT, body: BODY_LIMIT },
    ...gitHubHistory(github, repo),

    // Oldest first, so a reader can stop at the first page that answers its question; `since` keeps only
    // issues updated at or after that instant.
    async *openIssues({ label, updatedSince }) {
      yield* issuePages(github, where, { state: 'open', label, sort: 'created', direction: 'asc', since: updatedSince })
    },

    // Closing updates an issue, so one closed at or after `closedSince` was updated since then too;
    // `closed_at` then drops those closed earlier and only touched since.
    async *closedIssues({ label, closedSince }) {
      for await (const page of issuePages(github, where, { state: 'closed', label, sort: 'updated', direction: 'desc', since: closedSince })) {
        yield page.filter((issue) => issue.closedAt !== undefined && issue.closedAt >= closedSince)
      }
    },

    // https://docs.github.com/en/rest/issues/issues#create-an-issue
    async createIssue(issue: NewIssue) {
      const number = issue.milestone === undefined ? undefined : await milestone(issue.milestone)
      const { data } = await github.request('POST /repos/{owner}/{repo}/issues', {
        ...where,
        // The door out (lib/core/redact.ts): no secret reaches the issue, whichever feature wrote the text.
        title: redact(issue.title),
        body: redact(issue.body),
        labels: [...issue.labels],
        assignees: [...issue.assignees],
        ...(number === undefined ? {} : { milestone: number }),
      })
      // GitHub drops a login it cannot assign without a word (only collaborators can be assigned): say so, once.
      const given = new Set((data.assignees ?? []).map((assignee) => assignee.login.toLowerCase()))
      const refused = issue.assignees.filter((login) => !given.has(login.toLowerCase()))
      if (refused.length && log) log.warn(`GitHub did not assign ${refused.join(', ')} to issue #${data.number}: only people with access to ${where.owner}/${where.repo} can be assigned; the issue is filed without them`)
      // REPORT_PROJECT: the new issue joins the board (loaded only then); a failure there is one [WARN].
      const board = repo.board
      if (board && data.node_id) await (await import('./board.ts')).addToBoard(github, board, data.node_id, data.number, log ?? { info() {}, warn() {}, error() {} })
      return toIssue(data)
    },

    // https://docs.github.com/en/rest/issues/issues#update-an-issue
    async updateBody(number, body) {
      await patch(number, { body: redact(body) })
    },

    // Every comment, oldest first, following the `Link` header page by page.
    // https://docs.github.com/en/rest/issues/comments#list-issue-comments
    async listComments(number) {
      const comments: Comment[] = []
      const pages = gitHubPages<GitHubComment>(github, 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...where, issue_number: number, per_page: 100 }, { what: `the comments of #${number}` })
      for await (const page of pages) comments.push(...page.data.map(toComment))
      return comments
    },

    // https://docs.github.com/en/rest/issues/comments#create-an-issue-comment
    async addComment(number, body) {
      const { data } = await github.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...where, issue_number: number, body: redact(body) })
      return toComment(data)
    },

    // A duplicate is closed the way GitHub's own "Close as duplicate" does: `state_reason: "duplicate"`
    // naming the original by its `id` (not its number), so GitHub shows the link on both issues. A server
    // that does not know that reason answers 422, and an original without a usable id throws
    // DuplicateRefused; on either the core falls back to a comment and not_planned.
    // https://docs.github.com/en/rest/issues/issues#update-an-issue
    async closeIssue(number, reason: CloseReason) {
      if (typeof reason === 'string') return void (await patch(number, { state: 'closed', state_reason: reason }))
      const original = reason.duplicateOf.number
      const id = usableId(reason.duplicateOf.id) ?? usableId((await github.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { ...where, issue_number: original })).data.id)
      if (id === undefined) throw new DuplicateRefused(number, original, `GitHub's answer for #${original} has no usable id`)
      await patch(number, { state: 'closed', state_reason: 'duplicate', duplicate_issue_id: id })
    },

    // https://docs.github.com/en/rest/issues/comments#delete-an-issue-comment
    async deleteComment(_number, commentId) {
      await github.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...where, comment_id: commentId })
    },

    async reopenIssue(number) {
      await patch(number, { state: 'open' })
    },
  }
}
