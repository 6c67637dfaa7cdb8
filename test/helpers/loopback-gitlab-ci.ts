// A real HTTP server on 127.0.0.1 that answers like GitLab's REST API v4 for a pipeline's jobs and a job's
// trace (https://docs.gitlab.com/api/jobs/), and like object storage for traces GitLab redirects to. It
// records every request, serves traces the way a runner writes them (section markers, ANSI colours, `\r`
// progress redraws), generates huge or endless ones as they are read (never held in memory), and takes
// the loopback GitLab's faults. Start one for the API and a second one as the storage origin.
import { once } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LoopbackServer } from './loopback-server.ts'
import { FaultKit, serveFault, type Fault, type Recorded } from './faults.ts'

/** A job as GitLab lists it (the fields the reader reads, and a few it must ignore). */
export interface CiJobRecord {
  id: number
  name: string
  stage: string
  status: 'failed' | 'success' | 'running' | 'canceled' | 'skipped'
  failure_reason?: string
  allow_failure: boolean
  /** A try that was retried: GitLab lists it only with `include_retried=true`. */
  retried?: boolean
}

/** How a trace is served. */
export type TraceSource =
  | string
  /** Generated as it is read: `bytes` of realistic output, then {@link GENERATED_LAST_LINES} in step_script. */
  | { generate: number }
  /** One line every `everyMs`, never ending. */
  | { endless: true; everyMs: number }
  /** A redirect (302) to this address. */
  | { location: string }
  /** This text, then the connection dropped before the end the answer announced. */
  | { cut: string }

/** The last lines of step_script in a generated trace, as a terminal shows them. */
export const GENERATED_LAST_LINES = ['$ ./deploy.sh --env production', 'Uploading release 100%', 'Error: deploy target refused the release (HTTP 503)']

const E = '\x1b'
/** A section boundary as gitlab-runner writes it: the previous section's end and the next one's start, on one line. */
export const sectionSwitch = (from: string | undefined, to: string, header: string, at = 1732600000): string =>
  `${from ? `${E}[0Ksection_end:${at}:${from}\r${E}[0K` : ''}${E}[0Ksection_start:${at}:${to}\r${E}[0K${E}[0K${E}[36;1m${header}${E}[0;m${E}[0;m\n`

/**
 * A failed job's trace as gitlab-runner writes it: the runner's preparation sections, `step_script` with
 * `script` lines (coloured, with `\r` redraws as they come), `after_script`, and the final error line.
 */
export function runnerTrace(script: readonly string[]): string {
  return [
    `${E}[0KRunning with gitlab-runner 17.5.0 (66a5ed4b)${E}[0;m\n`,
    `${E}[0K  on shared-runner-3 xB7pQ2, system ID: s_0123456789ab${E}[0;m\n`,
    sectionSwitch(undefined, 'prepare_executor', 'Preparing the "docker" executor'),
    `${E}[0KUsing Docker executor with image node:24-slim ...${E}[0;m\n`,
    sectionSwitch('prepare_executor', 'get_sources', 'Getting source from Git repository'),
    `${E}[32;1mFetching changes with git depth set to 20...${E}[0;m\n`,
    sectionSwitch('get_sources', 'step_script', 'Executing "step_script" stage of the job script'),
    ...script.map((line) => `${line}\n`),
    sectionSwitch('step_script', 'after_script', 'Running after_script'),
    `${E}[32;1mRunning after script...${E}[0;m\n`,
    sectionSwitch('after_script', 'cleanup_file_variables', 'Cleaning up project directory and file based variables'),
    `${E}[0Ksection_end:1732600009:cleanup_file_variables\r${E}[0K${E}[31;1mERROR: Job failed: exit code 1\n${E}[0;m\n`,
  ].join('')
}

/** A token a careless script printed, planted in the traces: the reader passes it on, the core scrubs it. */
export const PLANTED_TOKEN = 'glpat-PlantedInTheTrace0123456789'

/** The trace {@link runnerTrace} gives for a failed deploy, with colour, a progress bar and a planted token. */
export const DEPLOY_TRACE = runnerTrace([
  `${E}[32;1m$ ./deploy.sh --env production${E}[0;m`,
  `export DEPLOY_TOKEN=${PLANTED_TOKEN}`,
  'Uploading release 10%\rUploading release 55%\rUploading release 100%',
  `${E}[31;1mError: deploy target refused the release (HTTP 503)${E}[0m`,
])

export interface LoopbackGitLabCiOptions {
  token?: string
  projectId?: number
  path?: string
  pipelineId?: number
}

const API = '/api/v4'

/** A loopback GitLab CI API and object store: start with {@link startLoopbackGitLabCi}, always `close()` it. */
export class LoopbackGitLabCi {
  readonly requests: Recorded[] = []
  readonly jobs: CiJobRecord[] = []
  /** Traces by job id. */
  readonly traces = new Map<number, TraceSource>()
  /** What `/storage/<name>` serves, as object storage would: no credentials asked for, none wanted. */
  readonly stored = new Map<string, TraceSource>()
  /** Requests that carried a credential of any kind to `/storage/`: a test fails on any. */
  readonly credentialsSeenByStorage: Recorded[] = []
  /** Trace answers whose client went away before the end. */
  abandoned = 0
  token: string
  projectId: number
  path: string
  pipelineId: number
  url = ''
  private readonly faults = new FaultKit({ stall: { contentType: 'application/json', chunk: '[{"id":' }, injectedBody: (status) => ({ message: `${status} Injected failure` }), committedBody: () => ({}) })
  private readonly http = new LoopbackServer((req, res) => void this.handle(req, res))

  constructor(options: LoopbackGitLabCiOptions = {}) {
    this.token = options.token ?? 'glpat-ci-reader-0123456789abcdef'
    this.projectId = options.projectId ?? 4242
    this.path = options.path ?? 'acme/platform/shop'
    this.pipelineId = options.pipelineId ?? 777
  }

  /** `CI_API_V4_URL` for this server. */
  get apiUrl(): string {
    return `${this.url}${API}`
  }

  async listen(): Promise<this> {
    this.url = await this.http.listen()
    return this
  }

  close(): Promise<void> {
    return this.http.close()
  }

  /**
   * What GitLab CI sets in the job the reporter runs in (id `jobId`, by default a job of a later stage),
   * pointing at this server, with CI_LOG_TOKEN as the token for the logs.
   */
  env(jobId = 9001, extra: Record<string, string> = {}): Record<string, string> {
    return {
      GITLAB_CI: 'true',
      CI_API_V4_URL: this.apiUrl,
      CI_PROJECT_ID: String(this.projectId),
      CI_PROJECT_PATH: this.path,
      CI_PROJECT_URL: `${this.url}/${this.path}`,
      CI_PIPELINE_ID: String(this.pipelineId),
      CI_JOB_ID: String(jobId),
      CI_JOB_NAME: 'deploy-failure-report',
      CI_JOB_STAGE: '.post',
      CI_JOB_URL: `${this.url}/${this.path}/-/jobs/${jobId}`,
      CI_JOB_STATUS: 'running',
      CI_LOG_TOKEN: this.token,
      ...extra,
    }
  }

  /** Adds a job to the pipeline; its page is `<url>/<path>/-/jobs/<id>`. */
  addJob(job: Partial<CiJobRecord> & Pick<CiJobRecord, 'id' | 'name'>, trace?: TraceSource): CiJobRecord {
    const record: CiJobRecord = { stage: 'deploy', status: 'failed', failure_reason: 'script_failure', allow_failure: false, ...job }
    this.jobs.push(record)
    if (trace !== undefined) this.traces.set(record.id, trace)
    return record
  }

  /** Answers the next `times` requests matching `method` and `path` (after `/api/v4`) with `fault`, after `skip` answered normally. */
  inject(method: string, path: RegExp, fault: Fault, times = 1, skip = 0): void {
    this.faults.inject(method, path, fault, times, skip)
  }

  calls(path?: RegExp): Recorded[] {
    return this.requests.filter((r) => !path || path.test(r.path))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for await (const _ of req); // GETs only; drained so the connection can be reused
    const url = new URL(req.url ?? '/', this.url)
    const path = url.pathname.startsWith(API) ? url.pathname.slice(API.length) : url.pathname
    const recorded: Recorded = { method: req.method ?? 'GET', path, query: url.searchParams, headers: req.headers, body: '', json: undefined }
    this.requests.push(recorded)
    if (path.startsWith('/storage/')) return this.storage(recorded, res)
    const fault = this.faults.take(recorded)
    if (fault) return this.fail(req, res, fault, recorded)
    return this.answer(req, res, recorded)
  }

  private async answer(req: IncomingMessage, res: ServerResponse, recorded: Recorded): Promise<void> {
    const url = new URL(req.url ?? '/', this.url)
    const path = recorded.path
    if (!url.pathname.startsWith(`${API}/`)) return this.json(res, 404, { message: '404 Not Found' })
    if (recorded.headers.authorization !== `Bearer ${this.token}` && recorded.headers['private-token'] !== this.token) return this.json(res, 401, { message: '401 Unauthorized' })
    const project = /^\/projects\/([^/]+)(\/.*)$/.exec(path)
    if (!project || (project[1] !== String(this.projectId) && decodeURIComponent(project[1]!) !== this.path)) return this.json(res, 404, { message: '404 Project Not Found' })
    const rest = project[2]!
    const jobs = new RegExp(`^/pipelines/(\\d+)/jobs$`).exec(rest)
    if (jobs) return Number(jobs[1]) === this.pipelineId ? this.listJobs(recorded, res) : this.json(res, 404, { message: '404 Not found' })
    const trace = /^\/jobs\/(\d+)\/trace$/.exec(rest)
    const source = trace ? this.traces.get(Number(trace[1])) : undefined
    if (source === undefined) return this.json(res, 404, { message: '404 Not found' })
    return this.serve(res, source)
  }

  private storage(r: Recorded, res: ServerResponse): Promise<void> | void {
    const seen = Object.entries(r.headers).some(([name, value]) => /authorization|private-token|job-token|cookie/i.test(name) || String(value).includes('glpat-'))
    if (seen) {
      this.credentialsSeenByStorage.push(r)
      return this.json(res, 400, { message: 'object storage takes no credentials' })
    }
    const source = this.stored.get(r.path.slice('/storage/'.length))
    if (source === undefined || r.query.get('X-Amz-Signature') === null) return this.json(res, 403, { message: 'AccessDenied' })
    return this.serve(res, source)
  }

  private listJobs(r: Recorded, res: ServerResponse): void {
    const scopes = r.query.getAll('scope[]')
    const retried = r.query.get('include_retried') === 'true'
    const matching = this.jobs
      .filter((job) => (scopes.length === 0 || scopes.includes(job.status)) && (retried || !job.retried))
      .sort((a, b) => b.id - a.id)
      .map((job) => ({
        ...job,
        ref: 'main',
        created_at: '2026-11-26T07:00:00.000Z',
        web_url: `${this.url}/${this.path}/-/jobs/${job.id}`,
        pipeline: { id: this.pipelineId, project_id: this.projectId, status: 'failed' },
        user: { id: 8, username: 'alice' },
        runner: { id: 3, description: 'shared-runner-3' },
      }))
    // GitLab's offset pagination (https://docs.gitlab.com/api/rest/#pagination); 20 per page by default.
    const perPage = Math.min(Math.max(Number(r.query.get('per_page') ?? 20) || 20, 1), 100)
    const page = Math.max(Number(r.query.get('page') ?? 1) || 1, 1)
    const last = Math.max(Math.ceil(matching.length / perPage), 1)
    const link = (p: number, rel: string) => {
      const q = new URLSearchParams(r.query)
      q.set('page', String(p))
      return `<${this.apiUrl}${r.path}?${q}>; rel="${rel}"`
    }
    this.json(res, 200, matching.slice((page - 1) * perPage, page * perPage), {
      link: [...(page < last ? [link(page + 1, 'next')] : []), link(1, 'first'), link(last, 'last')].join(', '),
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': page < last ? String(page + 1) : '',
      'x-total': String(matching.length),
      'x-total-pages': String(last),
    })
  }

  private async serve(res: ServerResponse, source: TraceSource): Promise<void> {
    if (typeof source === 'object' && 'location' in source) {
      res.writeHead(302, { location: source.location })
      return void res.end()
    }
    if (typeof source === 'object' && 'cut' in source) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(source.cut) + 1000) })
      res.write(source.cut)
      return void setTimeout(() => res.destroy(), 20)
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
    res.on('close', () => {
      if (!res.writableFinished) this.abandoned++
    })
    if (typeof source === 'string') {
      // In uneven pieces, so markers and lines arrive cut.
      for (let at = 0; at < source.length; at += 37) if (!res.write(source.slice(at, at + 37))) await once(res, 'drain')
      return void res.end()
    }
    if ('endless' in source) {
      for (let n = 1; !res.destroyed; n++) {
        res.write(`Waiting for the deploy target... attempt ${n}\n`)
        await new Promise((resolve) => setTimeout(resolve, source.everyMs))
      }
      return
    }
    await generate(res, source.generate)
  }

  // The shared kit's answer (faults.ts), with this API's error shape.
  private async fail(req: IncomingMessage, res: ServerResponse, fault: Fault, recorded: Recorded): Promise<void> {
    if ('commitThen' in fault) throw new Error('the loopback GitLab CI API takes no write faults')
    const dialect = { stall: { contentType: 'application/json', chunk: '[{"id":' }, injectedBody: (status: number) => ({ message: `${status} Injected failure` }) }
    return serveFault(req, res, fault, { dialect, send: (out, status, data, headers) => this.json(out, status, data, headers), route: (out) => this.answer(req, out, recorded), recorded })
  }

  private json(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return
    res.writeHead(status, { 'content-type': typeof data === 'string' ? 'text/plain' : 'application/json', ...headers })
    res.end(typeof data === 'string' ? data : JSON.stringify(data))
  }
}

// About `bytes` of a long job's output (a noisy build with colours, progress redraws and its own nested
// sections) written as the client reads it, then the deploy's failure at the end of step_script. Each
// piece is made afresh, so the server holds one piece at a time.
async function generate(res: ServerResponse, bytes: number): Promise<void> {
  const write = async (data: string | Buffer) => {
    if (res.write(data)) return
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done).off('close', done)
        resolve()
      }
      res.on('drain', done).on('close', done)
    })
  }
  await write(sectionSwitch(undefined, 'step_script', 'Executing "step_script" stage of the job script'))
  let sent = 0
  for (let n = 0; sent < bytes && !res.destroyed; n++) {
    const part = String(n)
    const open = n % 50 === 0 ? `${E}[0Ksection_start:1732600100:build_part_${n}[collapsed=true]\r${E}[0K${E}[36;1mBuilding part ${n}${E}[0;m\n` : ''
    const close = n % 50 === 49 ? `${E}[0Ksection_end:1732600101:build_part_${n - 49}\r${E}[0K\n` : ''
    // The text is ASCII, so latin1 is its bytes: one pass, where a string written as UTF-8 took two.
    const piece = Buffer.from(`${open}${PIECE_AROUND_N.join(part)}${close}`, 'latin1')
    sent += piece.length
    await write(piece)
  }
  await write(`${E}[32;1m$ ./deploy.sh --env production${E}[0;m\nUploading release 10%\rUploading release 100%\n${E}[31;1mError: deploy target refused the release (HTTP 503)${E}[0m\n`)
  await write(sectionSwitch('step_script', 'after_script', 'Running after_script'))
  await write(`${E}[0Ksection_end:1732600200:after_script\r${E}[0K${E}[31;1mERROR: Job failed: exit code 1\n${E}[0;m\n`)
  res.end()
}

// A piece's 200 lines, `[build <n>.<i>]` compiling module_<n>_<i>.ts and then redrawn as done, cut
// where the piece's number <n> goes: joined with it, they are the piece. Made line by line for each
// piece, a 200 MB trace cost the server ~1.5 s of CPU, more than the reader under test spends on it.
const PIECE_AROUND_N = [`${E}[32m[build `]
for (let i = 0; i < 200; i++) {
  PIECE_AROUND_N.push(`.${i}]${E}[0m compiling module_`, `_${i}.ts ... ok\r${E}[2K[build `, `.${i}] done\n${i < 199 ? `${E}[32m[build ` : ''}`)
}
/** Starts a loopback GitLab CI API on 127.0.0.1 and a free port. */
export function startLoopbackGitLabCi(options?: LoopbackGitLabCiOptions): Promise<LoopbackGitLabCi> {
  return new LoopbackGitLabCi(options).listen()
}
