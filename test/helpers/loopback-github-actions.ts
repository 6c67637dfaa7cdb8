// GitHub Actions on the loopback GitHub: a run's jobs and steps (paginated as GitHub does), and job logs
// served the way GitHub serves them, a 302 to a short-lived address on another origin. That second
// origin records every request and refuses any that carries an Authorization header, which tests assert
// never happens. https://docs.github.com/en/rest/actions/workflow-jobs
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LoopbackServer } from './loopback-server.ts'
import type { LoopbackGitHub, Recorded } from './loopback-github.ts'

export interface ActionsStep {
  name: string
  number: number
  status: 'completed' | 'in_progress' | 'queued'
  conclusion: 'success' | 'failure' | 'timed_out' | 'skipped' | 'cancelled' | null
}

/** How a job's log is served: whole text, or written piece by piece by a generator (huge or endless logs). */
export type LogBody = string | { stream: (write: (text: string) => Promise<boolean>) => Promise<void> }

export interface ActionsJob {
  id: number
  name: string
  status: 'completed' | 'in_progress' | 'queued'
  conclusion: 'success' | 'failure' | 'timed_out' | 'cancelled' | 'skipped' | null
  runner_name: string | null
  steps: ActionsStep[]
  log?: LogBody
}

// Line i's stamp: 2026-11-26T08:00:00Z + 37 ms per line, as toISOString() writes it with 0000 added. The
// part up to the second is formatted once per second of stamps: a 48 MB log has half a million lines
// (ci-log-memory.e2e), and a Date formatted for each of them was half that test's own CPU.
const START = Date.UTC(2026, 10, 26, 8, 0, 0)
let second = Number.NaN
let upToSecond = ''
const STAMP = (i: number): string => {
  const ms = START + i * 37
  const s = Math.floor(ms / 1000)
  if (s !== second) {
    second = s
    upToSecond = new Date(s * 1000).toISOString().slice(0, 20)
  }
  return `${upToSecond}${String(ms - s * 1000).padStart(3, '0')}0000Z`
}

/** Lines stamped as the runner stamps them: `2026-11-26T08:00:00.0370000Z <line>`. */
export function stamped(lines: readonly string[], from = 0): string {
  return lines.map((line, i) => `${STAMP(from + i)} ${line}`).join('\n') + '\n'
}

/** The set-up lines every job log opens with. */
export const SETUP = [
  'Current runner version: \'2.321.0\'',
  '##[group]Operating System',
  'Ubuntu',
  '24.04.1',
  '##[endgroup]',
  '##[group]Run actions/checkout@v4',
  'with:',
  '  repository: acme/shop',
  '##[endgroup]',
  'Syncing repository: acme/shop',
]

/** The runner's clean-up lines every job log ends with: not a step. */
export const CLEANUP = ['Post job cleanup.', '[command]/usr/bin/git version', 'git version 2.47.1', 'Cleaning up orphan processes']

/**
 * A realistic failed job log: set-up, a passing build step, then `failing` (its command) printing coloured
 * output, `secret` in a curl line, an error and the runner's `##[error]`, then clean-up.
 */
export function failedLog(failing: string, secret: string, output: readonly string[] = []): string {
  return stamped([
    ...SETUP,
    '##[group]Run npm ci',
    'npm ci',
    'shell: /usr/bin/bash -e {0}',
    '##[endgroup]',
    'added 312 packages in 4s',
    `##[group]Run ${failing}`,
    failing,
    'shell: /usr/bin/bash -e {0}',
    '##[endgroup]',
    '\u001B[36mDeploying\u001B[0m to production…',
    ...output,
    `curl -fsS -H "Authorization: Bearer ${secret}" https://deploy.example/api`,
    '\u001B[31mcurl: (22) The requested URL returned error: 503\u001B[0m',
    '##[error]Process completed with exit code 22.',
    ...CLEANUP,
  ])
}

const job = (id: number, name: string, conclusion: ActionsJob['conclusion'], steps: [string, ActionsStep['conclusion']][], log?: LogBody): ActionsJob => ({
  id,
  name,
  status: conclusion === null ? 'in_progress' : 'completed',
  conclusion,
  runner_name: `GitHub Actions ${id}`,
  steps: steps.map(([stepName, c], i) => ({ name: stepName, number: i + 1, status: c === null ? 'in_progress' : 'completed', conclusion: c })),
  ...(log === undefined ? {} : { log }),
})

export { job as actionsJob }

/** The second origin: where the logs are, recording every request, refusing any with credentials. */
class LogHost {
  readonly requests: { path: string; headers: IncomingMessage['headers'] }[] = []
  /** Requests that carried an Authorization header: a test fails when there is any. */
  readonly withCredentials: string[] = []
  url = ''
  private readonly http = new LoopbackServer((req, res) => void this.handle(req, res))
  private readonly logs: (id: number) => LogBody | undefined
  constructor(logs: (id: number) => LogBody | undefined) {
    this.logs = logs
  }
  async listen(): Promise<void> {
    this.url = await this.http.listen()
  }
  close(): Promise<void> {
    return this.http.close()
  }
  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/'
    this.requests.push({ path, headers: req.headers })
    if (req.headers.authorization !== undefined) {
      this.withCredentials.push(`${path}: ${req.headers.authorization}`)
      res.writeHead(400, { 'content-type': 'text/plain' }).end('credentials sent to the log host')
      return
    }
    const id = Number(/^\/logs\/(\d+)/.exec(path)?.[1])
    const body = this.logs(id)
    if (body === undefined) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('BlobNotFound')
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
    if (typeof body === 'string') return void res.end(body)
    const write = async (text: string): Promise<boolean> => {
      if (res.destroyed) return false
      if (!res.write(text)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done)
            resolve()
          }
          res.on('drain', done).on('close', done)
        })
      }
      return !res.destroyed
    }
    try {
      await body.stream(write)
    } finally {
      if (!res.destroyed) res.end()
    }
  }
}

/** A run of GitHub Actions on the loopback GitHub `gh`. */
export class LoopbackActions {
  readonly runId = 4242
  readonly attempt = 2
  readonly jobs: ActionsJob[] = []
  /** Where the logs route redirects; a test sets a non-http(s) address to see it refused. */
  location: ((id: number) => string) | undefined
  readonly logHost: LogHost
  readonly gh: LoopbackGitHub
  private constructor(gh: LoopbackGitHub) {
    this.gh = gh
    this.logHost = new LogHost((id) => this.jobs.find((j) => j.id === id)?.log)
  }

  /** Starts the log host and adds the Actions routes to `gh`. */
  static async attach(gh: LoopbackGitHub): Promise<LoopbackActions> {
    const actions = new LoopbackActions(gh)
    await actions.logHost.listen()
    gh.actions = (r, res) => actions.route(r, res)
    return actions
  }

  async close(): Promise<void> {
    await this.logHost.close()
  }

  /** The variables the runner sets, and REPORT_CI_LOG=auto. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: `${this.gh.owner}/${this.gh.repo}`,
      GITHUB_RUN_ID: String(this.runId),
      GITHUB_RUN_ATTEMPT: String(this.attempt),
      GITHUB_API_URL: this.gh.url,
      RUNNER_NAME: 'GitHub Actions 1000',
      REPORT_CI_LOG: 'auto',
      ...extra,
    }
  }

  /** The job page GitHub would link. */
  jobUrl(id: number): string {
    return `https://github.com/${this.gh.owner}/${this.gh.repo}/actions/runs/${this.runId}/job/${id}`
  }

  add(j: ActionsJob): ActionsJob {
    this.jobs.push(j)
    return j
  }

  private send(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(data))
  }

  private route(r: Recorded, res: ServerResponse): void {
    const base = `/repos/${this.gh.owner}/${this.gh.repo}/actions`
    const rest = r.path.slice(base.length)
    if (r.method === 'GET' && rest === `/runs/${this.runId}/attempts/${this.attempt}/jobs`) {
      // GitHub: per_page defaults to 30, at most 100; `link` names the next page.
      const perPage = Math.min(100, Number(r.query.get('per_page') ?? 30))
      const page = Number(r.query.get('page') ?? 1)
      const jobs = this.jobs.slice((page - 1) * perPage, page * perPage).map(({ log: _log, ...j }) => ({ ...j, html_url: this.jobUrl(j.id), run_id: this.runId }))
      const last = Math.ceil(this.jobs.length / perPage)
      const link: Record<string, string> = page < last ? { link: `<${this.gh.url}${r.path}?per_page=${perPage}&page=${page + 1}>; rel="next", <${this.gh.url}${r.path}?per_page=${perPage}&page=${last}>; rel="last"` } : {}
      return this.send(res, 200, { total_count: this.jobs.length, jobs }, link)
    }
    const logs = /^\/jobs\/(\d+)\/logs$/.exec(rest)
    if (r.method === 'GET' && logs) {
      const id = Number(logs[1])
      if (!this.jobs.some((j) => j.id === id && j.log !== undefined)) return this.send(res, 404, { message: 'Not Found', status: '404' })
      const location = this.location?.(id) ?? `${this.logHost.url}/logs/${id}?sv=2025-01-05&sig=short-lived`
      res.writeHead(302, { location, 'content-length': '0' }).end()
      return
    }
    this.send(res, 404, { message: 'Not Found', status: '404' })
  }
}
