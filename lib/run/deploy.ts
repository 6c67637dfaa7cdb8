import type { Config } from '../config/config.ts'
import { secretsOf } from '../config/secrets.ts'
import { eventCommitMessage } from './event.ts'
import { lastCommitMessage, shortSha } from './git.ts'
import { redact } from '../core/redact.ts'
import type { Log } from '../core/log.ts'

type Env = Record<string, string | undefined>

/** The deploy a run is about: the values every issue, comment and chat text is rendered from. */
export interface Deploy {
  readonly environment: string
  readonly commitSha: string
  readonly commitMessage: string
  readonly pipelineUrl: string
  /** When the run started; rendered in local time. */
  readonly time: Date
}

/**
 * The deploy described by `config`, with the spec's fallbacks: commit and message from git when unset
 * (in GitHub Actions with no checkout, the message from the run's event: event.ts), else `unknown`
 * (git is asked only for what is missing; the message only when `withMessage`). The
 * token is taken out of every value, as of any reason passed to {@link withoutToken}: a pipeline that
 * echoes its secrets into a commit message must not publish the token in an issue, a comment or chat.
 *
 * git has REPORT_TIMEOUT to answer, as one API request has: a git that has not answered by then (a lock, a
 * slow disk, a partial clone fetching) is killed with all it started (lib/run/git-process.ts), and the fact
 * falls back as when git has no answer, with one `[WARN]` to `log`; the report goes on.
 */
export async function readDeploy(config: Config, time: Date, { withMessage = true, env = process.env as Env, log }: { withMessage?: boolean; env?: Env; log?: Log } = {}): Promise<Deploy> {
  // One deadline for both: they run side by side, so neither waits past REPORT_TIMEOUT.
  const deadline = config.commitSha === undefined || (withMessage && config.commitMessage === undefined) ? AbortSignal.timeout(config.timeoutMs) : undefined
  const late: ('commit' | 'message')[] = []
  const ask = (fact: 'commit' | 'message', read: (signal?: AbortSignal) => Promise<string | undefined>) =>
    read(deadline).catch((error: unknown) => {
      if (!deadline?.aborted) throw error
      late.push(fact)
      return undefined
    })
  const [sha, message] = await Promise.all([
    config.commitSha ?? ask('commit', (signal) => shortSha(undefined, signal)),
    withMessage ? (config.commitMessage ?? ask('message', (signal) => lastCommitMessage(undefined, signal)).then(async (fromGit) => fromGit ?? (await eventCommitMessage(env)))) : undefined,
  ])
  if (late.length) log?.warn(gitLate(late, config.timeoutMs))
  return {
    environment: withoutToken(config.deployEnv, config),
    commitSha: withoutToken(sha ?? 'unknown', config),
    commitMessage: withoutToken(message ?? 'unknown', config),
    pipelineUrl: withoutToken(config.pipelineUrl, config),
    time,
  }
}

/** The `[WARN]` for facts git did not give within REPORT_TIMEOUT: what falls back, and the two ways out. */
function gitLate(late: readonly ('commit' | 'message')[], timeoutMs: number): string {
  const both = late.length === 2
  const what = both ? 'the commit and its message are' : late[0] === 'commit' ? 'the commit is' : 'the commit message is'
  const set = both ? 'CI_COMMIT_SHA and CI_COMMIT_MESSAGE' : late[0] === 'commit' ? 'CI_COMMIT_SHA' : 'CI_COMMIT_MESSAGE'
  return `git did not answer within REPORT_TIMEOUT (${timeoutMs / 1000} s) and was stopped: ${what} read as if there were no checkout. Set ${set}, or raise REPORT_TIMEOUT`
}

/** `text` with every secret of the run (lib/core/redact.ts) and every well-known secret shape replaced by `***`. */
export function withoutToken(text: string, config: Pick<Config, 'token'> & Partial<Pick<Config, 'chat' | 'chatWebhook' | 'pager' | 'app'>>): string {
  return redact(text, secretsOf(config))
}
