// The GitHub Action (action.yml → dist/action.js) run as the runner runs it: `node dist/action.js` on
// Node 24 in the workspace, inputs as INPUT_<NAME> with action.yml's defaults filled in, the runner's
// GITHUB_* variables and output files, against the loopback GitHub.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import { ROOT, runCommand, today, type RunResult } from '../helpers/helpers.ts'
import { node24 } from '../helpers/node24.ts'
import { useLoopback } from '../helpers/servers.ts'
import { actionsJob, failedLog, LoopbackActions } from '../helpers/loopback-github-actions.ts'
import { serveGitHubChanges } from '../helpers/loopback-changes.ts'

interface ActionYml {
  inputs: Record<string, { default?: string }>
  outputs: Record<string, unknown>
  runs: { using: string; main: string }
}
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionYml
const SHA = '0123456789abcdef0123456789abcdef01234567'

const servers = useLoopback(test, { github: true, tmpdir: 'action-' })

/** The runner's view of an expression default: the `github` context of this pretend run. */
function evaluate(value: string): string {
  const context: Record<string, string> = { 'github.token': servers.gh.token, 'github.repository': 'acme/shop', 'github.api_url': servers.gh.url }
  return value.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    if (!(name in context)) throw new Error(`action.yml uses \${{ ${name} }}, which this test does not know`)
    return context[name]!
  })
}

/** Runs the action's entry with `inputs` over action.yml's defaults, as the runner does; returns the run and its files. */
async function runAction(inputs: Record<string, string> = {}, extraEnv: Record<string, string> = {}, run?: (actions: LoopbackActions) => void) {
  // The run's jobs, which the action reads by default (ci-log: auto): all passed unless `run` says otherwise.
  const actions = await LoopbackActions.attach(servers.gh)
  // What changed, which the action reads by default (changes: auto): no deployments, no earlier successful run.
  serveGitHubChanges(servers.gh, { commits: [], deployments: [], workflow: { runId: actions.runId, workflowId: 1, branch: 'main', successes: [] } })
  run?.(actions)
  try {
    return await runActionIn(actions, inputs, extraEnv)
  } finally {
    await actions.close()
  }
}

async function runActionIn(actions: LoopbackActions, inputs: Record<string, string>, extraEnv: Record<string, string>) {
  const env: Record<string, string> = {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: String(actions.runId),
    GITHUB_RUN_ATTEMPT: String(actions.attempt),
    RUNNER_NAME: 'GitHub Actions 1000',
    GITHUB_SHA: SHA,
    GITHUB_WORKSPACE: servers.dir,
    GITHUB_OUTPUT: join(servers.dir, 'output.txt'),
    GITHUB_STEP_SUMMARY: join(servers.dir, 'summary.md'),
    REPORT_RETRY_DELAY: '0.01',
    REPORT_WRITE_INTERVAL: '0',
    ...extraEnv,
  }
  for (const file of [env.GITHUB_OUTPUT!, env.GITHUB_STEP_SUMMARY!]) writeFileSync(file, '')
  for (const [name, spec] of Object.entries(action.inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = name in inputs ? inputs[name]! : evaluate(spec.default ?? '')
  }
  const run: RunResult = await runCommand(node24(), [join(ROOT, action.runs.main)], env, { cwd: servers.dir })
  const outputs = Object.fromEntries(
    readFileSync(env.GITHUB_OUTPUT!, 'utf8').split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  )
  return { ...run, outputs, summary: readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8') }
}

const annotations = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('::'))
const TITLE = (env = 'production') => `[DEPLOY FAIL] ${env} — 0123456 — ${today()}`

test('action.yml: a node24 action running dist/action.js, with the inputs and outputs the README documents', () => {
  assert.equal(action.runs, { using: 'node24', main: 'dist/action.js' })
  // The core inputs; every further one stands for a documented variable (test/unit/action/inputs.test.ts).
  for (const name of ['api-url', 'chat-webhook', 'ci-log', 'ci-log-lines', 'dry-run', 'environment', 'mode', 'on-duplicate', 'reason', 'repo', 'token']) assert.ok(name in action.inputs, name)
  assert.equal(Object.keys(action.outputs).sort(), ['changes', 'closed', 'failed', 'issue-number', 'issue-url', 'outcome'])
  assert.is(action.inputs.mode!.default, 'report')
  assert.is(action.inputs.reason!.default, 'Deploy job failed')
  assert.is(action.inputs.environment!.default, 'production')
})

test('examples/github-actions.yml: a report job with if: failure() and a resolve job with if: success(), both after the deploy job, only known inputs', () => {
  type Step = { uses?: string; if?: string; with?: Record<string, string> }
  const workflow = parse(readFileSync(join(ROOT, 'examples/github-actions.yml'), 'utf8')) as { jobs: Record<string, { needs?: string; if?: string; steps: Step[] }> }
  const uses = Object.entries(workflow.jobs).flatMap(([job, j]) => j.steps.filter((s) => s.uses === 'deploy-failure-reporter/deploy-failure-reporter@v0').map((s) => ({ job, ...s, jobIf: j.if, needs: j.needs })))
  assert.is(uses.length, 2)
  const [report, resolve] = uses
  assert.is(report!.jobIf, 'failure()')
  assert.is(report!.with?.mode ?? 'report', 'report')
  assert.is(resolve!.with?.mode, 'resolve')
  assert.is(resolve!.jobIf, 'success()')
  assert.equal([report!.needs, resolve!.needs], ['deploy', 'deploy'])
  assert.ok(workflow.jobs.deploy, 'the deploy job')
  for (const step of uses) for (const name of Object.keys(step.with ?? {})) assert.ok(name in action.inputs, `unknown input ${name}`)
})

test('report with the defaults: files one issue with the run\'s address and commit; outputs and summary written', async () => {
  const r = await runAction({ 'chat-webhook': servers.gh.chatUrl })
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\n`)
  const [issue] = servers.gh.issues
  assert.is(issue!.title, TITLE())
  assert.match(issue!.body ?? '', /\n### Failure Reason\nDeploy job failed\n/)
  assert.ok(issue!.body?.includes('https://github.com/acme/shop/actions/runs/4242'), issue!.body ?? '')
  // changes: auto by default; this repository has no deployments and no earlier successful run.
  const none = { base: null, head: SHA, status: 'none', commits: 0, pulls: [], authors: [], compareUrl: null }
  assert.equal(r.outputs, { outcome: 'created', 'issue-number': '1', 'issue-url': `${servers.gh.url}/acme/shop/issues/1`, failed: '[]', changes: JSON.stringify(none) })
  assert.match(r.summary, /^### Deploy failure reported: issue #1 created\n/)
  assert.is(servers.gh.chat.length, 1)
  assert.is(servers.gh.calls('POST', /\/issues$/)[0]!.headers.authorization, `Bearer ${servers.gh.token}`)
})

// ci-log: off is the command line's default (lib/config/ci-log.ts), so every in-process report run shows
// it; the input reaches REPORT_CI_LOG by the same table as ci-log-lines, which this run proves
// (test/unit/action/inputs.test.ts checks the table).
test('ci-log (auto by default): the failed job and step in the issue and the failed output', async () => {
  const failing = (a: LoopbackActions) => void a.add(actionsJob(102, 'deploy', 'failure', [['Set up job', 'success'], ['Deploy', 'failure']], failedLog('./deploy.sh', 'ghp_' + 'x'.repeat(36))))
  const r = await runAction({ 'ci-log-lines': '3' }, {}, failing)
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stderr, '')
  const url = 'https://github.com/acme/shop/actions/runs/4242/job/102'
  assert.equal(JSON.parse(r.outputs.failed as string), [{ job: 'deploy', step: 'Deploy', url: `${url}#step:2:1` }])
  assert.ok(servers.gh.issues[0]!.body?.includes(`### What failed\n- [deploy](${url}) › [Deploy](${url}#step:2:1)\n\n<details><summary>Last 3 lines of deploy › Deploy`))
})

// The open issue is put in place as the first run would have filed it: filing it is the first report test's.
test('report when this failure is already open: finds the issue (duplicate), files nothing more', async () => {
  const open = servers.gh.addIssue({ title: TITLE('staging') })
  const r = await runAction({ environment: 'staging', reason: 'Smoke test failed' })
  assert.is(r.code, 0, r.stderr)
  // A duplicate files nothing, so what changed is not waited for: null.
  assert.equal(r.outputs, { outcome: 'duplicate', 'issue-number': String(open.number), 'issue-url': open.html_url, failed: '[]', changes: 'null' })
  assert.is(servers.gh.calls('POST', /\/issues$/).length, 0)
  assert.is(servers.gh.issues.length, 1)
  assert.is(servers.gh.issues[0]!.title, TITLE('staging'))
})

test('an issue that could not be filed fails the step (exit 1), with an error annotation and outcome failed', async () => {
  servers.gh.inject('POST', /\/issues$/, { status: 422, body: { message: 'Validation Failed' } })
  const r = await runAction()
  assert.is(r.code, 1)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
  assert.ok(annotations(r.stdout).includes('::error::Failed to create issue'), r.stdout)
  assert.is(r.outputs.outcome, 'failed')
  assert.is(r.outputs['issue-number'], '')
})

test('[WARN] lines become warning annotations, redacted; the issue is still filed', async () => {
  servers.gh.inject('GET', /\/issues$/, { status: 502, body: { message: 'Bad gateway 100% down' } })
  const r = await runAction({ 'chat-webhook': 'hooks.example/T000/B000/secretpart' })
  assert.is(r.code, 0, r.stderr)
  const warnLines = r.stderr.split('\n').filter((l) => l.startsWith('[WARN] '))
  assert.ok(warnLines.length >= 2, r.stderr)
  assert.ok(warnLines.some((l) => l.includes('CHAT_WEBHOOK')), r.stderr)
  const escape = (l: string) => l.slice('[WARN] '.length).replace(/%/g, '%25')
  assert.equal(annotations(r.stdout).filter((a) => a.startsWith('::warning::')), warnLines.map((l) => `::warning::${escape(l)}`))
  assert.not.ok(`${r.stdout}${r.stderr}`.includes('secretpart'))
  assert.is(r.outputs.outcome, 'created')
})

test('REPORT_CHAT_STRICT: a chat notice that failed is one warning annotation, not two', async () => {
  servers.gh.injectChat({ status: 500 })
  const r = await runAction({ 'chat-webhook': `${servers.gh.url}/chat` }, { REPORT_CHAT_STRICT: '1' })
  assert.is(r.code, 0, r.stderr)
  const chatWarnings = annotations(r.stdout).filter((a) => a.includes('Chat notice not delivered'))
  assert.is(chatWarnings.length, 1, r.stdout)
  assert.ok(chatWarnings[0]!.includes('status 500'), chatWarnings[0])
  assert.is(r.outputs.outcome, 'created')
})

test('the token never shows, in lines or annotations, even when a bad input echoes it', async () => {
  const r = await runAction({ repo: servers.gh.token })
  assert.is(r.code, 2)
  assert.not.ok(`${r.stdout}${r.stderr}`.includes(servers.gh.token))
  assert.match(r.stderr, /^\[ERROR\] ISSUE_REPO must have the form owner\/repo .*got "\*\*\*"$/m)
  assert.ok(annotations(r.stdout).some((a) => /^::error::ISSUE_REPO must have the form owner\/repo .*got "\*\*\*"$/.test(a)), r.stdout)
  assert.is(servers.gh.requests.length, 0)
})

test('a bad mode or dry-run input: exit 2, one error annotation each, nothing sent', async () => {
  const r = await runAction({ mode: 'close', 'dry-run': 'yes' })
  assert.is(r.code, 2)
  assert.equal(annotations(r.stdout), ['::error::The input mode must be report or resolve, got "close"', '::error::The input dry-run must be true or false, got "yes"'])
  assert.is(servers.gh.requests.length, 0)
})

// dry-run is the same report path with its flag: the input makes run.dryRun (test/unit/action/inputs.test.ts),
// and a dry run's printout and its empty GITHUB_OUTPUT are report's, in process
// (test/integration/cli/report-dry-run.test.ts).
// The resolve path, once: its other outcome (nothing open: outcome=nothing, closed empty) is resolve's
// choice, in process in test/integration/cli/resolve.test.ts, its output lines in test/unit/run/outputs.test.ts.
test('mode resolve: closes this environment\'s open failure issues; outputs outcome and closed', async () => {
  const mine = servers.gh.addIssue({ title: `[DEPLOY FAIL] production — 0ld0000 — ${today()}` })
  const also = servers.gh.addIssue({ title: `[DEPLOY FAIL] production — 0ld1111 — ${today()}` })
  const other = servers.gh.addIssue({ title: `[DEPLOY FAIL] staging — 0ld0000 — ${today()}` })
  const r = await runAction({ mode: 'resolve' })
  assert.is(r.code, 0, r.stderr)
  assert.equal([mine.state, also.state, other.state], ['closed', 'closed', 'open'])
  assert.equal(r.outputs, { outcome: 'resolved', closed: `${mine.number},${also.number}` })
  assert.is(servers.gh.calls('POST', /\/issues$/).length, 0)
})

test.run()
