// The secrets a configuration holds, and their registration (lib/core/redact.ts), once, by loadConfig
// (config.ts) before anything can print or send them.
import { addressSecrets, credentialsIn, passwordIn, proxyAddress, registerSecret, registeredSecrets } from '../core/redact.ts'
import { value, type Env } from './env.ts'

/** The parts of a configuration that hold secrets (a Config is one). */
export interface SecretHolder {
  readonly token: string
  readonly app?: { readonly privateKey: string } | undefined
  readonly chatWebhook?: string | undefined
  readonly chat?: { readonly slack?: { readonly token: string } | undefined }
  readonly pager?: { readonly routingKey: string }
}

// As loadConfig reads a setting: unset and empty are the same.

/**
 * The secrets a configuration holds: ISSUE_TOKEN, the App's private key, CHAT_WEBHOOK (whole, and its
 * path and query, where Slack, Discord and Google Chat keep the secret part, in the forms a log prints
 * them in: lib/core/redact.ts addressSecrets), SLACK_BOT_TOKEN and PAGERDUTY_ROUTING_KEY. loadConfig
 * registers them ({@link registerConfigSecrets}) with CI_LOG_TOKEN, a proxy's password and the password
 * in any address setting ({@link URL_SETTINGS}); a secret added later is added here.
 */
export function configSecrets(config: SecretHolder): string[] {
  return [config.token, config.app?.privateKey ?? '', ...webhookSecrets(config.chatWebhook), config.chat?.slack?.token ?? '', config.pager?.routingKey ?? ''].filter((secret) => secret !== '')
}

/** The webhook address, and the parts of it that are the secret (path and query), in every printed form. */
function webhookSecrets(webhook: string | undefined): string[] {
  return webhook === undefined ? [] : addressSecrets(webhook)
}

/**
 * The settings that hold an address. A password in one (`https://user:pw@ghe.example/api/v3`) is a
 * secret wherever the address is printed: a doctor line, an error, a link built from it.
 */
export const URL_SETTINGS = [
  'ISSUE_API_URL', 'GITHUB_API_URL', 'CI_API_V4_URL', 'SLACK_API_URL', 'PAGERDUTY_EVENTS_URL', 'CHAT_WEBHOOK',
  'CI_PIPELINE_URL', 'BUILD_URL', 'CI_JOB_URL', 'CI_PROJECT_URL', 'GITHUB_SERVER_URL', 'CIRCLE_BUILD_URL', 'BUILDKITE_BUILD_URL',
  'REPORT_PROJECT',
] as const

/**
 * Every secret known to the run: `config`'s own ({@link configSecrets}) and every one registered so far
 * (lib/core/redact.ts), for redacting printed and published text.
 */
export function secretsOf(config: SecretHolder): string[] {
  return [...new Set([...configSecrets(config), ...registeredSecrets()])]
}

/**
 * Registers every secret of `config` and `env`: {@link configSecrets}, SLACK_BOT_TOKEN,
 * PAGERDUTY_ROUTING_KEY, CI_LOG_TOKEN; the password in any address setting ({@link URL_SETTINGS}), as
 * written and decoded, also in a malformed one, whose configuration problem echoes the value; a proxy's
 * password (lib/http/proxy.ts reads the same variables, in both cases, and the same way: without a
 * scheme, http://).
 */
export function registerConfigSecrets(env: Env, config: SecretHolder): void {
  registerSecret(...configSecrets(config), value(env, 'SLACK_BOT_TOKEN'), value(env, 'PAGERDUTY_ROUTING_KEY'), value(env, 'CI_LOG_TOKEN'))
  registerSecret(...URL_SETTINGS.flatMap((name) => passwordIn(value(env, name))))
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) if (value(env, name)) registerSecret(...credentialsIn(proxyAddress(value(env, name)!)))
}
