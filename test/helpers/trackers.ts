// One face for both loopback trackers, so that a table of end-to-end scenarios runs against GitHub and
// GitLab alike: what a scenario arranges and checks is said once, in the core's words (number, url).
import { startLoopbackGitHub, type Fault, type LoopbackGitHub, type Recorded } from './loopback-github.ts'
import { startLoopbackGitLab, type LoopbackGitLab } from './loopback-gitlab.ts'

export type TrackerKind = 'github' | 'gitlab'
export const TRACKERS: readonly TrackerKind[] = ['github', 'gitlab']

/** An issue on either loopback, in the core's terms. */
export interface ServerIssue {
  readonly number: number
  readonly title: string
  readonly url: string
  readonly body: string
  readonly labels: readonly string[]
  readonly open: boolean
}

/** A loopback tracker of either kind. */
export interface TrackerServer {
  readonly kind: TrackerKind
  readonly token: string
  readonly requests: Recorded[]
  readonly chat: Recorded[]
  env(extra?: Record<string, string>): Record<string, string>
  /** Matches the issue collection's path (list and create) on this server. */
  readonly issuesPath: RegExp
  lists(): Recorded[]
  creates(): Recorded[]
  /** Writes other than creates: comments, closes, reopens. */
  writes(): Recorded[]
  inject(method: string, path: RegExp, fault: Fault, times?: number): void
  injectChat(fault: Fault, times?: number): void
  holdLists(count: number): void
  addIssue(title: string, options?: { createdAt?: string; labels?: string[] }): ServerIssue
  issues(): ServerIssue[]
  openIssues(title?: string): ServerIssue[]
  /** Comment (note) bodies of issue `number`, oldest first; GitLab's system notes left out. */
  comments(number: number): string[]
  close(): Promise<void>
}

function github(gh: LoopbackGitHub): TrackerServer {
  const issuesPath = /^\/repos\/acme\/shop\/issues$/
  const view = (i: LoopbackGitHub['issues'][number]): ServerIssue => ({
    number: i.number,
    title: i.title,
    url: i.html_url,
    body: i.body ?? '',
    labels: i.labels.map((l) => l.name),
    open: i.state === 'open',
  })
  return {
    kind: 'github',
    token: gh.token,
    requests: gh.requests,
    chat: gh.chat,
    env: (extra) => gh.env(extra),
    issuesPath,
    lists: () => gh.calls('GET', issuesPath),
    creates: () => gh.calls('POST', issuesPath),
    writes: () => gh.requests.filter((r) => r.method !== 'GET' && !issuesPath.test(r.path)),
    inject: (method, path, fault, times) => gh.inject(method === 'PUT' ? 'PATCH' : method, path, fault, times),
    injectChat: (fault, times) => gh.injectChat(fault, times),
    holdLists: (count) => gh.holdLists(count),
    addIssue: (title, o = {}) => view(gh.addIssue({ title, ...(o.createdAt ? { created_at: o.createdAt, updated_at: o.createdAt } : {}) }, o.labels)),
    issues: () => gh.issues.filter((i) => !i.pull_request).map(view),
    openIssues: (title) => gh.openIssues(title).map(view),
    comments: (n) => gh.comments.filter((c) => c.issue_number === n).map((c) => c.body ?? ''),
    close: () => gh.close(),
  }
}

function gitlab(gl: LoopbackGitLab): TrackerServer {
  const issuesPath = /^\/projects\/[^/]+\/issues$/
  const view = (i: LoopbackGitLab['issues'][number]): ServerIssue => ({
    number: i.iid,
    title: i.title,
    url: i.web_url,
    body: i.description ?? '',
    labels: [...i.labels],
    open: i.state === 'opened',
  })
  return {
    kind: 'gitlab',
    token: gl.token,
    requests: gl.requests,
    chat: gl.chat,
    env: (extra) => gl.env(extra),
    issuesPath,
    lists: () => gl.calls('GET', issuesPath),
    creates: () => gl.calls('POST', issuesPath),
    writes: () => gl.requests.filter((r) => r.method !== 'GET' && !issuesPath.test(r.path)),
    inject: (method, path, fault, times) => gl.inject(method === 'PATCH' ? 'PUT' : method, path, fault, times),
    injectChat: (fault, times) => gl.injectChat(fault, times),
    holdLists: (count) => gl.holdLists(count),
    addIssue: (title, o = {}) => view(gl.addIssue({ title, ...(o.createdAt ? { created_at: o.createdAt, updated_at: o.createdAt } : {}) }, o.labels)),
    issues: () => gl.issues.map(view),
    openIssues: (title) => gl.openIssues(title).map(view),
    comments: (n) => gl.notes.filter((c) => c.noteable_iid === n && !c.system).map((c) => c.body),
    close: () => gl.close(),
  }
}

/** Starts a loopback tracker of `kind` on 127.0.0.1; always `close()` it. */
export async function startTracker(kind: TrackerKind, options: { createLatencyMs?: number } = {}): Promise<TrackerServer> {
  return kind === 'github' ? github(await startLoopbackGitHub(options)) : gitlab(await startLoopbackGitLab(options))
}
