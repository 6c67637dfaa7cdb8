// A real HTTP server on 127.0.0.1 that answers like GitHub's REST API for the calls this project makes,
// records every request, and can be told to misbehave. Shapes are typed from GitHub's OpenAPI description
// so `tsc` catches drift from the real API.
import { randomBytes, verify, type KeyObject } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { components } from '@octokit/openapi-types'
import type { Recorded } from './faults.ts'
import { schemaErrors } from './github-graphql-schema.ts'
import { LoopbackTracker } from './loopback-tracker.ts'
import { githubRest } from './openapi/description.ts'

export { isWellFormedJson, type Fault, type Recorded } from './faults.ts'

type Schemas = components['schemas']
export type IssueRecord = Pick<
  Schemas['issue'],
  'id' | 'node_id' | 'number' | 'title' | 'body' | 'state' | 'state_reason' | 'html_url' | 'url' | 'created_at' | 'updated_at' | 'closed_at' | 'comments'
> & { labels: { name: string }[]; assignees: { login: string }[]; pull_request?: Pick<NonNullable<Schemas['issue']['pull_request']>, 'url'> }
export type CommentRecord = Pick<Schemas['issue-comment'], 'id' | 'body' | 'html_url' | 'created_at'> & { issue_number: number }
type RepoRecord = Pick<Schemas['full-repository'], 'full_name' | 'stargazers_count' | 'private' | 'permissions'>
type CommitRecord = { sha: string; commit: { author: { name: string }; message: string } }

/** A route added by a helper of its own (e.g. loopback-deployments.ts): an answer, or undefined to pass. */
export type ExtraRoute = (r: Recorded) => { status: number; body: unknown; headers?: Record<string, string> } | undefined

export interface LoopbackOptions {
  token?: string
  owner?: string
  repo?: string
  /** Quota figures sent in `x-ratelimit-*` on every answer. */
  rateLimit?: { limit: number; remaining: number; reset: number }
  /** Delay before a create is stored and answered, to widen races. */
  createLatencyMs?: number
  /** The identity's rights on the repository; without push, like GitHub, a create drops its labels. */
  permissions?: Permissions
  /** `X-OAuth-Scopes` sent on every answer, as for a classic token; absent (fine-grained token) when undefined. */
  oauthScopes?: string
  /** A GitHub App installed on the repository: its JWTs are verified with `publicKey`. */
  app?: LoopbackApp
  /**
   * GitHub's secondary limit on content creation: at most `max` issue and comment POSTs per `windowMs`,
   * beyond which a 403 with `retry-after` (80 a minute by default, as GitHub documents).
   */
  contentLimit?: { max: number; windowMs: number }
  /** Whether closing with `state_reason: "duplicate"` is known (false: a 422, like an older GitHub Enterprise). */
  knowsDuplicateReason?: boolean
}

/** One open → closed transition, as GitHub records a `closed` event. */
export interface CloseEvent {
  readonly number: number
  readonly reason: string | null | undefined
  readonly duplicateOf?: number
}

/** A GitHub App as the loopback knows it. */
export interface LoopbackApp {
  readonly id: number
  readonly slug: string
  readonly publicKey: KeyObject
  readonly installationId: number
  /** The installation's permissions; `issues: 'write'` unless given. */
  permissions?: Record<string, string>
  /** Installation tokens to hand out, in order, before random ones (so tests can echo them back). */
  tokens?: string[]
}

type Permissions = NonNullable<RepoRecord['permissions']>
/** Rights of an identity with write access. */
export const WRITE_ACCESS: Permissions = { admin: false, maintain: false, push: true, triage: true, pull: true }
/** Rights of an identity that can triage but not push: GitHub drops the labels of its new issues. */
export const TRIAGE_ONLY: Permissions = { admin: false, maintain: false, push: false, triage: true, pull: true }

const now = () => new Date().toISOString()

/** A loopback GitHub: start with {@link startLoopbackGitHub}, always `close()` it. */
export class LoopbackGitHub extends LoopbackTracker {
  readonly issues: IssueRecord[] = []
  readonly comments: CommentRecord[] = []
  readonly labels = new Set(['auto-deploy-failure', 'ops'])
  /** Routes other helpers add, tried (after authentication) before the built-in ones. */
  readonly extraRoutes: ExtraRoute[] = []
  /** Logins that can be assigned (`GET /assignees/{login}` answers 204); others are dropped from a create, as GitHub does. */
  readonly assignable = new Set(['octocat'])
  readonly commits: CommitRecord[] = [{ sha: 'f00dfeed', commit: { author: { name: 'Ada Lovelace' }, message: 'Fix the deploy\n\nLonger text' } }]
  token: string
  owner: string
  repo: string
  stars = 42
  rateLimit: { limit: number; remaining: number; reset: number }
  createLatencyMs: number
  permissions: Permissions
  oauthScopes: string | undefined
  private = false
  healthStatus = 200
  readonly app: LoopbackApp | undefined
  /** Installation tokens handed out, oldest first; each is accepted as a Bearer token. */
  readonly installationTokens: string[] = []
  /** JWTs that passed verification. */
  readonly jwts: string[] = []
  /** Every open → closed transition; closing a closed issue records none, as on GitHub. */
  readonly closes: CloseEvent[] = []
  /** Content-creating POSTs refused by the secondary limit. */
  readonly limited: Recorded[] = []
  contentLimit: { max: number; windowMs: number }
  knowsDuplicateReason: boolean
  /** The Actions routes (runs, jobs, logs), when a test adds them: test/helpers/loopback-github-actions.ts. */
  actions: ((r: Recorded, res: ServerResponse) => void) | undefined
  private readonly created: number[] = []
  private nextCommentId = 1
  private nextNumber = 1

  constructor(options: LoopbackOptions = {}) {
    super({
      stall: { contentType: 'application/json; charset=utf-8', chunk: '[{"number":' },
      injectedBody: () => ({ message: 'Injected failure' }),
      committedBody: () => ({ message: 'Server Error' }),
      // The primary limit: 403 with no requests left until `x-ratelimit-reset` (epoch seconds).
      // https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit
      rateLimited: (seconds) => ({
        status: 403,
        body: { message: 'API rate limit exceeded for installation ID 1.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' },
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + seconds) },
      }),
    })
    this.token = options.token ?? 'test-token-0123456789'
    this.owner = options.owner ?? 'acme'
    this.repo = options.repo ?? 'shop'
    this.rateLimit = options.rateLimit ?? { limit: 5000, remaining: 4999, reset: Math.floor(Date.now() / 1000) + 3600 }
    this.createLatencyMs = options.createLatencyMs ?? 0
    this.permissions = options.permissions ?? WRITE_ACCESS
    this.oauthScopes = options.oauthScopes
    this.app = options.app
    this.contentLimit = options.contentLimit ?? { max: 80, windowMs: 60_000 }
    this.knowsDuplicateReason = options.knowsDuplicateReason ?? true
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

  /** Adds an open (or closed) issue directly, as if filed earlier. */
  addIssue(fields: Partial<IssueRecord> & { title: string }, labels = ['auto-deploy-failure', 'ops']): IssueRecord {
    const number = this.nextNumber++
    const stamp = fields.created_at ?? now()
    const issue: IssueRecord = {
      // Distinct from the number, as on GitHub, so that mixing the two up is caught.
      id: 9_000_000 + number,
      node_id: `I_kwLoopback${number}`,
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

  openIssues(title?: string): IssueRecord[] {
    return this.issues.filter((i) => i.state === 'open' && !i.pull_request && (title === undefined || i.title === title))
  }

  protected unparsable(res: ServerResponse): void {
    this.error(res, 400, 'Problems parsing JSON')
  }

  protected send(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return
    const rl = this.rateLimit
    res.setHeader('content-type', typeof data === 'string' ? 'text/plain' : 'application/json; charset=utf-8')
    res.setHeader('x-ratelimit-limit', String(rl.limit))
    res.setHeader('x-ratelimit-remaining', String(rl.remaining))
    res.setHeader('x-ratelimit-used', String(rl.limit - rl.remaining))
    res.setHeader('x-ratelimit-reset', String(rl.reset))
    res.setHeader('x-ratelimit-resource', 'core')
    if (this.oauthScopes !== undefined) res.setHeader('x-oauth-scopes', this.oauthScopes)
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
    res.statusCode = status
    res.end(typeof data === 'string' ? data : JSON.stringify(data))
  }

  private error(res: ServerResponse, status: number, message: string, errors?: unknown[]): void {
    this.send(res, status, { message, documentation_url: 'https://docs.github.com/rest', ...(errors ? { errors } : {}), status: String(status) })
  }

  // What GitHub's own descriptions take: REST from @octokit/openapi (openapi/description.ts), GraphQL from
  // its schema (github-graphql-schema.ts), refused as GitHub refuses them; at the root as on github.com, or
  // under GitHub Enterprise Server's /api/v3 and /api/graphql. `/health` is the spec's health check
  // against the API address, no GitHub operation.
  protected describe(r: Recorded): { problems: readonly string[]; refuse: (res: ServerResponse) => void } {
    if (r.path === '/health') return { problems: [], refuse: () => {} }
    if (r.method === 'POST' && (r.path === '/graphql' || r.path === '/api/graphql')) {
      const { query = '', variables = {} } = (r.json ?? {}) as { query?: string; variables?: Record<string, unknown> }
      const errors = schemaErrors(query, variables) ?? []
      return { problems: errors.map((e) => e.message), refuse: (res) => this.send(res, 200, { errors }) }
    }
    const problems = githubRest().problems(r.path.startsWith('/api/v3/') ? { ...r, path: r.path.slice('/api/v3'.length) } : r)
    if (!problems) return { problems: ['no operation lib/ calls (test/helpers/openapi/extract-github.mjs lists them)'], refuse: (res) => this.error(res, 404, 'Not Found') }
    return { problems, refuse: (res) => this.error(res, 422, `Invalid request.\n\n${problems.join('\n')}`) }
  }

  protected async route(r: Recorded, res: ServerResponse): Promise<void> {
    if (r.path === '/health') return this.send(res, this.healthStatus, { status: this.healthStatus === 200 ? 'ok' : 'down' })
    if (this.app && (r.path.startsWith('/app') || r.path === `/repos/${this.owner}/${this.repo}/installation`)) return this.routeApp(this.app, r, res)
    const bearer = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1]
    const asInstallation = bearer !== undefined && this.installationTokens.includes(bearer)
    if (bearer !== this.token && !asInstallation) return this.error(res, 401, 'Bad credentials')
    for (const extra of this.extraRoutes) {
      const answer = extra(r)
      if (answer) return this.send(res, answer.status, answer.body, answer.headers)
    }
    if (r.method === 'GET' && r.path === '/user') {
      // An installation token is not a user.
      return asInstallation ? this.error(res, 403, 'Resource not accessible by integration') : this.send(res, 200, { login: 'deploy-bot', type: 'User' })
    }

    if (r.method === 'GET' && r.path === '/rate_limit') {
      const core = { ...this.rateLimit, used: this.rateLimit.limit - this.rateLimit.remaining }
      return this.send(res, 200, { resources: { core }, rate: core })
    }
    const base = `/repos/${this.owner}/${this.repo}`
    if (this.actions && r.path.startsWith(`${base}/actions/`)) return this.actions(r, res)
    if (!r.path.startsWith(base)) return this.error(res, 404, 'Not Found')
    const rest = r.path.slice(base.length)
    if (r.method === 'POST' && /^\/issues(\/\d+\/comments)?$/.test(rest)) {
      const wait = this.contentWait()
      if (wait) {
        this.limited.push(r)
        // https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits
        return this.send(res, 403, { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits' }, { 'retry-after': String(wait) })
      }
    }
    const comment = /^\/issues\/comments\/(\d+)$/.exec(rest)
    if (comment && r.method === 'DELETE') {
      const at = this.comments.findIndex((c) => c.id === Number(comment[1]))
      if (at < 0) return this.error(res, 404, 'Not Found')
      const [gone] = this.comments.splice(at, 1)
      const issue = this.issues.find((i) => i.number === gone!.issue_number)
      if (issue) issue.comments--
      res.statusCode = 204
      return void res.end()
    }

    if (r.method === 'GET' && rest === '') {
      // For an installation, the permissions are the installation's (doctor reads them there).
      const repo: RepoRecord = { full_name: `${this.owner}/${this.repo}`, stargazers_count: this.stars, private: this.private, ...(asInstallation ? {} : { permissions: this.permissions }) }
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
        const id = this.nextCommentId++
        const comment: CommentRecord = { id, body: text, issue_number: issue.number, created_at: now(), html_url: `${issue.html_url}#issuecomment-${id}` }
        this.comments.push(comment)
        issue.comments++
        issue.updated_at = now()
        return this.send(res, 201, comment)
      }
    }
    if (issue && r.method === 'PATCH') {
      const patch = (r.json ?? {}) as { state?: string; state_reason?: string; title?: string; body?: string; duplicate_issue_id?: unknown }
      let duplicateOf: number | undefined
      if (patch.state_reason === 'duplicate') {
        if (!this.knowsDuplicateReason) return this.error(res, 422, 'Validation Failed', [{ resource: 'Issue', code: 'invalid', field: 'state_reason' }])
        const canonical = this.issues.find((i) => i.id === patch.duplicate_issue_id)
        if (!canonical || canonical === issue) return this.error(res, 422, 'Validation Failed', [{ resource: 'Issue', code: 'invalid', field: 'duplicate_issue_id' }])
        duplicateOf = canonical.number
      }
      if (patch.state === 'closed' || patch.state === 'open') {
        if (patch.state === 'closed' && issue.state === 'open') this.closes.push({ number: issue.number, reason: patch.state_reason ?? 'completed', ...(duplicateOf ? { duplicateOf } : {}) })
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

  // Seconds until one more content-creating POST fits the window, or 0 (and the POST is counted).
  private contentWait(): number {
    const { max, windowMs } = this.contentLimit
    const t = Date.now()
    while (this.created.length && this.created[0]! <= t - windowMs) this.created.shift()
    if (this.created.length < max) {
      this.created.push(t)
      return 0
    }
    return Math.max(1, Math.ceil((this.created[0]! + windowMs - t) / 1000))
  }

  // The App endpoints, authenticated with a JWT (RS256, iss = App id, at most 10 minutes), as GitHub does.
  // https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/generating-a-json-web-token-jwt-for-a-github-app
  private routeApp(app: LoopbackApp, r: Recorded, res: ServerResponse): void {
    const jwt = /^bearer (.+)$/i.exec(r.headers.authorization ?? '')?.[1]
    const problem = jwt === undefined ? 'no JWT' : jwtProblem(jwt, app)
    if (problem) return this.error(res, 401, `A JSON web token could not be decoded (${problem})`)
    this.jwts.push(jwt!)
    const permissions = app.permissions ?? { issues: 'write', metadata: 'read' }
    if (r.method === 'GET' && r.path === '/app') return this.send(res, 200, { id: app.id, slug: app.slug, name: `${app.slug} (loopback)` })
    if (r.method === 'GET' && r.path.endsWith('/installation')) {
      return this.send(res, 200, { id: app.installationId, app_id: app.id, app_slug: app.slug, account: { login: this.owner }, permissions, repository_selection: 'all' })
    }
    const tokenFor = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(r.path)
    if (r.method === 'POST' && tokenFor) {
      if (Number(tokenFor[1]) !== app.installationId) return this.error(res, 404, 'Not Found')
      const token = app.tokens?.shift() ?? `ghs_${randomBytes(18).toString('hex')}`
      this.installationTokens.push(token)
      const expires = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z')
      return this.send(res, 201, { token, expires_at: expires, permissions, repository_selection: 'all' })
    }
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
    // Only users with push access can set labels for new issues; otherwise they are dropped silently.
    const labels = Array.isArray(input.labels) && this.permissions.push ? input.labels.map(String) : []
    for (const l of labels) this.labels.add(l)
    const assignees = (Array.isArray(input.assignees) ? input.assignees.map(String) : []).filter((login) => this.assignable.has(login))
    const issue = this.addIssue({ title: input.title, body: typeof input.body === 'string' ? input.body : '', assignees: assignees.map((login) => ({ login })) }, labels)
    this.send(res, 201, issue)
  }
}

/** Why `jwt` is not a valid App JWT for `app`, or undefined when it is. */
function jwtProblem(jwt: string, app: LoopbackApp): string | undefined {
  const [header = '', payload = '', signature = ''] = jwt.split('.')
  const json = (part: string) => {
    try {
      return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>
    } catch {
      return undefined
    }
  }
  if (json(header)?.alg !== 'RS256') return 'alg is not RS256'
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), app.publicKey, Buffer.from(signature, 'base64url'))) return 'bad signature'
  const claims = json(payload) ?? {}
  const now = Date.now() / 1000
  if (String(claims.iss) !== String(app.id)) return 'wrong issuer'
  if (typeof claims.exp !== 'number' || claims.exp <= now) return 'expired'
  if (typeof claims.iat !== 'number' || claims.exp - claims.iat > 660 || claims.iat > now + 60) return 'lifetime over 10 minutes'
  return undefined
}

/** Starts a loopback GitHub on 127.0.0.1 and a free port. */
export function startLoopbackGitHub(options?: LoopbackOptions): Promise<LoopbackGitHub> {
  return new LoopbackGitHub(options).listen()
}
