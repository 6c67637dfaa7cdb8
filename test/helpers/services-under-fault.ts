// Every service the tools call, as the fault tests drive it (test/e2e/bounds-*.e2e.test.ts; in process,
// test/integration/cli/bounds-*.test.ts): which command reaches it, the request the fault kit (faults.ts)
// spoils, and the documented bound on those requests and on the run's time. A rule's test runs over
// SERVICES (or the ones it applies to), so a new service gets every check by being added here. The bounds
// are the configuration's (docs/security.md): each request at most REPORT_TIMEOUT (1 s here), each read
// tried REPORT_RETRY_ATTEMPTS times (2 here), the CI read REPORT_CI_LOG_TIMEOUT in all (2 s here), the
// chat post REPORT_CHAT_TIMEOUT (1 s here).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Fault } from './faults.ts'
import { FIXED_ENV } from './fixtures.ts'
import { GUARD, runScript } from './helpers.ts'
import { runInProcess } from './in-process.ts'
import { aliveNow, keptAlive } from './kept-alive.ts'
import { actionsJob, failedLog, LoopbackActions } from './loopback-github-actions.ts'
import { githubProject } from './loopback-github-graphql.ts'
import { DEPLOY_TRACE } from './loopback-gitlab-ci.ts'
import { serveGitHubDeployments } from './loopback-deployments.ts'
import type { Loopback, LoopbackChoice } from './servers.ts'

/** The servers every fault test starts: one of each service. */
export const ALL_SERVICES: LoopbackChoice = { github: true, gitlab: true, gitlabCi: true, slack: 'xoxb-fault-kit-0123456789', pagerduty: true, tmpdir: 'bounds-' }

/** The settings of every run: short limits, so a bound is seconds, not minutes. */
export const BOUNDED_ENV = {
  ...FIXED_ENV,
  REPORT_TIMEOUT: '1',
  REPORT_CHAT_TIMEOUT: '1',
  REPORT_RETRY_ATTEMPTS: '2',
  REPORT_RETRY_DELAY: '0.01',
  REPORT_WRITE_INTERVAL: '0.01',
  REPORT_CI_LOG_TIMEOUT: '2',
}

/** One service set up for a run with a fault. */
export interface Staged {
  readonly script: string
  readonly args: readonly string[]
  readonly env: Record<string, string>
  /** The requests that reached the spoiled endpoint. */
  hits(): number
  /** The run's credentials, as a request or an output could carry them. */
  readonly secrets: readonly string[]
  close(): Promise<void>
}

export interface ServiceUnderFault {
  readonly name: string
  /** A paginated listing: a next page already read applies. */
  readonly listing: boolean
  /** The fault that makes its listing name a page already read: a `Link` back to it unless given. */
  readonly cycle?: Fault
  /** Followed (an API read: to another origin without credentials) or refused (a post whose address or body is secret). */
  readonly redirects: 'followed' | 'refused'
  /** The most requests the spoiled endpoint may get in one run, whatever it answers (documented in docs/security.md). */
  readonly maxHits: number
  /** The most seconds the run may take past its start-up, whatever the service does. */
  readonly deadlineSeconds: number
  /** The deadline its calls are under, shorter than REPORT_MAX_WAIT (60 s): a rate-limit wait ends with it. */
  readonly deadline?: string
  /** Whether the run still ends with the issue filed (false: the fault is in what the command is for). */
  readonly filesIssue: boolean
  /** Whether a failed read there is a [WARN] (chat, Slack and the pager stay quiet, as the spec's chat post does). */
  readonly warns: boolean
  /** The size cap of an answer read there (lib/http/fetch.ts): 32 MiB for an API's, 1 MiB for a post's small answer. */
  readonly answerCapMiB: 32 | 1
  /** Sets the stage; the fault answers `times` requests there (default: every one). */
  stage(lb: Loopback, fault: Fault, times?: number): Promise<Staged>
}

const ISSUE_LIST = /^\/repos\/acme\/shop\/issues$/
const noClose = async () => {}
const report = (env: Record<string, string>) => ({ script: 'report.mts', args: ['Deploy job failed'], env: { ...BOUNDED_ENV, ...env } })
// `stats` over October, its history seeded or not; `extra` adds flags.
const stats = (lb: Loopback, ...extra: string[]) => ({ script: 'stats.mts', args: ['--since', '2026-10-01', '--until', '2026-10-31', ...extra], env: { ...BOUNDED_ENV, ...lb.gh.env() } })

// The run's credentials, as they appear in a request.
const ghSecrets = (lb: Loopback) => [lb.gh.token]

export const SERVICES: readonly ServiceUnderFault[] = [
  {
    // The duplicate check and the look after the create: each tried twice, 1 s each.
    name: 'GitHub REST (issue listing)',
    listing: true,
    redirects: 'followed',
    maxHits: 4,
    deadlineSeconds: 4 * 1 + 2,
    filesIssue: true,
    warns: true,
    answerCapMiB: 32,
    async stage(lb, fault, times = 100) {
      lb.gh.inject('GET', ISSUE_LIST, fault, times)
      return { ...report(lb.gh.env()), hits: () => lb.gh.calls('GET', ISSUE_LIST).length, secrets: ghSecrets(lb), close: noClose }
    },
  },
  {
    // The run's 101 jobs, two pages, the second spoiled: within REPORT_CI_LOG_TIMEOUT (2 s) in all, though
    // one request may take REPORT_TIMEOUT (left at 30 s here, so that a page read past the deadline shows).
    name: 'GitHub Actions (jobs listing)',
    listing: true,
    redirects: 'followed',
    maxHits: 1 + 2,
    deadlineSeconds: 2 + 2,
    deadline: 'REPORT_CI_LOG_TIMEOUT',
    filesIssue: true,
    warns: true,
    answerCapMiB: 32,
    async stage(lb, fault, times = 100) {
      const actions = await LoopbackActions.attach(lb.gh)
      for (let id = 1; id <= 100; id++) actions.add(actionsJob(id, `build ${id}`, 'success', [['Build', 'success']]))
      actions.add(actionsJob(102, 'deploy', 'failure', [['Set up job', 'success'], ['Deploy', 'failure']], failedLog('./deploy.sh', 'nothing-secret')))
      const jobs = /\/actions\/runs\/\d+\/attempts\/\d+\/jobs$/
      lb.gh.inject('GET', jobs, fault, times, 1)
      const staged = report(lb.gh.env(actions.env()))
      return { ...staged, env: { ...staged.env, REPORT_TIMEOUT: '30' }, hits: () => lb.gh.calls('GET', jobs).length, secrets: ghSecrets(lb), close: () => actions.close() }
    },
  },
  {
    // REPORT_PROJECT's board read (a POST, sent once): one [WARN], the issue filed.
    name: 'GitHub GraphQL (project board)',
    listing: false,
    redirects: 'followed',
    maxHits: 1,
    deadlineSeconds: 1 + 2,
    filesIssue: true,
    warns: true,
    answerCapMiB: 32,
    async stage(lb, fault, times = 100) {
      githubProject(lb.gh, { ownerType: 'organization', owner: 'acme', number: 7, title: 'Deploys', statusOptions: ['Todo'] })
      lb.gh.inject('POST', /^\/graphql$/, fault, times)
      return { ...report(lb.gh.env({ REPORT_PROJECT: 'https://github.com/orgs/acme/projects/7' })), hits: () => lb.gh.calls('POST', /^\/graphql$/).length, secrets: ghSecrets(lb), close: noClose }
    },
  },
  {
    name: 'GitLab REST (issue listing)',
    listing: true,
    redirects: 'followed',
    maxHits: 4,
    deadlineSeconds: 4 * 1 + 2,
    filesIssue: true,
    warns: true,
    answerCapMiB: 32,
    async stage(lb, fault, times = 100) {
      const list = /^\/projects\/[^/]+\/issues$/
      lb.gl.inject('GET', list, fault, times)
      return { ...report(lb.gl.env()), hits: () => lb.gl.calls('GET', list).length, secrets: [lb.gl.token], close: noClose }
    },
  },
  {
    // The pipeline's failed jobs: within REPORT_CI_LOG_TIMEOUT in all, no retry of its own.
    name: 'GitLab CI (jobs listing)',
    listing: true,
    redirects: 'followed',
    maxHits: 2,
    deadlineSeconds: 2 + 2,
    deadline: 'REPORT_CI_LOG_TIMEOUT',
    filesIssue: true,
    warns: true,
    answerCapMiB: 32,
    async stage(lb, fault, times = 100) {
      lb.glci.addJob({ id: 70, name: 'deploy' }, DEPLOY_TRACE)
      const jobs = /\/pipelines\/\d+\/jobs$/
      lb.glci.inject('GET', jobs, fault, times)
      return { ...report(lb.gh.env({ ...lb.glci.env(), REPORT_CI_LOG: 'auto' })), hits: () => lb.glci.calls(jobs).length, secrets: [...ghSecrets(lb), lb.glci.token], close: noClose }
    },
  },
  {
    name: 'chat webhook',
    listing: false,
    redirects: 'refused',
    maxHits: 1,
    deadlineSeconds: 1 + 2,
    filesIssue: true,
    warns: false,
    answerCapMiB: 1,
    async stage(lb, fault, times = 100) {
      lb.gh.injectChat(fault, times)
      return { ...report(lb.gh.env()), hits: () => lb.gh.chat.length, secrets: ghSecrets(lb), close: noClose }
    },
  },
  {
    name: 'Slack Web API',
    listing: false,
    redirects: 'refused',
    maxHits: 1,
    deadlineSeconds: 1 + 2,
    filesIssue: true,
    warns: false,
    answerCapMiB: 1,
    async stage(lb, fault, times = 100) {
      lb.slack.fault('chat.postMessage', fault, times)
      const { CHAT_WEBHOOK: _, ...env } = lb.gh.env({ SLACK_BOT_TOKEN: lb.slack.token, SLACK_CHANNEL: '#deploys', SLACK_API_URL: lb.slack.url })
      return { ...report(env), hits: () => lb.slack.requests.length, secrets: [...ghSecrets(lb), lb.slack.token], close: noClose }
    },
  },
  {
    // The trigger, retried as a failed send is: twice, 1 s each.
    name: 'PagerDuty Events API',
    listing: false,
    redirects: 'refused',
    maxHits: 2,
    deadlineSeconds: 2 * 1 + 2,
    filesIssue: true,
    warns: false,
    answerCapMiB: 1,
    async stage(lb, fault, times = 100) {
      lb.pd.inject(fault, times)
      return { ...report(lb.gh.env(lb.pd.env())), hits: () => lb.pd.events.length, secrets: [...ghSecrets(lb), lb.pd.routingKey], close: noClose }
    },
  },
  {
    // `stats` reads the whole labelled history, each page tried twice; a failed read shows no figures.
    name: 'GitHub REST (stats history)',
    listing: true,
    redirects: 'followed',
    maxHits: 2,
    deadlineSeconds: 2 * 1 + 2,
    filesIssue: false,
    warns: true,
    answerCapMiB: 32,
    async stage(lb, fault, times = 100) {
      lb.gh.inject('GET', ISSUE_LIST, fault, times)
      return { ...stats(lb), hits: () => lb.gh.calls('GET', ISSUE_LIST).length, secrets: ghSecrets(lb), close: noClose }
    },
  },
  {
    // `stats --env`: the environment's deployments with their statuses, a GraphQL query (a POST, sent once)
    // per page of 100; 150 in the period, so two pages. A failed read shows no figures.
    name: 'GitHub GraphQL (deployments listing)',
    listing: true,
    cycle: { cyclicCursor: true },
    redirects: 'followed',
    maxHits: 2,
    deadlineSeconds: 2 * 1 + 2,
    filesIssue: false,
    warns: true,
    answerCapMiB: 32,
    async stage(lb, fault, times = 100) {
      serveGitHubDeployments(lb.gh, Array.from({ length: 150 }, (_, i) => ({ environment: 'production', createdAt: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T12:00:00Z` })))
      lb.gh.inject('POST', /^\/graphql$/, fault, times)
      return { ...stats(lb, '--env', 'production'), hits: () => lb.gh.calls('POST', /^\/graphql$/).length, secrets: ghSecrets(lb), close: noClose }
    },
  },
]

/** What a run under a fault did: its exit, output, time past start-up and peak memory. */
export interface FaultRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  readonly seconds: number
  readonly peakMiB: number
  readonly hits: number
  /** The run's credentials (Staged.secrets). */
  readonly secrets: readonly string[]
}

const PEAK = `--import=${new URL('peak-rss.mjs', import.meta.url).href}`

/** Runs `service`'s command with `fault` on its endpoint (`times` requests, default all), `env` on top; timed from the spawn. */
export async function runUnderFault(lb: Loopback, service: ServiceUnderFault, fault: Fault, times?: number, env: Record<string, string> = {}): Promise<FaultRun> {
  const staged = await service.stage(lb, fault, times)
  const file = join(lb.dir, `peak-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`)
  try {
    const started = Date.now()
    const r = await runScript(staged.script, staged.args, { ...staged.env, ...env, PEAK_RSS_FILE: file, NODE_OPTIONS: `${GUARD} ${PEAK}` }, { cwd: lb.dir, timeoutMs: 120_000 })
    const seconds = (Date.now() - started) / 1000
    const peaks = readFileSync(file, 'utf8').trim().split('\n').map((line) => Number(line.split(' ')[1]))
    return { ...r, seconds, peakMiB: Math.max(...peaks) / 1024, hits: staged.hits(), secrets: staged.secrets }
  } finally {
    await staged.close()
  }
}

/**
 * What a run in process under a fault did: a FaultRun without the peak memory, which only a process has,
 * and with what the run left keeping the process alive (kept-alive.ts), which a process shows by exiting.
 */
export type FaultRunInProcess = Omit<FaultRun, 'peakMiB'> & { readonly keptAlive: readonly string[] }

/**
 * runUnderFault with the command run in this process (in-process.ts): for the rules whose subject is what
 * the command sends and prints (the requests the spoiled endpoint and another origin get, the lines of
 * its output), how long it takes and what it leaves running, and how many bytes it lets the server write
 * before it leaves; not peak memory, which stays with runUnderFault. `seconds` is the run's own, from
 * its call to its result; `keptAlive` is compared once the result is in, and the servers are still up.
 * `hits` counts this test's own server, started fresh for it, so no earlier run in the process adds to it.
 */
export async function runUnderFaultInProcess(lb: Loopback, service: ServiceUnderFault, fault: Fault, times?: number, env: Record<string, string> = {}): Promise<FaultRunInProcess> {
  const staged = await service.stage(lb, fault, times)
  try {
    const before = aliveNow()
    const started = Date.now()
    const r = await runInProcess(staged.script, staged.args, { ...staged.env, ...env }, { cwd: lb.dir, timeoutMs: 120_000 })
    const seconds = (Date.now() - started) / 1000
    return { ...r, seconds, hits: staged.hits(), secrets: staged.secrets, keptAlive: await keptAlive(before) }
  } finally {
    await staged.close()
  }
}
