// `deploy-failure-reporter demo` (and `npm run demo` in a checkout): the reporter's real commands, run in
// this process against the demo's GitHub on 127.0.0.1 (./github.ts), so it needs no account, no token and
// no network. By default it plays a GitHub Actions run as the Action meets it: a deploy job that failed
// with its log, the report job that runs the Action (its What failed and What changed sections and all:
// the stand-in records the deployments, and compares the commits since the last good one), the same failure again
// (the duplicate), then the resolve step after a good deploy; it prints what each step printed, the issue
// it filed and the chat notices it sent. `plain` keeps the original minimal run: a report outside any CI,
// twice. It runs the commands through the run layer, as the Action does (lib/action/main.ts).
import type { Io, Writer } from '../run/io.ts'
import { reportCommand } from '../run/report-command.ts'
import { resolveCommand } from '../run/resolve-command.ts'
import { DemoGitHub, type DemoJob } from './github.ts'
import { demoHistory } from './history.ts'

interface Step {
  /** What happens in the story, printed before the command's own lines. */
  readonly note: string
  readonly command: 'report' | 'resolve'
  /** The reason given to report, as the Action's `reason` input. */
  readonly reason?: string
  readonly env: Record<string, string>
}

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY']
const FAILED_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const FIXED_SHA = 'e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d'
const MESSAGE = 'Backfill order totals in one migration'

// The runner's timestamps, as GitHub writes them at the start of every log line.
const stamped = (lines: readonly string[]) => lines.map((line, i) => `2026-11-26T08:0${Math.floor(i / 10)}:${String((i % 10) * 6).padStart(2, '0')}.0000000Z ${line}`).join('\n') + '\n'

const DEPLOY_LOG = stamped([
  "Current runner version: '2.321.0'",
  '##[group]Run actions/checkout@v4',
  'Syncing repository: acme/shop',
  '##[endgroup]',
  '##[group]Run ./deploy.sh production',
  './deploy.sh production',
  'shell: /usr/bin/bash -e {0}',
  '##[endgroup]',
  'Building image registry.example/acme/shop:a1b2c3d',
  'Pushing image registry.example/acme/shop:a1b2c3d … done',
  'Running database migrations',
  '  20261125_add_orders_index … ok',
  '  20261126_backfill_order_totals … FAILED',
  'ERROR: relation "order_totals" does not exist (SQLSTATE 42P01)',
  'Rolled back 20261126_backfill_order_totals; production still runs the previous release',
  '##[error]Process completed with exit code 1.',
  'Post job cleanup.',
  'Cleaning up orphan processes',
])

const done = (name: string, number: number, conclusion: 'success' | 'failure' | 'skipped' = 'success') => ({ name, number, status: 'completed' as const, conclusion })

// The workflow of examples/github-actions.yml, as its run looks while the report job runs: build passed,
// deploy failed (its log is served), and the report job (this runner) is in progress.
const JOBS: DemoJob[] = [
  { id: 101, name: 'build', status: 'completed', conclusion: 'success', runner_name: 'GitHub Actions 1', steps: [done('Set up job', 1), done('Run npm ci', 2), done('Run npm test', 3)] },
  {
    id: 102,
    name: 'deploy',
    status: 'completed',
    conclusion: 'failure',
    runner_name: 'GitHub Actions 2',
    steps: [done('Set up job', 1), done('Run actions/checkout@v4', 2), done('Run ./deploy.sh production', 3, 'failure'), done('Complete job', 4)],
    log: DEPLOY_LOG,
  },
  {
    id: 103,
    name: 'report',
    status: 'in_progress',
    conclusion: null,
    runner_name: 'GitHub Actions 3',
    steps: [done('Set up job', 1), { name: 'Run deploy-failure-reporter/deploy-failure-reporter@v0', number: 2, status: 'in_progress', conclusion: null }],
  },
]

function actionSteps(gh: DemoGitHub): Step[] {
  // What the runner sets for every step (the Action maps its inputs onto the same variables:
  // environment → DEPLOY_ENV, ci-log → REPORT_CI_LOG and changes → REPORT_CHANGES, both auto by default).
  const runner = {
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: gh.repository,
    // The run's pages are github.com's, as for a real run; its API is the stand-in.
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: gh.url,
    GITHUB_RUN_ID: String(gh.runId),
    GITHUB_RUN_ATTEMPT: '1',
    RUNNER_NAME: 'GitHub Actions 3',
    DEPLOY_ENV: 'production',
    REPORT_CI_LOG: 'auto',
    REPORT_CHANGES: 'auto',
  }
  return [
    { note: 'The deploy job fails; the report job (if: failure()) runs the Action, which runs report', command: 'report', reason: 'Deploy job failed', env: { ...runner, GITHUB_SHA: FAILED_SHA, CI_COMMIT_MESSAGE: MESSAGE } },
    { note: 'The same failure again (the run re-tried): one issue holds it', command: 'report', reason: 'Deploy job failed', env: { ...runner, GITHUB_SHA: FAILED_SHA, CI_COMMIT_MESSAGE: MESSAGE } },
    { note: 'A fix is deployed; the resolve job (if: success()) runs the Action with mode: resolve', command: 'resolve', env: { ...runner, GITHUB_RUN_ID: String(gh.runId + 1), REPORT_CI_LOG: 'off', GITHUB_SHA: FIXED_SHA, CI_COMMIT_MESSAGE: 'Create order_totals before the backfill' } },
  ]
}

function plainSteps(): Step[] {
  const env = { DEPLOY_ENV: 'staging', CI_COMMIT_SHA: 'a1b2c3d', CI_COMMIT_MESSAGE: 'Bump the widget', CI_PIPELINE_URL: 'https://ci.example.com/acme/shop/-/pipelines/4242' }
  return [
    { note: 'A deploy fails outside any CI the reporter reads: report, with the minimal issue', command: 'report', reason: 'Deploy job failed', env },
    { note: 'The same failure again: one issue holds it', command: 'report', reason: 'Deploy job failed', env },
  ]
}

/** Runs the demo, writing its story to `out`; resolves to 0 when every step ended as the story says, 1 otherwise. */
export async function runDemo(out: Writer, { plain = false } = {}): Promise<number> {
  const say = (text: string) => void out.write(text)
  // The HTTP layer takes its proxy from the process, as curl does (lib/http/proxy.ts); no proxy can reach
  // this machine's 127.0.0.1, so the demo's own process goes direct while it runs.
  const proxies = Object.fromEntries(PROXY_VARIABLES.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]))
  for (const name of PROXY_VARIABLES) delete process.env[name]
  const gh = await new DemoGitHub().listen()
  try {
    if (!plain) {
      gh.jobs.push(...JOBS)
      gh.history = demoHistory(FAILED_SHA, MESSAGE)
    }
    // Only what the story sets: nothing of the caller's environment (a real token, a proxy, a .env) is read.
    const base = {
      ISSUE_TOKEN: gh.token,
      ISSUE_REPO: gh.repository,
      ISSUE_API_URL: gh.url,
      CHAT_WEBHOOK: `${gh.url}/chat`,
      REPORT_DOTENV: 'off',
      // The demo's GitHub has no secondary limits to respect: no pause between writes.
      REPORT_WRITE_INTERVAL: '0',
    }
    say(`A stand-in for GitHub is listening on ${gh.url} (127.0.0.1 only): no account, no token, no network.\n`)
    let failures = 0
    const notices: { step: number; text: string }[] = []
    const steps = plain ? plainSteps() : actionSteps(gh)
    for (const [i, step] of steps.entries()) {
      say(`\n${i + 1}. ${step.note}\n$ deploy-failure-reporter ${step.command}${step.reason ? ` "${step.reason}"` : ''}\n`)
      const posted = gh.chat.length
      const io: Io = { env: { ...base, ...step.env }, stdout: out, stderr: out }
      const code = step.command === 'report' ? await reportCommand({ reason: step.reason }, io) : await resolveCommand({}, io)
      if (code !== 0) {
        failures++
        say(`(exit ${code})\n`)
      }
      for (const body of gh.chat.slice(posted)) notices.push({ step: i + 1, text: (body as { text?: string }).text ?? JSON.stringify(body) })
    }
    for (const issue of gh.issues) {
      const state = issue.state === 'closed' ? `closed (${issue.state_reason})` : 'open'
      say(`\n--- The issue it filed: #${issue.number}, labelled ${issue.labels.map((l) => l.name).join(', ')}; now ${state}\n\n`)
      say(`# ${issue.title}\n\n${issue.body}\n`)
      for (const comment of gh.comments.filter((c) => c.issue_number === issue.number)) say(`\n--- A comment on #${issue.number}\n\n${comment.body}\n`)
    }
    for (const notice of notices) say(`\n--- The chat notice of step ${notice.step}\n\n${notice.text}\n`)
    say(`\nThe same commands run in CI against github.com: README.md shows the one step to add.\n`)
    return failures === 0 && gh.issues.length === 1 ? 0 : 1
  } finally {
    await gh.close()
    Object.assign(process.env, proxies)
  }
}
