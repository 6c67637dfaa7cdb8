// `npm run demo`: the reporter end to end with zero configuration, against the bundled loopback GitHub
// and chat sink: the same failure reported twice (created, then duplicate). `--recovery` (`npm run
// demo:recovery`) shows the whole loop instead: failure, a recurrence comment, and the closing resolve.
import { $ } from 'zx/core'
import { parseFlags, scriptArgs } from '../lib/cli/args.ts'
import { EXIT, reportFailure } from '../lib/run/exit.ts'
import { consoleLog } from '../lib/core/log.ts'
import { startLoopbackGitHub } from '../test/helpers/loopback-github.ts'

const HELP = `Usage: npm run demo   (or npx zx scripts/demo.mts [--recovery])

Runs the real scripts against a bundled loopback GitHub and chat sink on 127.0.0.1 and prints what was
filed and sent. No token, no network.

Options:
  --recovery   the full loop: a failure, the same failure again (ON_DUPLICATE=comment), then
               scripts/resolve.mts after a good deploy
  -h, --help   show this text

Environment: none needed; the variables a real run reads are set for the loopback server.

Exit codes: 0 the demo ran, 2 bad arguments.
`

let recovery = false
try {
  const { values } = parseFlags(scriptArgs(import.meta.url), { help: { type: 'boolean', short: 'h' }, recovery: { type: 'boolean' } })
  if (values.help) {
    process.stdout.write(HELP)
    process.exit(EXIT.ok)
  }
  recovery = values.recovery === true
} catch (error) {
  process.exit(reportFailure(error, consoleLog()))
}

const say = (text: string) => void process.stdout.write(text)
const pipeline = (n: number) => ({ CI_PIPELINE_URL: `https://ci.example.com/acme/shop/-/pipelines/${n}` })
const steps = recovery
  ? [
      { note: 'deploy of a1b2c3d fails', env: pipeline(4242), run: ['report.mts', 'Deploy job failed'] },
      { note: 'retried, fails again', env: pipeline(4243), run: ['report.mts', 'Deploy job failed'] },
      { note: 'fix deployed, job succeeds', env: { ...pipeline(4250), CI_COMMIT_SHA: 'e4f5a6b' }, run: ['resolve.mts'] },
    ]
  : [
      { note: 'first run', env: pipeline(4242), run: ['report.mts', 'Deploy job failed'] },
      { note: 'second run (same failure)', env: pipeline(4242), run: ['report.mts', 'Deploy job failed'] },
    ]

const gh = await startLoopbackGitHub()
try {
  const base = {
    ...process.env,
    ...gh.env({ DEPLOY_ENV: 'staging', ...(recovery ? { ON_DUPLICATE: 'comment', CI_COMMIT_SHA: 'a1b2c3d', CI_COMMIT_MESSAGE: 'Bump the widget' } : {}) }),
  }
  for (const { note, env, run } of steps) {
    const [script, ...args] = run
    say(`\n$ npx zx scripts/${script}${args.map((a) => ` "${a}"`).join('')}    # ${note}\n`)
    const out = await $({ env: { ...base, ...env }, nothrow: true, quiet: true })`npx zx ${`scripts/${script}`} ${args}`
    say(out.stdout + out.stderr + `(exit ${out.exitCode})\n`)
  }
  for (const issue of gh.issues) {
    say(`\n--- issue #${issue.number}: ${issue.title}\n--- labels: ${issue.labels.map((l) => l.name).join(', ')}; state: ${issue.state}`)
    say(recovery ? ` (${issue.state_reason}), ${issue.comments} comments\n` : `\n\n${issue.body}`)
    for (const comment of gh.comments.filter((c) => c.issue_number === issue.number)) say(`\n--- comment\n${comment.body}`)
  }
  for (const post of gh.chat) say(`\n--- chat message\n${(post.json as { text: string }).text}\n`)
  say(`\n${gh.requests.length} API requests and ${gh.chat.length} chat posts in all.\n`)
} finally {
  await gh.close()
}
