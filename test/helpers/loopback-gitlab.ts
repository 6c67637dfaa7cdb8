// A real HTTP server on 127.0.0.1 that answers like GitLab's REST API v4 for the calls this project makes
// (https://docs.gitlab.com/api/issues/, /api/notes/, /api/rest/), records every request, and can be told
// to misbehave the way the loopback GitHub can. The API lives under `/api/v4`, as on a real instance.
import type { ServerResponse } from 'node:http'
import type { Recorded } from './faults.ts'
import { LoopbackTracker } from './loopback-tracker.ts'
import { gitlabRest } from './openapi/gitlab-rest.ts'
import type { ExtraRoute } from './loopback-github.ts'

export type { Fault, Recorded } from './faults.ts'

/** An issue as GitLab answers it (the fields this project reads, and a few it must ignore). */
export interface GitLabIssueRecord {
  id: number
  iid: number
  project_id: number
  title: string
  description: string | null
  state: 'opened' | 'closed'
  labels: string[]
  web_url: string
  created_at: string
  updated_at: string
  closed_at: string | null
  user_notes_count: number
  assignees: { id: number; username: string }[]
  type: 'ISSUE'
}

/** A note (comment) as GitLab answers it; `system` notes are GitLab's own ("changed the description"). */
export interface GitLabNoteRecord {
  id: number
  body: string
  system: boolean
  noteable_iid: number
  noteable_type: 'Issue'
  created_at: string
  author: { id: number; username: string }
}

export interface LoopbackGitLabOptions {
  token?: string
  /** The project's full path; nested groups allowed. */
  path?: string
  projectId?: number
  /** Figures sent in `RateLimit-*` on every answer. */
  rateLimit?: { limit: number; remaining: number; reset: number }
  /** Delay before a create is stored and answered, to widen races. */
  createLatencyMs?: number
}

const now = () => new Date().toISOString()
const API = '/api/v4'

/** A loopback GitLab: start with {@link startLoopbackGitLab}, always `close()` it. */
export class LoopbackGitLab extends LoopbackTracker {
  readonly kind = 'gitlab'
  readonly issues: GitLabIssueRecord[] = []
  readonly notes: GitLabNoteRecord[] = []
  readonly labels = new Set(['auto-deploy-failure', 'ops'])
  /** Routes other helpers add, tried (after authentication) before the built-in ones; paths after `/api/v4`. */
  readonly extraRoutes: ExtraRoute[] = []
  readonly users = [{ id: 7, username: 'reporter-bot', name: 'Reporter Bot' }, { id: 8, username: 'alice', name: 'Alice' }]
  readonly commits = [{ id: 'f00dfeed0123456789', short_id: 'f00dfeed', title: 'Fix the deploy', message: 'Fix the deploy\n\nLonger text', author_name: 'Ada Lovelace' }]
  /** What `GET /personal_access_tokens/self` reports; undefined answers 404, as for tokens that are not personal. */
  tokenInfo: { scopes: string[]; name: string; active: boolean } | undefined = { scopes: ['api'], name: 'deploy reporter', active: true }
  token: string
  path: string
  projectId: number
  stars = 42
  rateLimit: { limit: number; remaining: number; reset: number }
  createLatencyMs: number
  /** The most creates this server was handling at one moment. */
  maxConcurrentCreates = 0
  private creating = 0
  private nextIid = 1
  private nextNote = 1

  constructor(options: LoopbackGitLabOptions = {}) {
    super(
      {
        stall: { contentType: 'application/json', chunk: '[{"iid":' },
        injectedBody: (status) => ({ message: `${status} Injected failure` }),
        committedBody: (status) => ({ message: `${status} Internal Server Error` }),
      },
      // Recorded paths drop the `/api/v4` prefix and keep the project segment as sent (`acme%2Fshop`).
      API,
    )
    this.token = options.token ?? 'glpat-test-token-0123456789'
    this.path = options.path ?? 'acme/platform/shop'
    this.projectId = options.projectId ?? 4242
    this.rateLimit = options.rateLimit ?? { limit: 2000, remaining: 1999, reset: Math.floor(Date.now() / 1000) + 60 }
    this.createLatencyMs = options.createLatencyMs ?? 0
  }

  /** The API's base address, as `CI_API_V4_URL` gives it. */
  get apiUrl(): string {
    return `${this.url}${API}`
  }

  /** The environment a reporter needs to talk to this server. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { ISSUE_TRACKER: 'gitlab', ISSUE_TOKEN: this.token, ISSUE_REPO: this.path, ISSUE_API_URL: this.apiUrl, CHAT_WEBHOOK: this.chatUrl, ...extra }
  }

  /** Adds an issue directly, as if filed earlier. */
  addIssue(fields: Partial<GitLabIssueRecord> & { title: string }, labels = ['auto-deploy-failure', 'ops']): GitLabIssueRecord {
    const iid = this.nextIid++
    const stamp = fields.created_at ?? now()
    const issue: GitLabIssueRecord = {
      id: 90_000 + iid,
      iid,
      project_id: this.projectId,
      description: null,
      state: 'opened',
      web_url: `${this.url}/${this.path}/-/issues/${iid}`,
      created_at: stamp,
      updated_at: stamp,
      closed_at: null,
      user_notes_count: 0,
      assignees: [],
      type: 'ISSUE',
      ...fields,
      labels,
    }
    this.issues.push(issue)
    return issue
  }

  /** Adds a note directly, as if written earlier. */
  addNote(iid: number, body: string, system = false): GitLabNoteRecord {
    const note: GitLabNoteRecord = { id: this.nextNote++, body, system, noteable_iid: iid, noteable_type: 'Issue', created_at: now(), author: { id: 8, username: 'alice' } }
    this.notes.push(note)
    return note
  }

  openIssues(title?: string): GitLabIssueRecord[] {
    return this.issues.filter((i) => i.state === 'opened' && (title === undefined || i.title === title))
  }

  protected unparsable(res: ServerResponse): void {
    this.error(res, 400, '400 Bad request - JSON parse error')
  }

  protected send(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return
    const rl = this.rateLimit
    res.setHeader('content-type', typeof data === 'string' ? 'text/plain' : 'application/json')
    // GitLab's rate-limit headers (https://docs.gitlab.com/administration/settings/user_and_ip_rate_limits/#response-headers).
    res.setHeader('ratelimit-limit', String(rl.limit))
    res.setHeader('ratelimit-observed', String(rl.limit - rl.remaining))
    res.setHeader('ratelimit-remaining', String(rl.remaining))
    res.setHeader('ratelimit-reset', String(rl.reset))
    res.setHeader('ratelimit-resettime', new Date(rl.reset * 1000).toUTCString())
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
    res.statusCode = status
    res.end(typeof data === 'string' ? data : JSON.stringify(data))
  }

  /** GitLab's error shape: `{"message": ...}`, a string or a map of field errors. */
  private error(res: ServerResponse, status: number, message: unknown): void {
    this.send(res, status, { message })
  }

  private authorized(r: Recorded): boolean {
    return r.headers.authorization === `Bearer ${this.token}` || r.headers['private-token'] === this.token
  }

  // What GitLab documents for the operations lib/ calls (openapi/gitlab-rest.ts), refused with a 400 as
  // GitLab's Grape does: `{"error": "state does not have a valid value"}`.
  protected describe(r: Recorded): { problems: readonly string[]; refuse: (res: ServerResponse) => void } {
    const problems = gitlabRest().problems(r)
    if (!problems) return { problems: ['no operation lib/ calls (test/helpers/openapi/gitlab-rest.ts lists them)'], refuse: (res) => this.error(res, 404, '404 Not Found') }
    return { problems, refuse: (res) => this.send(res, 400, { error: problems.join(', ') }) }
  }

  protected async route(r: Recorded, res: ServerResponse, pathname?: string): Promise<void> {
    if (pathname !== undefined && !pathname.startsWith(`${API}/`)) return this.error(res, 404, '404 Not Found')
    if (!this.authorized(r)) return this.error(res, 401, '401 Unauthorized')
    for (const extra of this.extraRoutes) {
      const answer = extra(r)
      if (answer) return this.send(res, answer.status, answer.body, answer.headers)
    }
    if (r.method === 'GET' && r.path === '/user') return this.send(res, 200, { ...this.users[0], state: 'active' })
    if (r.method === 'GET' && r.path === '/personal_access_tokens/self') {
      return this.tokenInfo ? this.send(res, 200, { id: 1, ...this.tokenInfo, expires_at: null }) : this.error(res, 404, '404 Not Found')
    }
    if (r.method === 'GET' && r.path === '/users') {
      const name = r.query.get('username')
      return this.send(res, 200, this.users.filter((u) => u.username === name))
    }
    const project = /^\/projects\/([^/]+)(\/.*)?$/.exec(r.path)
    // A path must come URL-encoded (`acme%2Fshop`); GitLab answers an unencoded one with 404.
    if (!project || (project[1] !== String(this.projectId) && decodeURIComponent(project[1]!) !== this.path)) return this.error(res, 404, '404 Project Not Found')
    const rest = project[2] ?? ''

    if (r.method === 'GET' && rest === '') {
      return this.send(res, 200, { id: this.projectId, path_with_namespace: this.path, star_count: this.stars, web_url: `${this.url}/${this.path}`, issues_enabled: true })
    }
    if (r.method === 'GET' && rest === '/repository/commits') {
      return this.send(res, 200, this.commits.slice(0, Number(r.query.get('per_page') ?? 20)))
    }
    if (r.method === 'GET' && rest === '/labels') return this.send(res, 200, [...this.labels].map((name, i) => ({ id: i + 1, name, color: '#dc143c' })))
    const label = /^\/labels\/([^/]+)$/.exec(rest)
    if (r.method === 'GET' && label) {
      const name = decodeURIComponent(label[1]!)
      return this.labels.has(name) ? this.send(res, 200, { id: 1, name, color: '#dc143c' }) : this.error(res, 404, '404 Label Not Found')
    }
    if (r.method === 'GET' && rest === '/issues') return this.listIssues(r, res)
    if (r.method === 'POST' && rest === '/issues') return this.createIssue(r, res)

    const item = /^\/issues\/(\d+)(\/notes)?(?:\/(\d+))?$/.exec(rest)
    const issue = item ? this.issues.find((i) => i.iid === Number(item[1])) : undefined
    if (item && !issue) return this.error(res, 404, '404 Not found')
    if (issue && item?.[2]) {
      if (r.method === 'GET') {
        const notes = this.notes.filter((n) => n.noteable_iid === issue.iid)
        if (r.query.get('sort') !== 'asc') notes.reverse()
        return this.page(r, res, notes, 20)
      }
      if (item[3] !== undefined) {
        // DELETE …/notes/:note_id: 204 and no body; a note of another issue, or none, is 404.
        const at = this.notes.findIndex((n) => n.id === Number(item[3]) && n.noteable_iid === issue.iid)
        if (r.method !== 'DELETE' || at === -1) return this.error(res, 404, '404 Note Not Found')
        const [note] = this.notes.splice(at, 1)
        if (!note!.system) issue.user_notes_count--
        res.writeHead(204).end()
        return
      }
      if (r.method === 'POST') {
        const text = (r.json as { body?: unknown } | undefined)?.body
        if (typeof text !== 'string' || text.trim() === '') return this.error(res, 400, '400 Bad request - Note {:note=>["can\'t be blank"]}')
        const note = this.addNote(issue.iid, text)
        note.author = { id: 7, username: 'reporter-bot' }
        issue.user_notes_count++
        issue.updated_at = now()
        return this.send(res, 201, note)
      }
    }
    if (issue && r.method === 'PUT') return this.updateIssue(issue, r, res)
    if (issue && r.method === 'GET') return this.send(res, 200, issue)
    this.error(res, 404, '404 Not Found')
  }

  private updateIssue(issue: GitLabIssueRecord, r: Recorded, res: ServerResponse): void {
    const put = (r.json ?? {}) as { state_event?: unknown; description?: unknown; title?: unknown }
    if (put.state_event !== undefined && put.state_event !== 'close' && put.state_event !== 'reopen') {
      return this.error(res, 400, 'state_event does not have a valid value')
    }
    if (typeof put.description === 'string' && put.description.length > 1_048_576) {
      return this.error(res, 400, { description: ['is too long (maximum is 1048576 characters)'] })
    }
    if (put.state_event === 'close' && issue.state === 'opened') {
      issue.state = 'closed'
      issue.closed_at = now()
    }
    if (put.state_event === 'reopen' && issue.state === 'closed') {
      issue.state = 'opened'
      issue.closed_at = null
    }
    if (typeof put.description === 'string') issue.description = put.description
    if (typeof put.title === 'string') issue.title = put.title
    issue.updated_at = now()
    this.send(res, 200, issue)
  }

  private listIssues(r: Recorded, res: ServerResponse): void {
    const state = r.query.get('state') ?? 'all'
    const labels = (r.query.get('labels') ?? '').split(',').filter(Boolean)
    const updatedAfter = r.query.get('updated_after')
    const orderBy = r.query.get('order_by') ?? 'created_at'
    if (orderBy !== 'created_at' && orderBy !== 'updated_at') return this.error(res, 400, 'order_by does not have a valid value')
    const ascending = r.query.get('sort') === 'asc'
    const key = (i: GitLabIssueRecord) => `${i[orderBy]}#${String(i.iid).padStart(9, '0')}`
    const matching = this.issues
      .filter((i) => state === 'all' || i.state === state)
      .filter((i) => labels.every((l) => i.labels.includes(l)))
      .filter((i) => !updatedAfter || Date.parse(i.updated_at) >= Date.parse(updatedAfter))
      .sort((a, b) => (ascending ? 1 : -1) * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    this.page(r, res, matching, 20)
  }

  // GitLab's offset pagination: `per_page` (at most 100), `page`, and `Link`, `x-next-page`, `x-page`,
  // `x-per-page`, `x-prev-page`, `x-total`, `x-total-pages` (https://docs.gitlab.com/api/rest/#pagination).
  private page(r: Recorded, res: ServerResponse, items: readonly unknown[], defaultPerPage: number): void {
    const perPage = Math.min(Math.max(Number(r.query.get('per_page') ?? defaultPerPage) || defaultPerPage, 1), 100)
    const page = Math.max(Number(r.query.get('page') ?? 1) || 1, 1)
    const last = Math.max(Math.ceil(items.length / perPage), 1)
    const links: string[] = []
    const link = (p: number, rel: string) => {
      const q = new URLSearchParams(r.query)
      q.set('page', String(p))
      q.set('per_page', String(perPage))
      links.push(`<${this.apiUrl}${r.path}?${q}>; rel="${rel}"`)
    }
    if (page > 1) link(page - 1, 'prev')
    if (page < last) link(page + 1, 'next')
    link(1, 'first')
    link(last, 'last')
    this.send(res, 200, items.slice((page - 1) * perPage, page * perPage), {
      link: links.join(', '),
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': page < last ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
      'x-total': String(items.length),
      'x-total-pages': String(last),
    })
  }

  private async createIssue(r: Recorded, res: ServerResponse): Promise<void> {
    const input = (r.json ?? {}) as { title?: unknown; description?: unknown; labels?: unknown; assignee_ids?: unknown }
    if (typeof input.title !== 'string' || input.title === '') return this.send(res, 400, { error: 'title is missing' })
    // The limits GitLab's Issue model validates (title 255, description 1,048,576 characters).
    const problems: Record<string, string[]> = {}
    if (input.title.length > 255) problems.title = ['is too long (maximum is 255 characters)']
    if (typeof input.description === 'string' && input.description.length > 1_048_576) problems.description = ['is too long (maximum is 1048576 characters)']
    if (Object.keys(problems).length) return this.error(res, 400, problems)
    if (input.labels !== undefined && typeof input.labels !== 'string') return this.error(res, 400, 'labels is invalid')
    this.maxConcurrentCreates = Math.max(this.maxConcurrentCreates, ++this.creating)
    if (this.createLatencyMs) await new Promise((resolve) => setTimeout(resolve, this.createLatencyMs))
    this.creating--
    const labels = (input.labels ?? '').split(',').map((l) => l.trim()).filter(Boolean)
    for (const l of labels) this.labels.add(l)
    const assignees = Array.isArray(input.assignee_ids) ? this.users.filter((u) => (input.assignee_ids as unknown[]).includes(u.id)).map(({ id, username }) => ({ id, username })) : []
    const issue = this.addIssue({ title: input.title, description: typeof input.description === 'string' ? input.description : null, assignees }, labels)
    this.send(res, 201, issue)
  }
}

/** Starts a loopback GitLab on 127.0.0.1 and a free port. */
export function startLoopbackGitLab(options?: LoopbackGitLabOptions): Promise<LoopbackGitLab> {
  return new LoopbackGitLab(options).listen()
}
