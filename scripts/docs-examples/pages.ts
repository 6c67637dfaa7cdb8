// The samples of docs/pager.md, chat.md, github-app.md and templates.md: the real commands in this
// process against the loopback GitHub, Events API (test/helpers/loopback-pagerduty.ts), GitHub App
// (test/helpers/github-app.ts), milestones and project board (test/helpers/loopback-*.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { appEnv, testApp } from '../../test/helpers/github-app.ts'
import type { LoopbackGitHub } from '../../test/helpers/loopback-github.ts'
import { githubProject } from '../../test/helpers/loopback-github-graphql.ts'
import { githubMilestones } from '../../test/helpers/loopback-milestones.ts'
import { startLoopbackPagerDuty, type LoopbackPagerDuty } from '../../test/helpers/loopback-pagerduty.ts'
import { command, fence, ROOT, withGitHub } from './run.ts'

/** A deploy to production from a pipeline at https://ci.example/p/7, with quick retries. */
const PRODUCTION = { DEPLOY_ENV: 'production', CI_COMMIT_SHA: 'abc1234', CI_COMMIT_MESSAGE: 'Bump the widget', CI_PIPELINE_URL: 'https://ci.example/p/7', REPORT_DOTENV: 'off', REPORT_WRITE_INTERVAL: '0', REPORT_RETRY_DELAY: '0.01' }
const production = (gh: LoopbackGitHub, extra: Record<string, string> = {}) => gh.env({ ...PRODUCTION, CHAT_WEBHOOK: '', ...extra })

async function withPager<T>(use: (gh: LoopbackGitHub, pd: LoopbackPagerDuty) => Promise<T>): Promise<T> {
  const pd = await startLoopbackPagerDuty()
  try {
    return await withGitHub((gh) => use(gh, pd))
  } finally {
    await pd.close()
  }
}

// docs/pager.md: a report pages, a recurrence whose first trigger got a 429 adds to the incident, a good
// deploy resolves it; then, on a second repository, an Events API that keeps failing.
const pagerRun = () =>
  withPager(async (gh, pd) => {
    const env = (extra: Record<string, string> = {}) => production(gh, { ...pd.env(), ...extra })
    const trigger = await command("report 'Smoke test failed'", ['report', 'Smoke test failed'], env())
    const triggerEvent = pd.events[0]!.json
    pd.inject(429)
    const throttled = await command("report 'Smoke test failed'     # the same failure; the first trigger gets a 429", ['report', 'Smoke test failed'], env())
    const resolve = await command('resolve', ['resolve'], env({ CI_COMMIT_SHA: 'def5678' }))
    const resolveEvent = pd.events.at(-1)!.json
    return { trigger, triggerEvent, throttled, resolve, resolveEvent }
  })

const pagerDown = () =>
  withPager(async (gh, pd) => {
    pd.inject(503, 10)
    return command("report 'Smoke test failed'     # the Events API answers 503, every time", ['report', 'Smoke test failed'], production(gh, pd.env()))
  })

// A file in a folder of its own, shown by its name only: `use` gets its path.
async function withFile(name: string, text: string, use: (path: string) => Promise<string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'docs-examples-'))
  try {
    writeFileSync(join(dir, name), text)
    return (await use(join(dir, name))).replaceAll(`${dir}/`, '')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// The template docs/templates.md shows, read from the page itself, so the sample runs what the page shows.
const pageTemplate = () => {
  const page = readFileSync(join(ROOT, 'docs/templates.md'), 'utf8')
  const block = /## A template\n\n(`{4,})markdown\n([\s\S]*?)^\1$/m.exec(page)
  if (!block) throw new Error('docs/templates.md has no ````markdown block under "## A template"')
  return block[2]!
}

const BOARD = { ownerType: 'organization' as const, owner: 'acme', number: 7, title: 'Deploy failures', statusOptions: ['Todo', 'In Progress', 'Done'] }
const PROJECT = 'https://github.com/orgs/acme/projects/7'

let pager: ReturnType<typeof pagerRun> | undefined
const pagerStory = () => (pager ??= pagerRun())

export const PAGE_SAMPLES: Readonly<Record<string, () => Promise<string>>> = {
  'pager-trigger': async () => fence((await pagerStory()).trigger, 'text'),
  'pager-trigger-event': async () => fence(JSON.stringify((await pagerStory()).triggerEvent, null, 2), 'json'),
  'pager-resolve': async () => fence((await pagerStory()).resolve, 'text'),
  'pager-resolve-event': async () => fence(JSON.stringify((await pagerStory()).resolveEvent), 'json'),
  'pager-throttled': async () => fence((await pagerStory()).throttled, 'text'),
  'pager-down': async () => fence(await pagerDown(), 'text'),

  'chat-strict': () =>
    withGitHub(async (gh) => {
      gh.injectChat({ status: 400, body: { message: 'Cannot send an empty message' } })
      const env = production(gh, { CHAT_WEBHOOK: gh.chatUrl, CHAT_FORMAT: 'discord', REPORT_CHAT_STRICT: '1' })
      return fence(await command("report 'Deploy job failed'     # CHAT_FORMAT=discord REPORT_CHAT_STRICT=1; the webhook answers 400", ['report', 'Deploy job failed'], env))
    }),

  'doctor-app': async () => {
    const app = testApp()
    return withGitHub(async (gh) => fence(await command('doctor', ['doctor'], appEnv(gh, app, { ...PRODUCTION, CHAT_WEBHOOK: '' }))), { app: app.loopback })
  },

  'template-dry-run': () =>
    withFile('deploy-failure.md', pageTemplate(), async (path) => {
      const env = { ...PRODUCTION, ISSUE_REPO: 'acme/shop', REPORT_TEMPLATE: path, CI_COMMIT_MESSAGE: 'Bump the widget\n```\n/close @security-team', GITHUB_ACTOR: 'octo-dev', GITHUB_REF_NAME: 'main' }
      const reason = 'Smoke test failed: <details> @here'
      const text = await command(`report --dry-run '${reason}'`, ['report', '--dry-run', reason], env)
      return fence(text.replace('$ deploy-failure-reporter', '$ REPORT_TEMPLATE=deploy-failure.md deploy-failure-reporter'), 'text')
    }),

  'template-error': () =>
    withFile('bad.md', '---\ntitle: "{{default_title}}"\nlabels: [sev2]\n---\n## {{enviroment}} is down\n', async (path) =>
      fence(await command('REPORT_TEMPLATE=bad.md deploy-failure-reporter report x', ['report', 'x'], { ...PRODUCTION, ISSUE_TOKEN: 'ghp_not_used', ISSUE_REPO: 'acme/shop', ISSUE_API_URL: 'http://127.0.0.1:9', REPORT_TEMPLATE: path }, { exit: true }), 'text'),
    ),

  'milestone-missing': () =>
    withGitHub(async (gh) => {
      githubMilestones(gh, ['Backlog'])
      return fence(await command("report 'Smoke test failed'     # REPORT_MILESTONE='Q4 2026', which acme/shop does not have", ['report', 'Smoke test failed'], production(gh, { REPORT_MILESTONE: 'Q4 2026' })), 'text')
    }),

  'project-doctor': () =>
    withGitHub(async (gh) => {
      githubProject(gh, BOARD)
      const env = production(gh, { REPORT_PROJECT: PROJECT, REPORT_PROJECT_STATUS: 'Todo' })
      return fence((await command('doctor', ['doctor'], env)) + (await command("report 'Smoke test failed'", ['report', 'Smoke test failed'], env)), 'text')
    }),

  'project-no-scope': () =>
    withGitHub(async (gh) => {
      githubProject(gh, BOARD)
      gh.oauthScopes = 'repo'
      return fence(await command("report 'Smoke test failed'     # a classic token with the repo scope only", ['report', 'Smoke test failed'], production(gh, { REPORT_PROJECT: PROJECT })), 'text')
    }),
}
