// Which body a chat webhook gets. CHAT_FORMAT names it; `auto` (the default) reads it off the webhook's
// host, and an address it does not know gets the spec's Slack `{"text"}`, as before.

/** The chat formats a webhook notice can be rendered in. */
export const CHAT_FORMATS = ['slack', 'mattermost', 'googlechat', 'discord', 'teams'] as const
export type ChatFormat = (typeof CHAT_FORMATS)[number]

/** What CHAT_FORMAT may be set to. */
export const CHAT_FORMAT_SETTINGS = ['auto', ...CHAT_FORMATS] as const
export type ChatFormatSetting = (typeof CHAT_FORMAT_SETTINGS)[number]

/** Whether `value` is one of {@link CHAT_FORMAT_SETTINGS}. */
export function isChatFormatSetting(value: string): value is ChatFormatSetting {
  return (CHAT_FORMAT_SETTINGS as readonly string[]).includes(value)
}

// Power Automate and Teams Workflows webhooks live under these domains (the retired Office 365
// connectors used *.webhook.office.com too; a Workflows address there still wants the card).
const TEAMS_DOMAINS = ['.logic.azure.com', '.powerautomate.com', '.powerplatform.com', '.webhook.office.com']

// Discord's endpoint that takes Slack's body instead of Discord's own:
// https://discord.com/developers/docs/resources/webhook#execute-slackcompatible-webhook
const DISCORD_SLACK = /\/slack\/?$/

// Discord's hosts: the PTB and Canary clients copy webhook addresses on `ptb.` and `canary.`, which work the
// same; the path may name an API version (`/api/v10/webhooks/…`, https://discord.com/developers/docs/reference#api-versioning).
// Read as Slack's, such an address got `{"text"}`, which Discord refuses (400): every notice was lost.
const DISCORD_HOST = /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/
const DISCORD_WEBHOOK_PATH = /^\/api\/(?:v\d+\/)?webhooks\//

/**
 * The format `auto` picks for `webhook`: `hooks.slack.com` → slack; `discord.com` or `discordapp.com`
 * (or their `ptb.`/`canary.` hosts) under `/api/webhooks/` or `/api/v<N>/webhooks/` → discord (its `/slack` endpoint takes Slack's body, so → slack);
 * `chat.googleapis.com` → googlechat; Power Automate and Teams Workflows hosts → teams; anything else
 * (Mattermost, Rocket.Chat, an unparsable address) → slack, the spec's body.
 */
export function detectFormat(webhook: string): ChatFormat {
  let url: URL
  try {
    url = new URL(webhook)
  } catch {
    return 'slack'
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'hooks.slack.com') return 'slack'
  if (DISCORD_HOST.test(host) && DISCORD_WEBHOOK_PATH.test(url.pathname)) {
    return DISCORD_SLACK.test(url.pathname) ? 'slack' : 'discord'
  }
  if (host === 'chat.googleapis.com') return 'googlechat'
  if (TEAMS_DOMAINS.some((domain) => host.endsWith(domain))) return 'teams'
  return 'slack'
}

/** The format a notice to `webhook` is rendered in under the CHAT_FORMAT `setting`. */
export function resolveFormat(setting: ChatFormatSetting, webhook: string): ChatFormat {
  return setting === 'auto' ? detectFormat(webhook) : setting
}
