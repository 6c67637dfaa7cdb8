// The samples of the longer stories: an actionable issue's life (docs/actionable.md: a log excerpt, a
// rolling issue, its occurrence comments, a recovery and a reopen), the GitHub Action's step (docs/ci.md:
// its lines, GITHUB_OUTPUT and run summary, a refused create), the GitLab component's two jobs, and the
// after_script (docs/ci.md, docs/commands.md), which runs as its own process, from an app's folder.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { actionRun } from '../../lib/action/inputs.ts'
import { annotating } from '../../lib/run/annotations.ts'
import { redacting } from '../../lib/run/io.ts'
import { reportCommand } from '../../lib/run/report-command.ts'
import { serveGitHubChanges } from '../../test/helpers/loopback-changes.ts'
import type { LoopbackGitHub } from '../../test/helpers/loopback-github.ts'
import { command, fence, ROOT, shell, terminal, withGitHub } from './run.ts'

async function inFolder<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'docs-examples-'))
  try {
    return await use(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// The deploy's log, as `./deploy.sh 2>&1 | tee deploy.log` wrote it: colour codes, and a token in a curl line.
const DEPLOY_LOG = [
  '$ ./deploy.sh staging',
  '\u001B[32m✔\u001B[0m build image registry.example/shop:4f2c9e1',
  'curl -H "Authorization: Bearer ghp_16C7e42F292c6912E7710c838347Ae178B4a" https://deploy.example/api/releases',
  '\u001B[31mError:\u001B[0m migration 0042_add_index failed: lock timeout',
  'exit status 1',
  '',
].join('\n')

// docs/actionable.md, on one repository: two failures of staging (a rolling issue, the second a comment),
// a good deploy closes it, then a failure within REPORT_REOPEN_WINDOW, previewed, then reopening it.
const actionableRun = () =>
  inFolder((dir) =>
    withGitHub(async (gh) => {
      writeFileSync(join(dir, 'deploy.log'), DEPLOY_LOG)
      const log = join(dir, 'deploy.log')
      const env = (sha: string, pipeline: number, extra: Record<string, string> = {}) =>
        gh.env({
          DEPLOY_ENV: 'staging',
          CI_COMMIT_SHA: sha,
          CI_COMMIT_MESSAGE: 'Add index on orders.created_at',
          CI_PIPELINE_URL: `https://gitlab.example/acme/shop/-/pipelines/${pipeline}`,
          CI_JOB_URL: 'https://gitlab.example/acme/shop/-/jobs/812',
          REPORT_GROUP: 'environment',
          ON_DUPLICATE: 'comment',
          CHAT_WEBHOOK: '',
          REPORT_DOTENV: 'off',
          REPORT_WRITE_INTERVAL: '0',
          ...extra,
        })
      const shown = (text: string) => text.replaceAll(`${dir}/`, '')
      const failures =
        (await command(`report --log deploy.log "Deploy job failed"     # DEPLOY_ENV=staging, commit 4f2c9e1`, ['report', '--log', log, 'Deploy job failed'], env('4f2c9e1', 401))) +
        (await command(`report --log deploy.log "Deploy job failed"     # commit 9b7d310`, ['report', '--log', log, 'Deploy job failed'], env('9b7d310', 402)))
      const issue = gh.issues[0]!.body ?? ''
      const comment = gh.comments[0]!.body ?? ''
      const resolve = await command('resolve     # commit c0ffee1 deployed', ['resolve'], env('c0ffee1', 403))
      const reopen = { REPORT_REOPEN_WINDOW: '6' }
      const preview = await command('report --dry-run "Deploy job failed"     # commit d15ea5e, REPORT_REOPEN_WINDOW=6', ['report', '--dry-run', 'Deploy job failed'], env('d15ea5e', 404, reopen))
      const reopened = await command('report --json "Deploy job failed"     # commit d15ea5e, REPORT_REOPEN_WINDOW=6', ['report', '--json', 'Deploy job failed'], env('d15ea5e', 404, reopen))
      const regression = gh.comments.at(-1)!.body ?? ''
      return { failures: shown(failures), issue: shown(issue), comment: shown(comment), preview: shown(preview), reopen: shown(resolve + reopened), regression: shown(regression) }
    }),
  )

// The Action's step, as lib/action/main.ts runs it: the inputs mapped to variables, the run layer, and
// [WARN]/[ERROR] lines mirrored as workflow commands; then what it wrote to GITHUB_OUTPUT and the summary.
const actionStep = (gh: LoopbackGitHub) =>
  inFolder(async (dir) => {
    const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') }
    for (const file of Object.values(files)) writeFileSync(file, '')
    const env: Record<string, string> = {
      ...files,
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
      CI_COMMIT_MESSAGE: 'Bump the widget',
      REPORT_DOTENV: 'off',
      REPORT_WRITE_INTERVAL: '0',
      // The step's inputs (action.yml); ci-log and changes are off: this run has no jobs or deployments to read.
      INPUT_TOKEN: gh.token,
      INPUT_REPO: 'acme/shop',
      'INPUT_API-URL': gh.url,
      INPUT_ENVIRONMENT: 'production',
      INPUT_REASON: 'Deploy job failed',
      'INPUT_CI-LOG': 'off',
      INPUT_CHANGES: 'off',
    }
    const run = actionRun(env)
    const out = terminal()
    const stdout = redacting(out.writer)
    await reportCommand({ reason: run.reason, dryRun: run.dryRun }, { env: { ...env, ...run.env }, stdout, stderr: annotating(redacting(out.writer), stdout, run.secrets), annotated: true })
    const summary = readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8')
    return `${out.text()}--- GITHUB_OUTPUT\n${readFileSync(files.GITHUB_OUTPUT, 'utf8')}${summary ? `--- run summary\n${summary}` : ''}`
  })

// The GitLab component's jobs (templates/deploy-failure.yml): its variables with the default inputs, and
// the ones GitLab sets; a failed pipeline, the same again, then a passing one.
const componentJobs = () =>
  withGitHub(async (gh) => {
    serveGitHubChanges(gh, { commits: [], deployments: [] })
    const env = (job: string, sha: string) =>
      gh.env({
        GITLAB_CI: 'true',
        CI_JOB_NAME: job,
        CI_COMMIT_SHA: sha,
        CI_COMMIT_MESSAGE: 'Deploy the widget',
        CI_PIPELINE_URL: 'https://gitlab.example.com/acme/shop/-/pipelines/4242',
        CI_PROJECT_URL: 'https://gitlab.example.com/acme/shop',
        DEPLOY_ENV: 'production',
        ON_DUPLICATE: 'skip',
        REPORT_CI_LOG: 'auto',
        REPORT_LOG_LINES: '20',
        REPORT_CHANGES: 'auto',
        CHAT_WEBHOOK: '',
        REPORT_DOTENV: 'off',
        REPORT_WRITE_INTERVAL: '0',
      })
    const report = (note: string) => command(`report "$DEPLOY_FAILURE_REASON"     # ${note}`, ['report', 'Deploy job failed'], env('deploy-failure-report', 'a1b2c3d'))
    return (
      (await report('deploy-failure-report: the deploy job failed')) +
      (await report('deploy-failure-report: the same pipeline again')) +
      (await command('resolve     # deploy-failure-resolve: a passing pipeline', ['resolve'], env('deploy-failure-resolve', 'e4f5a6b')))
    )
  })

// The after_script, sourced in a GitLab job from the app's checkout, with the reporter vendored in
// tools/deploy-failure-reporter (here a link to this checkout): each run its own bash and reporter process
// (about 2 s each, in a row: a failed pipeline, then a passing one; the duplicate is shown elsewhere).
const afterScriptRuns = () =>
  inFolder((dir) =>
    withGitHub(async (gh) => {
      mkdirSync(join(dir, 'app/tools'), { recursive: true })
      symlinkSync(ROOT, join(dir, 'app/tools/deploy-failure-reporter'))
      const source = `bash -c 'set -euo pipefail; source tools/deploy-failure-reporter/scripts/after-script.sh; echo "after_script status $?"'`
      const base = gh.env({ DEPLOY_ENV: 'production', CI_COMMIT_SHA: 'a1b2c3d', CI_COMMIT_MESSAGE: 'Deploy the widget', CI_PIPELINE_URL: 'https://gitlab.example.com/acme/shop/-/pipelines/4242', CHAT_WEBHOOK: '', REPORT_DOTENV: 'off', REPORT_WRITE_INTERVAL: '0', REPORT_RETRY_DELAY: '0.01' })
      const run = (extra: Record<string, string>, note = '') => {
        const shown = `${Object.entries(extra).map(([k, v]) => `${k}=${v}`).join(' ')} ${source}${note ? `     # ${note}` : ''}`
        return shell(shown, source, { cwd: join(dir, 'app'), env: { ...base, ...extra } })
      }
      // A token the tracker refuses changes nothing there, so it runs beside the others.
      const expired = run({ CI_JOB_STATUS: 'failed', ISSUE_TOKEN: 'expired-token-000' })
      const failed = await run({ CI_JOB_STATUS: 'failed' })
      const passed = await run({ CI_JOB_STATUS: 'success', CI_COMMIT_SHA: 'e4f5a6b' }, 'a passing pipeline')
      return { failed, passed, expired: await expired }
    }),
  )

// The after_script of a reporter whose dependencies were never installed: a copy of its scripts only.
const afterScriptUninstalled = () =>
  inFolder(async (dir) => {
    const reporter = join(dir, 'app/tools/deploy-failure-reporter')
    cpSync(join(ROOT, 'scripts'), join(reporter, 'scripts'), { recursive: true })
    const text = await shell('CI_JOB_STATUS=failed bash -c \'source tools/deploy-failure-reporter/scripts/after-script.sh\'', 'bash -c \'source tools/deploy-failure-reporter/scripts/after-script.sh\'', { cwd: join(dir, 'app'), env: { CI_JOB_STATUS: 'failed' } })
    // The temporary folder stands for the job's checkout, /builds/app.
    return text.replaceAll(join(dir, 'app'), '/builds/app')
  })

let actionable: ReturnType<typeof actionableRun> | undefined
let afterScript: ReturnType<typeof afterScriptRuns> | undefined
const story = () => (actionable ??= actionableRun())
const after = () => (afterScript ??= afterScriptRuns())

export const FLOW_SAMPLES: Readonly<Record<string, () => Promise<string>>> = {
  'rolling-failures': async () => fence((await story()).failures),
  'rolling-issue': async () => fence((await story()).issue, 'markdown'),
  'rolling-comment': async () => fence((await story()).comment, 'markdown'),
  'reopen-dry-run': async () => fence((await story()).preview),
  'reopen': async () => fence((await story()).reopen),
  'reopen-comment': async () => fence((await story()).regression, 'markdown'),

  'action-step': () => withGitHub(async (gh) => fence(await actionStep(gh))),
  'action-step-refused': () =>
    withGitHub(async (gh) => {
      gh.inject('POST', /\/issues$/, { status: 422, body: { message: 'Validation Failed' } })
      return fence(await actionStep(gh))
    }),
  'component-jobs': async () => fence(await componentJobs()),
  'after-script-pipeline': async () => {
    const { failed, passed } = await after()
    return fence(`${failed}${passed}`)
  },
  'after-script': async () => {
    const { failed, expired } = await after()
    return fence(`$ cd app    # the app's checkout; the reporter is in tools/deploy-failure-reporter\n${failed}${expired}`)
  },
  'after-script-uninstalled': async () => fence(await afterScriptUninstalled()),
}
