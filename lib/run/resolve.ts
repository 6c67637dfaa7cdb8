// The resolve command, assembled once: after a good deploy, this environment's open failure issues are
// closed with a recovery comment (lib/core/flows/resolve.ts), one recovery notice goes to chat, and each
// closed issue's incident is resolved on the pager. The command line, the Action and the plugin API run this.
import { createNotifier } from '../chat/index.ts'
import { renderRecoveryChat } from '../core/find/recovery.ts'
import { resolveRecovery, type RecoveryPreview, type Resolution } from '../core/flows/resolve.ts'
import type { Recovery } from '../core/text/comment-text.ts'
import { preconnect } from '../http/preconnect.ts'
import { readDeploy } from './deploy.ts'
import type { Session } from './session.ts'
import { createTracker } from './tracker.ts'

/** A finished resolve: what it closed and could not, and the deploy it was about. */
export interface ResolveRun {
  readonly resolution: Resolution
  readonly recovery: Recovery
  /** With `dryRun`: the texts a real run would write. */
  readonly preview?: RecoveryPreview
}

/**
 * Closes the environment's open failure issues after a good deploy, posts the recovery notice and
 * resolves the pages; with `dryRun`, only says what it would close and writes nothing.
 */
export async function resolveFailures(session: Session, { dryRun = false } = {}): Promise<ResolveRun> {
  const { config, log, env, time } = session
  const recovery: Recovery = await readDeploy(config, time, { withMessage: false, log })
  const all = await createTracker(config, log)
  // REPORT_FLAP (docs/noise.md): a flapping environment's issues stay open; loaded only when set.
  const flap = config.flap ? await (await import('./noise-resolve.ts')).holdFlapping(config, all, recovery, log, dryRun) : undefined
  const tracker = flap?.tracker ?? all
  // The recovery notice follows the first close, a second or more after the first comment: the chat's
  // connection opens with that comment, rather than on every good deploy (lib/http/preconnect.ts).
  const chatUrl = config.chat.slack?.apiUrl ?? config.chatWebhook
  const warming = { ...tracker, addComment: (number: number, body: string) => (preconnect(chatUrl, env), tracker.addComment(number, body)) }
  let preview: RecoveryPreview | undefined
  const resolution = await resolveRecovery(dryRun ? tracker : warming, createNotifier(config, log, session.annotate), config, recovery, log, { dryRun, preview: (texts) => (preview = texts) })
  // PAGERDUTY_ROUTING_KEY: each closed issue's incident is resolved (loaded only when set); so is each
  // issue a flapping environment keeps open, once, and not again when it closes after a calm window,
  // unless skip mode left no record of a trigger since (noise-resolve.ts, resolveAgain).
  if (config.pager && !dryRun) {
    const incidents = new Set([...resolution.closed.filter((n) => !flap?.calm.includes(n)), ...(flap?.heldNow ?? []), ...(flap?.resolveAgain ?? [])])
    await (await import('./paging.ts')).pageResolved(config, recovery.environment, [...incidents], log)
  }
  return { resolution, recovery, ...(preview ? { preview } : {}) }
}

/**
 * What a dry run would write: the comment on each issue, with the `Recovered after …` line its own
 * comments give, and the chat message with the whole outage's; empty when it would close nothing.
 */
export function resolvePreview(session: Session, { resolution, recovery, preview }: ResolveRun): string {
  if (!resolution.closed.length || !preview) return ''
  const chat = session.config.chatWebhook ? `\n--- chat message\n${renderRecoveryChat(recovery, resolution.closed, preview.recovered)}\n` : ''
  const comments = preview.comments.map(({ number, text }) => `\n--- comment on #${number} before closing it\n${text}`).join('')
  return `${comments}${chat}`
}
