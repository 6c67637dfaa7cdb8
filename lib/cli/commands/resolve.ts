// `deploy-failure-reporter resolve` (and `npx zx scripts/resolve.mts`): closes the open deploy-failure
// issues of an environment after a good deploy.
import { EXIT, parseFlags, reportFailure } from '../args.ts'
import { renderRecoveryComment, type Recovery } from '../../core/text/comment-text.ts'
import { loadConfig, loadDotenv, outputFiles, secretsOf } from '../../config/config.ts'
import { ConfigError } from '../../core/errors.ts'
import { readDeploy } from '../../run/deploy.ts'
import { preconnect } from '../../http/preconnect.ts'
import { createNotifier } from '../../chat/index.ts'
import { createTracker } from '../../run/tracker.ts'
import { chatAnnotations, ioLog, processIo, type Io } from '../../run/io.ts'
import { renderRecoveryChat } from '../../core/find/recovery.ts'
import { resolveRecovery, type Resolution } from '../../core/flows/resolve.ts'

const help = (program: string) => `Usage: ${program} [options]

Run after a successful deploy. Closes (as completed, with a comment naming this deploy's commit, time
and pipeline) every open issue labelled auto-deploy-failure whose title is for DEPLOY_ENV, whatever its
commit or day; other environments, pull requests and unlabelled issues are never touched. Then posts
one recovery notice to CHAT_WEBHOOK, only if it closed something.

Options:
  --dry-run    list the issues it would close and the texts it would send; write nothing
  --json       end with one JSON line: {"outcome": "resolved"|"nothing"|"failed", "closed": [...], "failed": [...]}
  -h, --help   show this text

Environment (a .env file in the current folder is read too; set variables win; REPORT_DOTENV=off skips it):
  ISSUE_TOKEN (required, unless a GitHub App: ISSUE_APP_ID, ISSUE_APP_PRIVATE_KEY, ISSUE_APP_INSTALLATION_ID;
  docs/github-app.md), ISSUE_REPO (required, owner/repo), ISSUE_API_URL or GITHUB_API_URL,
  ISSUE_TRACKER=github|gitlab (default github; GitLab's project path, API and token: docs/gitlab.md),
  CHAT_WEBHOOK, CI_PIPELINE_URL, BUILD_URL, CI_COMMIT_SHA, DEPLOY_ENV, REPORT_TIMEOUT,
  REPORT_MAX_WAIT, REPORT_RETRY_ATTEMPTS, REPORT_RETRY_DELAY, REPORT_WRITE_INTERVAL  (see .env.example)
  CHAT_FORMAT=auto|slack|mattermost|googlechat|discord|teams: the chat notice's body (auto: by host);
  REPORT_CHAT_STRICT=1: a chat notice that failed is one [WARN]; SLACK_BOT_TOKEN and SLACK_CHANNEL
  (SLACK_API_URL): post through Slack's Web API, threaded per issue. See docs/chat.md
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY (lower-case too): a proxy for every request, as curl (docs/security.md)
  PAGERDUTY_ROUTING_KEY: the incident of each issue closed is resolved (docs/pager.md)
  REPORT_FLAP=<episodes>/<window>: a flapping environment's issues get one comment and stay open until
  a window passes with no new outage; their incidents are resolved as usual (docs/noise.md)
  GITHUB_OUTPUT (set by GitHub Actions): when set, the step outputs outcome and closed (comma-separated
  issue numbers) are appended to it.

Exit codes: 0 closed every matching issue, or there was none; 1 an issue could not be closed or the
issues could not be listed (each named on stderr); 2 bad configuration.
`

/**
 * Runs the resolve command with `args` and resolves to its exit code: 0 closed all or nothing to close,
 * 1 something could not be closed or listed, 2 bad configuration. `program` names it in `--help`.
 */
export async function runResolve(args: readonly string[], io: Io = processIo(), program = 'deploy-failure-reporter resolve'): Promise<number> {
  const time = new Date()
  // ISSUE_TOKEN and SLACK_BOT_TOKEN, once the configuration is read: never printed.
  let secrets: string[] = []
  const log = ioLog(io, () => secrets)
  let json = false
  let dryRun = false
  let resolution: Resolution = { outcome: 'failed', closed: [], failed: [] }

  const main = async (): Promise<number> => {
    const { values, positionals } = parseFlags([...args], {
      help: { type: 'boolean', short: 'h' },
      'dry-run': { type: 'boolean' },
      json: { type: 'boolean' },
    })
    json = values.json === true
    if (values.help) {
      io.stdout.write(help(program))
      return EXIT.ok
    }
    if (positionals.length) throw new ConfigError([`resolve takes no arguments, got ${JSON.stringify(positionals[0])}; see --help`])
    loadDotenv(io.env)
    const config = loadConfig(io.env)
    secrets = secretsOf(config)
    for (const warning of config.warnings) log.warn(warning)

    const recovery: Recovery = await readDeploy(config, time, { withMessage: false })
    dryRun = values['dry-run'] === true
    preconnect(config.apiUrl, io.env)
    const all = await createTracker(config, log)
    // REPORT_FLAP (docs/noise.md): a flapping environment's issues stay open; loaded only when set.
    const flap = config.flap ? await (await import('../../run/noise-resolve.ts')).holdFlapping(config, all, recovery, log, dryRun) : undefined
    const tracker = flap?.tracker ?? all
    // The recovery notice follows the first close, a second or more after the first comment: the chat's
    // connection opens with that comment, rather than on every good deploy (lib/http/preconnect.ts).
    const chatUrl = config.chat.slack?.apiUrl ?? config.chatWebhook
    const warming = { ...tracker, addComment: (number: number, body: string) => (preconnect(chatUrl, io.env), tracker.addComment(number, body)) }
    resolution = await resolveRecovery(dryRun ? tracker : warming, createNotifier(config, log, chatAnnotations(io)), config, recovery, log, { dryRun })
    // PAGERDUTY_ROUTING_KEY: each closed issue's incident is resolved (loaded only when set).
    if (config.pager && !dryRun) await (await import('../../run/paging.ts')).pageResolved(config, recovery.environment, [...resolution.closed.filter((n) => !flap?.calm.includes(n)), ...(flap?.heldNow ?? [])], log)
    if (dryRun && resolution.closed.length) {
      io.stdout.write(`\n--- comment on each issue before closing it\n${renderRecoveryComment(recovery)}`)
      if (config.chatWebhook) io.stdout.write(`\n--- chat message\n${renderRecoveryChat(recovery, resolution.closed)}\n`)
    }
    return resolution.failed.length ? EXIT.failed : EXIT.ok
  }

  let code: number
  try {
    code = await main()
  } catch (error) {
    code = reportFailure(error, log, { debug: Boolean(io.env.DEBUG) })
  }
  // Like the reporter's outputs: recorded for GitHub Actions when it names a file, never for a dry run.
  const { githubOutput } = outputFiles(io.env)
  if (githubOutput && !dryRun) {
    const { appendResolveOutputs } = await import('../../run/outputs.ts')
    try {
      appendResolveOutputs(githubOutput, resolution)
    } catch (error) {
      log.warn(`Could not write the GitHub Actions outputs (${(error as Error).message})`)
    }
  }
  if (json) io.stdout.write(`${JSON.stringify(resolution)}\n`)
  return code
}
