// A real HTTP server on 127.0.0.1 that answers like GitHub's REST API for the calls this project makes,
// records every request, and can be told to misbehave. Shapes are typed from GitHub's OpenAPI description
// so `tsc` catches drift from the real API.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { components } from '@octokit/openapi-types'

type Schemas = components['schemas']
export type IssueRecord = Pick<
  Schemas['issue'],
  'number' | 'title' | 'body' | 'state' | 'state_reason' | 'html_url' | 'url' | 'created_at' | 'updated_at' | 'closed_at' | 'comments'
> & { labels: { name: string }[]; assignees: { login: string }[]; pull_request?: Pick<NonNullable<Schemas['issue']['pull_request']>, 'url'> }
export type CommentRecord = Pick<Schemas['issue-comment'], 'id' | 'body' | 'html_url' | 'created_at'> & { issue_number: number }
type RepoRecord = Pick<Schemas['full-repository'], 'full_name' | 'stargazers_count' | 'permissions'>
type CommitRecord = { sha: string; commit: { author: { name: string }; message: string } }

/** One request as the server saw it. */
export interface Recorded {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: IncomingMessage['headers']
  readonly body: string
  /** `body` parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown
}

/** How one injected fault answers. */
export type Fault =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { reset: true }
  | { hang: true }
  /** Create: store the issue, then answer with this status (a committed write whose answer is lost). */
  | { commitThen: number }
  /** Create: store the issue, then drop the connection or never answer. */
  | { commitThen: 'reset' | 'hang' }
  /** Send the status line, headers and half a body, then never finish. */
  | { stall: true }

interface Injection {
  method: string
  path: RegExp
  times: number
  fault: Fault
}

export interface LoopbackOptions {
  token?: string
  owner?: string
  repo?: string
  /** Quota figures sent in `x-ratelimit-*` on every answer. */
  rateLimit?: { limit: number; remaining: number; reset: number }
  /** Delay before a create is stored and answered, to widen races. */
  createLatencyMs?: number
}

const now = () => new Date().toISOString()

/** A loopback GitHub: start with {@link startLoopbackGitHub}, always `close()` it. */
export class LoopbackGitHub {
  readonly requests: Recorded[] = []
  /** Bodies posted to the chat sink at `/chat`. */
  readonly chat: Recorded[] = []
  readonly issues: IssueRecord[] = []
  readonly comments: CommentRecord[] = []
  readonly labels = new Set(['auto-deploy-failure', 'ops'])
  /** Logins that can be assigned (`GET /assignees/{login}` answers 204); others are dropped from a create, as GitHub does. */
  readonly assignable = new Set(['octocat'])
  readonly commits: CommitRecord[] = [{ sha: 'f00dfeed', commit: { author: { name: 'Ada Lovelace' }, message: 'Fix the deploy\n\nLonger text' } }]
  token: string
  owner: string
  repo: string
  stars = 42
  rateLimit: { limit: number; remaining: number; reset: number }
  createLatencyMs: number
  healthStatus = 200
  private readonly injections: Injection[] = []
  private readonly chatFaults: Fault[] = []
  private heldLists: { count: number; waiting: (() => void)[] } | undefined
  private readonly sockets = new Set<Socket>()
  private readonly server: Server
  private nextNumber = 1

  constructor(options: LoopbackOptions = {}) {
    this.token = options.token ?? 'test-token-0123456789'
    this.owner = options.owner ?? 'acme'
    this.repo = options.repo ?? 'shop'
    this.rateLimit = options.rateLimit ?? { limit: 5000, remaining: 4999, reset: Math.floor(Date.now() / 1000) + 3600 }
    this.createLatencyMs = options.createLatencyMs ?? 0
    this.server = createServer((req, res) => void this.handle(req, res))
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  /** `http://127.0.0.1:<port>` once listening. */
  url = ''

  async listen(): Promise<this> {
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  /** Stops the server and drops every open connection, hung ones included. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  get chatUrl(): string {
    return `${this.url}/chat`
  }

  /** The environment a reporter needs to talk to this server. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ISSUE_TOKEN: this.token,
      ISSUE_REPO: `${this.owner}/${this.repo}`,
      ISSUE_API_URL: this.url,
      CHAT_WEBHOOK: this.chatUrl,
      ...extra,
    }
  }

  /** Answers the next `times` requests matching `method` and `path` with `fault`. */
  inject(method: string, path: RegExp, fault: Fault, times = 1): void {
    this.injections.push({ method, path, times, fault })
  }

  /** Answers the next chat posts with `fault`, one post per element of the list. */
  injectChat(fault: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.chatFaults.push(fault)
  }

  /**
   * Holds the next `count` issue-list requests until the last of them has arrived, then answers them
   * all: concurrent reporters all see the list as it was before any of them created.
   */
  holdLists(count: number): void {
    this.heldLists = { count, waiting: [] }
  }

  /** Adds an open (or closed) issue directly, as if filed earlier. */
  addIssue(fields: Partial<IssueRecord> & { title: string }, labels = ['auto-deploy-failure', 'ops']): IssueRecord {
    const number = this.nextNumber++
    const stamp = fields.created_at ?? now()
    const issue: IssueRecord = {
      number,
      body: '',
      state: 'open',
      state_reason: null,
      html_url: `${this.url}/${this.owner}/${this.repo}/issues/${number}`,
      url: `${this.url}/repos/${this.owner}/${this.repo}/issues/${number}`,
      created_at: stamp,
      updated_at: stamp,
      closed_at: null,
      comments: 0,
      assignees: [],
      ...fields,
      labels: labels.map((name) => ({ name })),
    }
    this.issues.push(issue)
    return issue
  }

  /** Requests other than the chat sink's, optionally only those of one method and path pattern. */
  calls(method?: string, path?: RegExp): Recorded[] {
    return this.requests.filter((r) => (!method || r.method === method) && (!path || path.test(r.path)))
  }

  openIssues(title?: string): IssueRecord[] {
    return this.issues.filter((i) => i.state === 'open' && !i.pull_request && (title === undefined || i.title === title))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    const body = raw.toString('utf8')
    const url = new URL(req.url ?? '/', this.url)
    let json: unknown
    try {
      json = body ? JSON.parse(body) : undefined
    } catch {
      json = undefined
    }
    const recorded: Recorded = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, json }

    // Like GitHub (and Slack), refuse a body that is not JSON in valid UTF-8 with well-formed strings.
    const unparsable = raw.length > 0 && !isWellFormedJson(raw)
    if (url.pathname === '/chat') {
      this.chat.push(recorded)
      const fault = this.chatFaults.shift()
      if (fault) return this.fail(req, res, recorded, fault)
      return unparsable ? this.send(res, 400, 'invalid_payload') : this.send(res, 200, 'ok')
    }
    this.requests.push(recorded)
    if (unparsable) return this.error(res, 400, 'Problems parsing JSON')

    const injection = this.injections.find((i) => i.times > 0 && i.method === recorded.method && i.path.test(url.pathname))
    if (injection) {
      injection.times--
      return this.fail(req, res, recorded, injection.fault)
    }
    const held = this.heldLists
    if (held && recorded.method === 'GET' && /\/issues$/.test(url.pathname)) {
      if (--held.count === 0) this.heldLists = undefined
      await new Promise<void>((resolve) => {
        held.waiting.push(resolve)
        if (held.count === 0) for (const release of held.waiting) release()
      })
    }
    await this.route(recorded, res)
  }

  private async fail(req: IncomingMessage, res: ServerResponse, recorded: Recorded, fault: Fault): Promise<void> {
    if ('reset' in fault) return void req.socket.destroy()
    if ('hang' in fault) return
    if ('stall' in fault) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      return void res.write('[{"number":')
    }
    if ('status' in fault) return this.send(res, fault.status, fault.body ?? { message: 'Injected failure' }, fault.headers)
    await this.route(recorded, { statusCode: 0, setHeader() {}, end() {} } as unknown as ServerResponse)
    if (fault.commitThen === 'reset') return void req.socket.destroy()
    if (fault.commitThen === 'hang') return
    return this.send(res, fault.commitThen, { message: 'Server Error' })
  }

  private send(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return
    const rl = this.rateLimit
    res.setHeader('content-type', typeof data === 'string' ? 'text/plain' : 'application/json; charset=utf-8')
    res.setHeader('x-ratelimit-limit', String(rl.limit))
    res.setHeader('x-ratelimit-remaining', String(rl.remaining))
    res.setHeader('x-ratelimit-used', String(rl.limit - rl.remaining))
    res.setHeader('x-ratelimit-reset', String(rl.reset))
    res.setHeader('x-ratelimit-resource', 'core')
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
    res.statusCode = status
    res.end(typeof data === 'string' ? data : JSON.stringify(data))
  }

  private error(res: ServerResponse, status: number, message: string, errors?: unknown[]): void {
    this.send(res, status, { message, documentation_url: 'https://docs.github.com/rest', ...(errors ? { errors } : {}), status: String(status) })
  }

  private async route(r: Recorded, res: ServerResponse): Promise<void> {
    if (r.path === '/health') return this.send(res, this.healthStatus, { status: this.healthStatus === 200 ? 'ok' : 'down' })
    if (r.headers.authorization !== `Bearer ${this.token}`) return this.error(res, 401, 'Bad credentials')

    if (r.method === 'GET' && r.path === '/rate_limit') {
      const core = { ...this.rateLimit, used: this.rateLimit.limit - this.rateLimit.remaining }
      return this.send(res, 200, { resources: { core }, rate: core })
    }
    const base = `/repos/${this.owner}/${this.repo}`
    if (!r.path.startsWith(base)) return this.error(res, 404, 'Not Found')
    const rest = r.path.slice(base.length)

    if (r.method === 'GET' && rest === '') {
      const repo: RepoRecord = { full_name: `${this.owner}/${this.repo}`, stargazers_count: this.stars, permissions: { admin: false, maintain: false, push: true, triage: true, pull: true } }
      return this.send(res, 200, repo)
    }
    if (r.method === 'GET' && rest === '/commits') {
      const perPage = Number(r.query.get('per_page') ?? 30)
      return this.send(res, 200, this.commits.slice(0, perPage))
    }
    const label = /^\/labels\/([^/]+)$/.exec(rest)
    if (r.method === 'GET' && label) {
      const name = decodeURIComponent(label[1]!)
      return this.labels.has(name) ? this.send(res, 200, { name, color: 'ededed' }) : this.error(res, 404, 'Not Found')
    }
    if (r.method === 'GET' && rest === '/issues') return this.listIssues(r, res)
    // https://docs.github.com/en/rest/issues/assignees#check-if-a-user-can-be-assigned
    const assignee = /^\/assignees\/([^/]+)$/.exec(rest)
    if (r.method === 'GET' && assignee) {
      return this.assignable.has(decodeURIComponent(assignee[1]!)) ? this.send(res, 204, '') : this.error(res, 404, 'Not Found')
    }
    if (r.method === 'POST' && rest === '/issues') return this.createIssue(r, res)

    const item = /^\/issues\/(\d+)(\/comments)?$/.exec(rest)
    const issue = item ? this.issues.find((i) => i.number === Number(item[1])) : undefined
    if (item && !issue) return this.error(res, 404, 'Not Found')
    if (issue && item?.[2]) {
      if (r.method === 'GET') return this.send(res, 200, this.comments.filter((c) => c.issue_number === issue.number))
      if (r.method === 'POST') {
        const text = (r.json as { body?: unknown } | undefined)?.body
        if (typeof text !== 'string' || text === '') return this.error(res, 422, 'Validation Failed', [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }])
        const id = this.comments.length + 1
        const comment: CommentRecord = { id, body: text, issue_number: issue.number, created_at: now(), html_url: `${issue.html_url}#issuecomment-${id}` }
        this.comments.push(comment)
        issue.comments++
        issue.updated_at = now()
        return this.send(res, 201, comment)
      }
    }
    if (issue && r.method === 'PATCH') {
      const patch = (r.json ?? {}) as { state?: string; state_reason?: string; title?: string; body?: string }
      if (patch.state === 'closed' || patch.state === 'open') {
        issue.state = patch.state
        issue.state_reason = patch.state === 'closed' ? ((patch.state_reason ?? 'completed') as IssueRecord['state_reason']) : 'reopened'
        issue.closed_at = patch.state === 'closed' ? now() : null
      }
      if (typeof patch.title === 'string') issue.title = patch.title
      if (typeof patch.body === 'string') issue.body = patch.body
      issue.updated_at = now()
      return this.send(res, 200, issue)
    }
    if (issue && r.method === 'GET') return this.send(res, 200, issue)
    this.error(res, 404, 'Not Found')
  }

  private listIssues(r: Recorded, res: ServerResponse): void {
    const state = r.query.get('state') ?? 'open'
    const labels = (r.query.get('labels') ?? '').split(',').filter(Boolean)
    const since = r.query.get('since')
    const perPage = Math.min(Number(r.query.get('per_page') ?? 30), 100)
    const page = Math.max(Number(r.query.get('page') ?? 1), 1)
    const ascending = r.query.get('direction') === 'asc'
    const matching = this.issues
      .filter((i) => state === 'all' || i.state === state)
      .filter((i) => labels.every((l) => i.labels.some((x) => x.name === l)))
      .filter((i) => !since || i.updated_at >= since)
      // sort=updated orders by the last update (a close is one), otherwise by creation, which numbers follow.
      .sort((a, b) => {
        const order = r.query.get('sort') === 'updated' ? a.updated_at.localeCompare(b.updated_at) || a.number - b.number : a.number - b.number
        return ascending ? order : -order
      })
    const last = Math.max(Math.ceil(matching.length / perPage), 1)
    const links: string[] = []
    const link = (p: number, rel: string) => {
      const q = new URLSearchParams(r.query)
      q.set('page', String(p))
      links.push(`<${this.url}${r.path}?${q}>; rel="${rel}"`)
    }
    if (page < last) {
      link(page + 1, 'next')
      link(last, 'last')
    }
    if (page > 1) {
      link(1, 'first')
      link(page - 1, 'prev')
    }
    this.send(res, 200, matching.slice((page - 1) * perPage, page * perPage), links.length ? { link: links.join(', ') } : {})
  }

  private async createIssue(r: Recorded, res: ServerResponse): Promise<void> {
    const input = (r.json ?? {}) as { title?: unknown; body?: unknown; labels?: unknown; assignees?: unknown }
    if (typeof input.title !== 'string' || input.title === '') {
      return this.error(res, 422, 'Validation Failed', [{ resource: 'Issue', code: 'missing_field', field: 'title' }])
    }
    // The limits GitHub states in its 422 answers.
    if (input.title.length > 256) {
      return this.error(res, 422, 'Validation Failed', [{ resource: 'Issue', code: 'custom', field: 'title', message: 'title is too long (maximum is 256 characters)' }])
    }
    if (typeof input.body === 'string' && input.body.length > 65536) {
      return this.error(res, 422, 'Validation Failed', [{ resource: 'Issue', code: 'custom', field: 'body', message: 'body is too long (maximum is 65536 characters)' }])
    }
    if (this.createLatencyMs) await new Promise((resolve) => setTimeout(resolve, this.createLatencyMs))
    const labels = Array.isArray(input.labels) ? input.labels.map(String) : []
    for (const l of labels) this.labels.add(l)
    const assignees = (Array.isArray(input.assignees) ? input.assignees.map(String) : []).filter((login) => this.assignable.has(login))
    const issue = this.addIssue({ title: input.title, body: typeof input.body === 'string' ? input.body : '', assignees: assignees.map((login) => ({ login })) }, labels)
    this.send(res, 201, issue)
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Whether `raw` is JSON in valid UTF-8 whose strings hold no lone surrogate (which no UTF-8 store can keep). */
export function isWellFormedJson(raw: Uint8Array): boolean {
  const wellFormed = (value: unknown): boolean =>
    typeof value === 'string'
      ? (value as string & { isWellFormed(): boolean }).isWellFormed()
      : typeof value === 'object' && value !== null
        ? Object.entries(value).every(([k, v]) => wellFormed(k) && wellFormed(v))
        : true
  try {
    return wellFormed(JSON.parse(utf8.decode(raw)))
  } catch {
    return false
  }
}

/** Starts a loopback GitHub on 127.0.0.1 and a free port. */
export function startLoopbackGitHub(options?: LoopbackOptions): Promise<LoopbackGitHub> {
  return new LoopbackGitHub(options).listen()
}
