// The demo's GitHub: a node:http server on 127.0.0.1 that answers the few REST calls a report and a
// resolve make (issues, their comments, closing), one GitHub Actions run (its jobs, and a job's log
// behind a redirect, as GitHub serves it), what changed since the last good deploy (deployments, their
// statuses, one comparison and the pull requests of its commits over GraphQL: ./history.ts), and a chat
// webhook at /chat. It ships in the package, so it
// is kept small and knows nothing of faults; the tests' fuller fake is test/helpers/loopback-github.ts.
// https://docs.github.com/en/rest/issues/issues, https://docs.github.com/en/rest/actions/workflow-jobs
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { DemoHistory } from './history.ts'

export interface DemoIssue {
  number: number
  title: string
  body: string
  state: 'open' | 'closed'
  state_reason: string | null
  labels: { name: string }[]
  html_url: string
  created_at: string
  updated_at: string
  closed_at: string | null
  comments: number
}

export interface DemoComment {
  id: number
  issue_number: number
  body: string
  html_url: string
  created_at: string
}

/** One job of the run: its steps' conclusions, and its log once it has finished. */
export interface DemoJob {
  id: number
  name: string
  status: 'completed' | 'in_progress'
  conclusion: 'success' | 'failure' | null
  runner_name: string
  steps: { name: string; number: number; status: 'completed' | 'in_progress'; conclusion: 'success' | 'failure' | 'skipped' | null }[]
  log?: string
}

const OWNER = 'acme'
const REPO = 'shop'
const now = () => new Date().toISOString()

/** A started demo GitHub; always `close()` it. */
export class DemoGitHub {
  readonly token = 'demo-token-not-a-secret'
  readonly issues: DemoIssue[] = []
  readonly comments: DemoComment[] = []
  /** The chat notices received at /chat, as posted (JSON). */
  readonly chat: unknown[] = []
  readonly runId = 4242
  readonly jobs: DemoJob[] = []
  /** What changed since the last good deploy; without it, the deployments are none and nothing compares. */
  history: DemoHistory | undefined
  url = ''
  private readonly sockets = new Set<Socket>()
  private readonly server = createServer((req, res) => void this.handle(req, res))

  async listen(): Promise<this> {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** The repository's `owner/repo`. */
  get repository(): string {
    return `${OWNER}/${REPO}`
  }

  /** The job page GitHub would link: on github.com, as a real run's, since the stand-in serves no pages. */
  jobUrl(id: number): string {
    return `https://github.com/${OWNER}/${REPO}/actions/runs/${this.runId}/job/${id}`
  }

  private send(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(data))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    let json: Record<string, unknown> = {}
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      return this.send(res, 400, { message: 'Problems parsing JSON' })
    }
    const url = new URL(req.url ?? '/', this.url)
    const path = url.pathname
    if (path === '/chat') {
      this.chat.push(json)
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    }
    // The log host: GitHub redirects a job's log to a short-lived address that takes no credentials.
    const log = /^\/logs\/(\d+)$/.exec(path)
    if (log) {
      const job = this.jobs.find((j) => j.id === Number(log[1]))
      return void res.writeHead(job?.log ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end(job?.log ?? 'BlobNotFound')
    }
    if (req.headers.authorization !== `Bearer ${this.token}`) return this.send(res, 401, { message: 'Bad credentials' })
    const base = `/repos/${OWNER}/${REPO}`
    if (!path.startsWith(base)) return this.send(res, 404, { message: 'Not Found' })
    this.route(req.method ?? 'GET', path.slice(base.length), url.searchParams, json, res)
  }

  private route(method: string, rest: string, query: URLSearchParams, json: Record<string, unknown>, res: ServerResponse): void {
    if (method === 'GET' && rest === '') return this.send(res, 200, { full_name: this.repository, permissions: { push: true, triage: true, pull: true, admin: false, maintain: false } })
    if (method === 'GET' && rest === `/actions/runs/${this.runId}/attempts/1/jobs`) {
      const jobs = this.jobs.map(({ log: _log, ...job }) => ({ ...job, run_id: this.runId, html_url: this.jobUrl(job.id) }))
      return this.send(res, 200, { total_count: jobs.length, jobs })
    }
    const logs = /^\/actions\/jobs\/(\d+)\/logs$/.exec(rest)
    if (method === 'GET' && logs) return void res.writeHead(302, { location: `${this.url}/logs/${logs[1]}`, 'content-length': '0' }).end()
    if (method === 'GET' && rest === '/deployments') return this.send(res, 200, this.history && query.get('environment') === this.history.environment ? this.history.deployments.map(({ id, sha }) => ({ id, sha })) : [])
    const statuses = /^\/deployments\/(\d+)\/statuses$/.exec(rest)
    const deployment = statuses && this.history?.deployments.find((d) => d.id === Number(statuses[1]))
    if (method === 'GET' && deployment) return this.send(res, 200, deployment.statuses)
    if (method === 'GET' && rest.startsWith('/compare/')) return this.compare(rest.slice('/compare/'.length), res)
    if (method === 'GET' && rest === '/pulls') return this.send(res, 200, this.pulls())
    if (method === 'GET' && rest === '/issues') return this.send(res, 200, this.list(query))
    if (method === 'POST' && rest === '/issues') {
      if (typeof json.title !== 'string' || json.title === '') return this.send(res, 422, { message: 'Validation Failed' })
      const number = this.issues.length + 1
      const issue: DemoIssue = {
        number,
        title: json.title,
        body: typeof json.body === 'string' ? json.body : '',
        state: 'open',
        state_reason: null,
        labels: (Array.isArray(json.labels) ? json.labels : []).map((name) => ({ name: String(name) })),
        html_url: `${this.url}/${OWNER}/${REPO}/issues/${number}`,
        created_at: now(),
        updated_at: now(),
        closed_at: null,
        comments: 0,
      }
      this.issues.push(issue)
      return this.send(res, 201, issue)
    }
    const item = /^\/issues\/(\d+)(\/comments)?$/.exec(rest)
    const issue = item && this.issues.find((i) => i.number === Number(item[1]))
    if (!issue) return this.send(res, 404, { message: 'Not Found' })
    if (item![2] && method === 'GET') return this.send(res, 200, this.comments.filter((c) => c.issue_number === issue.number))
    if (item![2] && method === 'POST') {
      const id = this.comments.length + 1
      const comment: DemoComment = { id, issue_number: issue.number, body: String(json.body ?? ''), html_url: `${issue.html_url}#issuecomment-${id}`, created_at: now() }
      this.comments.push(comment)
      issue.comments++
      issue.updated_at = now()
      return this.send(res, 201, comment)
    }
    if (method === 'PATCH') {
      if (json.state === 'closed' || json.state === 'open') {
        issue.state = json.state
        issue.state_reason = json.state === 'closed' ? String(json.state_reason ?? 'completed') : 'reopened'
        issue.closed_at = json.state === 'closed' ? now() : null
      }
      if (typeof json.title === 'string') issue.title = json.title
      if (typeof json.body === 'string') issue.body = json.body
      issue.updated_at = now()
      return this.send(res, 200, issue)
    }
    if (method === 'GET') return this.send(res, 200, issue)
    this.send(res, 404, { message: 'Not Found' })
  }

  // The one comparison the story has, from the last good deploy to the newest commit, oldest first.
  private compare(basehead: string, res: ServerResponse): void {
    const history = this.history
    const head = history?.commits.at(-1)?.sha
    if (!history || basehead !== `${history.base}...${head}`) return this.send(res, 404, { message: 'Not Found' })
    const commits = history.commits.map((c, i) => ({ sha: c.sha, commit: { message: c.message, author: { name: c.name } }, author: { login: c.login }, parents: [{ sha: i ? history.commits[i - 1]!.sha : history.base }] }))
    this.send(res, 200, { status: 'ahead', ahead_by: commits.length, behind_by: 0, total_commits: commits.length, commits, html_url: `https://github.com/${OWNER}/${REPO}/compare/${basehead}` })
  }

  // The recently merged pull requests, each squashed into the commit it came in (lib/github/changes.ts).
  private pulls(): Record<string, unknown>[] {
    return (this.history?.commits ?? []).flatMap((c) =>
      c.pull ? [{ number: c.pull.number, title: c.pull.title, html_url: `https://github.com/${OWNER}/${REPO}/pull/${c.pull.number}`, user: { login: c.pull.author }, merged_at: now(), merge_commit_sha: c.sha }] : [],
    ).reverse()
  }

  // One page of the labelled issues, newest first (GitHub's default order); the demo never has 100.
  private list(query: URLSearchParams): DemoIssue[] {
    const state = query.get('state') ?? 'open'
    const labels = (query.get('labels') ?? '').split(',').filter(Boolean)
    const since = query.get('since')
    const page = Number(query.get('page') ?? 1)
    if (page > 1) return []
    return this.issues
      .filter((i) => state === 'all' || i.state === state)
      .filter((i) => labels.every((l) => i.labels.some((x) => x.name === l)))
      .filter((i) => !since || i.updated_at >= since)
      .slice()
      .sort((a, b) => (query.get('direction') === 'asc' ? a.number - b.number : b.number - a.number))
  }
}
