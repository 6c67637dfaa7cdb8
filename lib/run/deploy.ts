import type { Config } from '../config/config.ts'
import { secretsOf } from '../config/secrets.ts'
import { eventCommitMessage } from './event-commit.ts'
import { lastCommitMessage, shortSha } from './git.ts'
import { redact } from '../core/redact.ts'

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
 * (in GitHub Actions with no checkout, the message from the run's event: event-commit.ts), else `unknown`
 * (git is asked only for what is missing; the message only when `withMessage`). The
 * token is taken out of every value, as of any reason passed to {@link withoutToken}: a pipeline that
 * echoes its secrets into a commit message must not publish the token in an issue, a comment or chat.
 */
export async function readDeploy(config: Config, time: Date, { withMessage = true, env = process.env as Env } = {}): Promise<Deploy> {
  const [sha, message] = await Promise.all([
    config.commitSha ?? shortSha(),
    withMessage ? (config.commitMessage ?? lastCommitMessage().then(async (fromGit) => fromGit ?? (await eventCommitMessage(env)))) : undefined,
  ])
  return {
    environment: withoutToken(config.deployEnv, config),
    commitSha: withoutToken(sha ?? 'unknown', config),
    commitMessage: withoutToken(message ?? 'unknown', config),
    pipelineUrl: withoutToken(config.pipelineUrl, config),
    time,
  }
}

/** `text` with every secret of the run (lib/core/redact.ts) and every well-known secret shape replaced by `***`. */
export function withoutToken(text: string, config: Pick<Config, 'token'> & Partial<Pick<Config, 'chat' | 'chatWebhook' | 'pager' | 'app'>>): string {
  return redact(text, secretsOf(config))
}
