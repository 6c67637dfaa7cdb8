// The chat settings beyond CHAT_WEBHOOK: how a notice is rendered (CHAT_FORMAT), whether an undelivered
// one is said (REPORT_CHAT_STRICT), and Slack's Web API, which threads (SLACK_BOT_TOKEN, SLACK_CHANNEL).
// The bot token is never echoed. https://api.slack.com/methods/chat.postMessage
import { CHAT_FORMAT_SETTINGS, isChatFormatSetting, type ChatFormatSetting } from '../core/chat-format.ts'
import { isHttpUrl, value, type Env } from './env.ts'

/** The chat settings beyond CHAT_WEBHOOK. */
export interface ChatConfig {
  /** CHAT_FORMAT, default `auto` (picked by the webhook's host). */
  readonly format: ChatFormatSetting
  /** REPORT_CHAT_STRICT=1: a notice that was not delivered is a `[WARN]` line instead of silence. */
  readonly strict: boolean
  /** SLACK_BOT_TOKEN and SLACK_CHANNEL, both or neither: notices go through Slack's Web API and thread. */
  readonly slack: { readonly token: string; readonly channel: string; readonly apiUrl: string } | undefined
}

/** Slack's Web API; SLACK_API_URL replaces it (tests point it at a loopback server). */
export const DEFAULT_SLACK_API_URL = 'https://slack.com/api'

/** The chat settings in `env`; each problem is added to `problems` (loadConfig throws them together). */
export function readChat(env: Env, problems: string[]): ChatConfig {
  const format = value(env, 'CHAT_FORMAT') ?? 'auto'
  if (!isChatFormatSetting(format)) problems.push(`CHAT_FORMAT must be one of ${CHAT_FORMAT_SETTINGS.join(', ')}, got ${JSON.stringify(format)}`)

  const strictValue = value(env, 'REPORT_CHAT_STRICT') ?? '0'
  if (!['0', '1', 'true', 'false'].includes(strictValue)) problems.push(`REPORT_CHAT_STRICT must be 1 or 0, got ${JSON.stringify(strictValue)}`)

  const token = value(env, 'SLACK_BOT_TOKEN')
  const channel = value(env, 'SLACK_CHANNEL')
  if (token !== undefined && channel === undefined) problems.push('SLACK_CHANNEL is required with SLACK_BOT_TOKEN (a channel id such as C0123456789, or #name)')
  if (channel !== undefined && token === undefined) problems.push('SLACK_BOT_TOKEN is required with SLACK_CHANNEL (a bot token, xoxb-…)')
  const apiUrl = (value(env, 'SLACK_API_URL') ?? DEFAULT_SLACK_API_URL).replace(/\/+$/, '')
  // Plain http off the machine is the one rule's [WARN] (loadConfig), as for every address with a secret.
  if (!isHttpUrl(apiUrl)) problems.push(`SLACK_API_URL must be an https URL such as ${DEFAULT_SLACK_API_URL}, got ${JSON.stringify(apiUrl)}`)

  return Object.freeze({
    format: format as ChatFormatSetting,
    strict: strictValue === '1' || strictValue === 'true',
    slack: token !== undefined && channel !== undefined ? Object.freeze({ token, channel, apiUrl }) : undefined,
  })
}
