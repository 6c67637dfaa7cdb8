#!/usr/bin/env zx
// A team's own deploy script in zx that reports its own failures. Install both into your project:
//   npm i -D zx deploy-failure-reporter
// and run it with the usual variables set (ISSUE_TOKEN, ISSUE_REPO; see the README):
//   npx zx deploy.mjs
// The deploy command below stands in for yours.
import { reportDeployFailure, ConfigError } from 'deploy-failure-reporter'

// The last lines of what a failed command printed make a better reason than "Unknown failure".
const tail = (text, lines = 20) => text.trimEnd().split('\n').slice(-lines).join('\n')

try {
  await $`./deploy.sh ${process.env.DEPLOY_ENV ?? 'production'}`
} catch (error) {
  // zx's ProcessOutput: the exit code and what the command wrote to stderr.
  const reason = `deploy.sh exited with ${error.exitCode}:\n${tail(error.stderr || error.message)}`
  try {
    const issue = await reportDeployFailure({ reason })
    echo(`Reported as issue #${issue.number} (${issue.outcome}): ${issue.url}`)
  } catch (reportError) {
    // Bad configuration lists every problem; any other error means the issue could not be filed.
    const lines = reportError instanceof ConfigError ? reportError.problems : [reportError.message]
    for (const line of lines) echo(chalk.red(`Could not report the failure: ${line}`))
  }
  process.exitCode = 1
}
