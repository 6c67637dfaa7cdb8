import type { Config } from '../config/config.ts'
import type { ChatNotifier } from '../core/chat.ts'
import type { Check } from '../core/check.ts'


/** What the checks need from the configuration. */
export type DoctorTarget = Pick<Config, 'owner' | 'repo' | 'warnings'>

const pass = (text: string): Check => ({ ok: true, text })
const fail = (text: string): Check => ({ ok: false, text })

async function chatCheck(t: DoctorTarget, ping: boolean, chat: ChatNotifier | undefined): Promise<Check> {
  if (!chat) {
    const malformed = t.warnings.find((w) => w.startsWith('CHAT_WEBHOOK'))
    if (malformed) return fail(malformed)
    return ping ? fail('chat webhook: --ping given, but CHAT_WEBHOOK is not set') : pass('chat webhook: not configured (optional; no chat notices will be sent)')
  }
  if (!ping) return pass(`chat webhook configured (${chat.host}); --ping posts a test message`)
  return (await chat.send({ kind: 'ping', repo: `${t.owner}/${t.repo}` })).ok
    ? pass(`chat webhook accepted a test message (format ${chat.format}, ${chat.host})`)
    : fail(`chat webhook did not accept the test message (format ${chat.format}, ${chat.host}): check ${chat.format === 'slack-api' ? 'SLACK_BOT_TOKEN and SLACK_CHANNEL' : 'CHAT_WEBHOOK and CHAT_FORMAT'}`)
}

/**
 * The preflight checks after the configuration: the tracker's own (`trackerChecks`: token, quota,
 * repository, …) and then the chat, sending a test message only when `ping`. Lines come back in a fixed
 * order. Never throws, never names the token.
 */
export async function runChecks(
  trackerChecks: Promise<readonly Check[]>,
  target: DoctorTarget,
  { ping = false, chat }: { ping?: boolean; chat?: ChatNotifier | undefined } = {},
): Promise<Check[]> {
  const [checks, webhook] = await Promise.all([trackerChecks, chatCheck(target, ping, chat)])
  return [...checks, webhook]
}
