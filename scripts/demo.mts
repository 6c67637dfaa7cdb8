// `npm run demo`: the reporter end to end with zero configuration, against the bundled loopback GitHub
// and chat sink. Runs it twice (created, then duplicate) and shows what was filed and sent. No network.
import { $ } from 'zx/core'
import { EXIT, parseFlags, reportFailure, scriptArgs } from '../lib/cli.ts'
import { consoleLog } from '../lib/log.ts'
import { startLoopbackGitHub } from '../test/loopback-github.ts'

const HELP = `Usage: npm run demo   (or npx zx scripts/demo.mts)

Runs scripts/report.mts twice against a bundled loopback GitHub and chat sink on 127.0.0.1 (created,
then duplicate) and prints what was filed and sent. No token, no network.

Options:
  -h, --help   show this text

Environment: none needed; the variables a real run reads are set for the loopback server.

Exit codes: 0 the demo ran, 2 bad arguments.
`

try {
  if (parseFlags(scriptArgs(import.meta.url), { help: { type: 'boolean', short: 'h' } }).values.help) {
    process.stdout.write(HELP)
    process.exit(EXIT.ok)
  }
} catch (error) {
  process.exit(reportFailure(error, consoleLog()))
}

const gh = await startLoopbackGitHub()
try {
  const env = {
    ...process.env,
    ...gh.env({ DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example.com/acme/shop/-/pipelines/4242' }),
  }
  for (const run of ['first run', 'second run (same failure)']) {
    process.stdout.write(`\n$ npx zx scripts/report.mts "Deploy job failed"    # ${run}\n`)
    const out = await $({ env, nothrow: true, quiet: true })`npx zx scripts/report.mts ${'Deploy job failed'}`
    process.stdout.write(out.stdout + out.stderr + `(exit ${out.exitCode})\n`)
  }
  const [issue] = gh.issues
  if (issue) {
    process.stdout.write(`\n--- issue #${issue.number}: ${issue.title}\n--- labels: ${issue.labels.map((l) => l.name).join(', ')}\n\n${issue.body}`)
  }
  for (const post of gh.chat) process.stdout.write(`\n--- chat message\n${(post.json as { text: string }).text}\n`)
  process.stdout.write(`\n${gh.requests.length} API requests and ${gh.chat.length} chat posts in all.\n`)
} finally {
  await gh.close()
}
