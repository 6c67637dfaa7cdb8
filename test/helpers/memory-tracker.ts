// An in-memory `Tracker` with no HTTP at all, so core tests can show the core needs nothing else.
import type { CloseReason, Comment, DeployCount, Issue, NewIssue, Tracker } from '../../lib/core/tracker.ts'

/** What the memory tracker holds, open for tests to read and change. */
export interface MemoryIssue {
  number: number
  title: string
  body: string
  labels: string[]
  state: 'open' | 'closed'
  closedAs?: CloseReason
  createdAt: Date
  closedAt?: Date
  comments: Comment[]
}

/** A tracker of kind `gitlab` (so no GitHub-only path can hide behind it) keeping issues in `issues`. */
export function memoryTracker(): Tracker & { readonly issues: MemoryIssue[]; readonly calls: string[]; readonly deploys: Map<string, DeployCount> } {
  const issues: MemoryIssue[] = []
  /** What `countDeploys` answers per environment (whatever the period); none recorded when absent. */
  const deploys = new Map<string, DeployCount>()
  const calls: string[] = []
  let comments = 0
  const url = (n: number) => `memory://issues/${n}`
  const view = (i: MemoryIssue): Issue => ({
    number: i.number,
    title: i.title,
    url: url(i.number),
    body: i.body,
    labels: [...i.labels],
    state: i.state,
    createdAt: i.createdAt,
    ...(i.closedAt ? { closedAt: i.closedAt } : {}),
  })
  const find = (n: number) => {
    const issue = issues.find((i) => i.number === n)
    if (!issue) throw new Error(`no issue #${n}`)
    return issue
  }
  return {
    issues,
    calls,
    deploys,
    kind: 'gitlab',
    limits: { title: 255, body: 1_000_000 },
    async *openIssues({ label }) {
      calls.push('openIssues')
      yield issues.filter((i) => i.state === 'open' && i.labels.includes(label)).map(view)
    },
    async *closedIssues({ label, closedSince }) {
      calls.push('closedIssues')
      yield issues.filter((i) => i.state === 'closed' && i.labels.includes(label) && i.closedAt! >= closedSince).map(view)
    },
    async *history({ label }) {
      calls.push('history')
      yield issues.filter((i) => i.labels.includes(label)).map((i) => ({ ...view(i), commentCount: i.comments.length, ...(typeof i.closedAs === 'string' ? { closedAs: i.closedAs } : i.closedAs ? { closedAs: 'duplicate' as const } : {}) }))
    },
    async countDeploys({ environment }) {
      calls.push('countDeploys')
      return deploys.get(environment) ?? { count: 0, includesFailed: true }
    },
    async createIssue(issue: NewIssue) {
      calls.push('createIssue')
      const created: MemoryIssue = { number: issues.length + 1, title: issue.title, body: issue.body, labels: [...issue.labels], state: 'open', createdAt: new Date(), comments: [] }
      issues.push(created)
      return view(created)
    },
    async updateBody(n, body) {
      calls.push('updateBody')
      find(n).body = body
    },
    async listComments(n) {
      calls.push('listComments')
      return [...find(n).comments]
    },
    async addComment(n, body) {
      calls.push('addComment')
      const comment = { id: ++comments, body, url: `${url(n)}#note-${comments}` }
      find(n).comments.push(comment)
      return comment
    },
    async closeIssue(n, reason) {
      calls.push('closeIssue')
      Object.assign(find(n), { state: 'closed', closedAs: reason, closedAt: new Date() })
    },
    async reopenIssue(n) {
      calls.push('reopenIssue')
      find(n).state = 'open'
    },
  }
}
