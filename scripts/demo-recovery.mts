// `npm run demo:recovery`: the whole loop against the bundled loopback GitHub and chat sink, with the
// real scripts and default settings: a failed deploy files an issue, the same failure again adds a
// comment (ON_DUPLICATE=comment), and the next good deploy closes it. No token, no network.
import { $ } from 'zx/core'
import { startLoopbackGitHub } from '../test/loopback-github.ts'

const gh = await startLoopbackGitHub()
const say = (text: string) => void process.stdout.write(text)
try {
  const base = { ...process.env, ...gh.env({ DEPLOY_ENV: 'staging', ON_DUPLICATE: 'comment', CI_COMMIT_SHA: 'a1b2c3d', CI_COMMIT_MESSAGE: 'Bump the widget' }) }
  const steps = [
    { note: 'deploy of a1b2c3d fails', env: { CI_PIPELINE_URL: 'https://ci.example.com/acme/shop/-/pipelines/4242' }, run: ['report.mts', 'Deploy job failed'] },
    { note: 'retried, fails again', env: { CI_PIPELINE_URL: 'https://ci.example.com/acme/shop/-/pipelines/4243' }, run: ['report.mts', 'Deploy job failed'] },
    { note: 'fix deployed, job succeeds', env: { CI_PIPELINE_URL: 'https://ci.example.com/acme/shop/-/pipelines/4250', CI_COMMIT_SHA: 'e4f5a6b' }, run: ['resolve.mts'] },
  ]
  for (const { note, env, run } of steps) {
    const [script, ...args] = run
    say(`\n$ npx zx scripts/${script}${args.map((a) => ` "${a}"`).join('')}    # ${note}\n`)
    const out = await $({ env: { ...base, ...env }, nothrow: true, quiet: true })`npx zx ${`scripts/${script}`} ${args}`
    say(out.stdout + out.stderr + `(exit ${out.exitCode})\n`)
  }
  for (const issue of gh.issues) {
    say(`\n--- issue #${issue.number}: ${issue.title}\n--- state: ${issue.state} (${issue.state_reason}), ${issue.comments} comments\n`)
    for (const comment of gh.comments.filter((c) => c.issue_number === issue.number)) say(`\n--- comment\n${comment.body}`)
  }
  for (const post of gh.chat) say(`\n--- chat message\n${(post.json as { text: string }).text}\n`)
} finally {
  await gh.close()
}
