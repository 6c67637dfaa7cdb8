// The samples of a report in GitHub Actions against the loopback GitHub with its Actions run
// (test/helpers/loopback-github-actions.ts) and its history (test/helpers/loopback-changes.ts): the issue
// with What failed (docs/ci.md), and with What failed and What changed (docs/changes.md), each with its chat
// notice and `--json`. One run per page, shared by that page's samples.
import { createHash } from 'node:crypto'
import { actionsJob, failedLog, LoopbackActions, stamped } from '../../test/helpers/loopback-github-actions.ts'
import { serveGitHubChanges, type SeedCommit } from '../../test/helpers/loopback-changes.ts'
import type { LoopbackGitHub } from '../../test/helpers/loopback-github.ts'
import { command, fence, withGitHub } from './run.ts'

interface Filed {
  readonly issue: string
  readonly chat: string
  /** The last line `report --json` printed. */
  readonly json: string
}

const deployJob = (gh: LoopbackGitHub, id: number) =>
  actionsJob(id, 'deploy (production)', 'failure', [['Set up job', 'success'], ['Run npm ci', 'success'], ['Deploy', 'failure'], ['Post Run actions/checkout@v4', 'success']], failedLog('./deploy.sh production', gh.token, ['Uploading release 2026.11.26-1 (41 MB)', 'Switching traffic to green']))

/** `report --json "Deploy job failed"` in the report job of `actions`' run, with `env` added. */
async function report(gh: LoopbackGitHub, actions: LoopbackActions, env: Record<string, string>): Promise<Filed> {
  const out = await command('report --json "Deploy job failed"', ['report', '--json', 'Deploy job failed'], gh.env({ ...actions.env(), GITHUB_SERVER_URL: 'https://github.com', DEPLOY_ENV: 'production', REPORT_DOTENV: 'off', REPORT_WRITE_INTERVAL: '0', ...env }))
  const [issue] = gh.issues
  if (!issue || !gh.chat[0]) throw new Error(`the report filed no issue or sent no notice:\n${out}`)
  return { issue: issue.body ?? '', chat: (gh.chat[0].json as { text: string }).text, json: out.trim().split('\n').at(-1)! }
}

async function inActions<T>(use: (gh: LoopbackGitHub, actions: LoopbackActions) => Promise<T>): Promise<T> {
  return withGitHub(async (gh) => {
    const actions = await LoopbackActions.attach(gh)
    try {
      return await use(gh, actions)
    } finally {
      await actions.close()
    }
  })
}

// docs/ci.md: a deploy job failed at its Deploy step, a smoke job timed out, the reporter ran in a third job.
const whatFailed = () =>
  inActions(async (gh, actions) => {
    actions.add(actionsJob(101, 'build', 'success', [['Set up job', 'success'], ['Run npm ci', 'success']], stamped(['ok'])))
    actions.add(deployJob(gh, 102))
    const smoke = ['##[group]Run npm run smoke -- --region eu-west', 'npm run smoke -- --region eu-west', 'shell: /usr/bin/bash -e {0}', '##[endgroup]', '✓ GET /health 200 (84 ms)', 'waiting for GET /checkout …', '##[error]The job running on runner GitHub Actions 12 has exceeded the maximum execution time of 10 minutes.']
    actions.add(actionsJob(104, 'smoke (eu-west)', 'timed_out', [['Set up job', 'success'], ['Run smoke tests', 'failure']], stamped(smoke)))
    actions.add({ ...actionsJob(103, 'report', null, [['Set up job', 'success'], ['Report', null]]), runner_name: 'GitHub Actions 1000' })
    return report(gh, actions, { GITHUB_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', REPORT_LOG_LINES: '10' })
  })

// A commit id as git would make one: the same for the same message, so a rerun writes the same sample.
const sha = (message: string) => createHash('sha1').update(message).digest('hex')
const commit = (message: string, author: string, login: string, parent: SeedCommit | undefined): SeedCommit => ({ sha: sha(message), parents: parent ? [parent.sha] : [], message, author, login })

// docs/changes.md: the same failed deploy, with six commits since the last good deploy of production two
// hours earlier (superseded since: its latest status is `inactive`): a branch of two merged by a merge
// commit (#214), a squashed dependency bump (#215), and two pushed straight to main.
const whatChanged = () =>
  inActions(async (gh, actions) => {
    const commits: SeedCommit[] = []
    const add = (message: string, author: string, login: string, parent = commits.at(-1), merged?: SeedCommit) => {
      const made = commit(message, author, login, parent)
      commits.push(merged ? { ...made, parents: [...made.parents, merged.sha] } : made)
      return made
    }
    const release = add('Release 2026.11.26-1', 'Ada Lovelace', 'ada')
    add('Add a price cache', 'Grace Hopper', 'grace')
    const branchTip = add('Cache prices for 10 minutes', 'Grace Hopper', 'grace')
    const merge = add('Merge pull request #214 from grace/price-cache\n\nCache prices for 10 minutes', 'Grace Hopper', 'grace', release, branchTip)
    add('Read the cache TTL from config', 'Ada Lovelace', 'ada', merge)
    add('Bump lodash from 4.17.20 to 4.17.21', 'dependabot[bot]', 'dependabot[bot]')
    add('Fix typo in deploy script\n\nThe script called deploy.sh with the wrong flag.', 'Grace Hopper', 'grace')
    const [base, head] = [commits[0]!.sha, commits.at(-1)!.sha]
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()
    serveGitHubChanges(gh, {
      commits,
      pulls: [
        { number: 214, title: 'Cache prices for 10 minutes', author: 'grace', commits: [commits[1]!.sha, commits[2]!.sha, merge.sha], merge: merge.sha },
        { number: 215, title: 'Bump lodash from 4.17.20 to 4.17.21', author: 'dependabot[bot]', commits: [commits[5]!.sha] },
      ],
      deployments: [
        { sha: base, environment: 'production', createdAt: hoursAgo(2.2), statuses: ['inactive', 'success'] },
        { sha: head, environment: 'production', createdAt: hoursAgo(0.01), statuses: ['in_progress'] },
      ],
    })
    actions.add(deployJob(gh, 102))
    actions.add({ ...actionsJob(103, 'report', null, [['Set up job', 'success'], ['Report', null]]), runner_name: 'GitHub Actions 1000' })
    return report(gh, actions, { GITHUB_SHA: head, CI_COMMIT_MESSAGE: 'Fix typo in deploy script', REPORT_CHANGES: 'auto', REPORT_LOG_LINES: '4' })
  })

let failedRun: Promise<Filed> | undefined
let changedRun: Promise<Filed> | undefined
const failed = () => (failedRun ??= whatFailed())
const changed = () => (changedRun ??= whatChanged())

export const CI_RUN_SAMPLES: Readonly<Record<string, () => Promise<string>>> = {
  'what-failed-issue': async () => fence((await failed()).issue, 'markdown'),
  'what-failed-chat': async () => fence((await failed()).chat),
  'what-failed-json': async () => fence((await failed()).json),
  'what-changed-issue': async () => fence((await changed()).issue, 'markdown'),
  'what-changed-chat': async () => fence((await changed()).chat),
  'what-changed-json': async () => fence(JSON.stringify((JSON.parse((await changed()).json) as { changes: unknown }).changes, null, 2), 'json'),
}
