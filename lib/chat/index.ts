// The chat notifier a run uses, from the configuration. Formats other than the spec's webhook go here.
import type { Config } from '../config/config.ts'
import type { ChatNotifier } from '../core/chat.ts'
import { createWebhookNotifier } from './webhook.ts'

/** The notifier for CHAT_WEBHOOK, or undefined when no chat is configured. */
export function createNotifier(config: Pick<Config, 'chatWebhook' | 'chatTimeoutMs'>): ChatNotifier | undefined {
  return config.chatWebhook ? createWebhookNotifier(config.chatWebhook, config.chatTimeoutMs) : undefined
}
