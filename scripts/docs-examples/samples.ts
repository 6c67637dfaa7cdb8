// The samples `npm run docs:examples` writes into the README and docs/: each runs the real commands, in
// this process, against the loopback servers of the tests (test/helpers/), and returns the text that goes
// between the page's markers, code fences included. The commands read only the environment given here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runDemo } from '../../lib/demo/demo.ts'
import { startLoopbackGitHub } from '../../test/helpers/loopback-github.ts'
import { CHAT_SAMPLES } from './chat.ts'
import { CI_RUN_SAMPLES } from './ci-runs.ts'
import { FLOW_SAMPLES } from './flows.ts'
import { PAGE_SAMPLES } from './pages.ts'
import { STATS_AS_PRINTED, STATS_SAMPLES } from './stats.ts'
import { command, fence, pipeline, ROOT, shell, terminal, withGitHub } from './run.ts'

/** The full demo, as `npx deploy-failure-reporter demo` prints it. */
async function demo(): Promise<string> {
  const out = terminal()
  await runDemo(out.writer)
  return out.text()
}

/**
 * The issue the demo files, abridged to the README's first screen: its title, labels, environment, commit,
 * reason, What failed with the last lines of the failed step's log (but the runner's exit code line), and
 * What changed on one line, rendered as Markdown.
 */
function abridged(full: string): string {
  const issue = /^# (\[DEPLOY FAIL\].*)\n([\s\S]*?)\n--- /m.exec(full.slice(full.indexOf('--- The issue it filed')))
  if (!issue) throw new Error(`the demo printed no issue:\n${full}`)
  const [, title, body = ''] = issue
  const line = (label: string) => new RegExp(`^\\*\\*${label}:\\*\\* (.*)$`, 'm').exec(body)?.[1] ?? ''
  const failed = /^### What failed\n(- .*)$/m.exec(body)?.[1] ?? ''
  const log = /<\/summary>\n\n```\n([\s\S]*?)```/.exec(body)?.[1]?.split('\n').filter((l) => l && !l.startsWith('Error: Process completed')).slice(-2) ?? []
  const reason = /^### Failure Reason\n(.*)$/m.exec(body)?.[1] ?? ''
  // The count line, then each pull request and commit, but the authors (they are in the lines).
  const changed = (/^### What changed\n([\s\S]*?)\n\n### /m.exec(body)?.[1] ?? '').split('\n').filter((l) => l && !l.startsWith('**Authors:**'))
  if (!changed.length) throw new Error(`the demo's issue has no What changed section:\n${body}`)
  return [
    `**${title}** · labels \`auto-deploy-failure\` \`ops\``,
    '',
    `**Environment:** ${line('Environment')} · **Commit:** ${line('Commit')} · **Failure Reason:** ${reason} · **What failed:** ${failed.replace(/^- /, '')}, the end of its log:`,
    '```',
    ...log,
    '```',
    `**What changed:** ${changed.map((l) => l.replace(/^- /, '').replace(/\*\*/g, '')).join(' · ')}`,
  ]
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n')
    .concat('\n')
}

let demoRun: Promise<string> | undefined
const theDemo = () => (demoRun ??= demo())

/** Every sample by name; a page names the ones it holds. */
export const SAMPLES: Readonly<Record<string, () => Promise<string>>> = {
  ...CI_RUN_SAMPLES,
  ...PAGE_SAMPLES,
  ...FLOW_SAMPLES,
  ...CHAT_SAMPLES,
  ...STATS_SAMPLES,
  'demo-issue': async () => abridged(await theDemo()),
  demo: async () => fence(`$ npx deploy-failure-reporter demo\n${await theDemo()}`),

  'report-json': () =>
    withGitHub(async (gh) => {
      const created = await command('report --json "Deploy job failed"', ['report', '--json', 'Deploy job failed'], pipeline(gh))
      gh.inject('POST', /\/issues$/, { status: 403, body: { message: 'Resource not accessible by integration' } })
      const refused = await command('report --json "Deploy job failed"     # the create refused with a 403', ['report', '--json', 'Deploy job failed'], pipeline(gh, { CI_COMMIT_SHA: '9b7d310' }))
      return fence(created + refused)
    }),

  'github-outputs': () =>
    withGitHub(async (gh) => {
      const dir = mkdtempSync(join(tmpdir(), 'docs-examples-'))
      try {
        const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') }
        await command('report', ['report', 'Deploy job failed'], pipeline(gh, files))
        return fence(readFileSync(files.GITHUB_OUTPUT, 'utf8')) + fence(readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'), 'markdown')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }),

  'doctor-ping': () => withGitHub(async (gh) => fence(await command('doctor --ping', ['doctor', '--ping'], pipeline(gh, { DEPLOY_ENV: 'production', CI_PIPELINE_URL: '' })))),

  'doctor-missing-label': () =>
    withGitHub(async (gh) => {
      gh.labels.delete('auto-deploy-failure')
      return fence(await command('doctor', ['doctor'], pipeline(gh, { DEPLOY_ENV: 'production', CI_PIPELINE_URL: '' })))
    }),

  'report-dry-run': () => withGitHub(async (gh) => fence(await command('report --dry-run "Deploy job failed"', ['report', '--dry-run', 'Deploy job failed'], pipeline(gh)))),

  health: async () => {
    const [up, down] = [await startLoopbackGitHub(), await startLoopbackGitHub()]
    down.healthStatus = 503
    try {
      const env = { REPORT_DOTENV: 'off' }
      const runs = await Promise.all([
        command(`health ${up.url}`, ['health', up.url], env),
        command(`health ${down.url}     # /health answers 503, four times`, ['health', down.url], env),
        command('health http://127.0.0.1:1', ['health', 'http://127.0.0.1:1'], env),
      ])
      return fence(runs.join(''))
    } finally {
      await Promise.all([up.close(), down.close()])
    }
  },

  // Its own processes: the retried command writes straight to the terminal, beside the [WARN] lines.
  // scripts/retry.mts compiled by esbuild (as the tests do, test/helpers/scripts-build.mjs): a TypeScript
  // loader's start-up would cost more than the run.
  retry: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-examples-'))
    try {
      const { build } = await import('esbuild')
      await build({ entryPoints: [join(ROOT, 'scripts/retry.mts')], outfile: join(dir, 'retry.mjs'), bundle: true, format: 'esm', platform: 'node', logLevel: 'warning', banner: { js: "import { createRequire as __docsCreateRequire } from 'node:module'; const require = __docsCreateRequire(import.meta.url);" } })
      const retry = `node ${join(dir, 'retry.mjs')}`
      const failing = `sh -c 'echo "deploy: 503 from the load balancer" >&2; exit 1'`
      const runs = await Promise.all([
        shell(`deploy-failure-reporter retry 3 2 -- ${failing}`, `${retry} 3 2 -- ${failing}`),
        shell('deploy-failure-reporter retry --backoff -- false', `${retry} --backoff -- false`),
      ])
      return fence(runs.join(''))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },

  'recovery-loop': () =>
    withGitHub(async (gh) => {
      const env = (n: number, extra: Record<string, string> = {}) =>
        pipeline(gh, { CI_COMMIT_SHA: 'a1b2c3d', ON_DUPLICATE: 'comment', CI_PIPELINE_URL: `https://gitlab.example.com/acme/shop/-/pipelines/${n}`, ...extra })
      const runs = [
        await command('report "Deploy job failed"    # the deploy of a1b2c3d fails', ['report', 'Deploy job failed'], env(4242)),
        await command('report "Deploy job failed"    # retried, it fails again', ['report', 'Deploy job failed'], env(4243)),
        await command('resolve                       # a fix is deployed, the job succeeds', ['resolve'], env(4250, { CI_COMMIT_SHA: 'e4f5a6b' })),
      ]
      const [issue] = gh.issues
      const comments = gh.comments.map((c) => `--- comment\n${c.body}\n`)
      const chat = gh.chat.map((post) => `--- chat message\n${(post.json as { text: string }).text}\n`)
      return fence([...runs, `\n--- issue #${issue!.number}: ${issue!.title}\n--- state: ${issue!.state} (${issue!.state_reason}), ${issue!.comments} comments\n\n`, ...comments, '\n', ...chat].join(''))
    }),
}

/** Samples written as printed, without normalising: their dates and durations are fixed by their data. */
export const AS_PRINTED: ReadonlySet<string> = STATS_AS_PRINTED
