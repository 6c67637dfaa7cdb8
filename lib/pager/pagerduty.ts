// PagerDuty's Events API v2 behind the core's Pager seam: `trigger` opens (or adds to) the incident of a
// `dedup_key`, `resolve` closes it. The routing key goes only into the body of the request to the Events
// API; it is a secret and is never printed (secretsOf in lib/config/secrets.ts).
// https://developer.pagerduty.com/docs/events-api-v2/trigger-events/
// https://developer.pagerduty.com/docs/events-api-v2/resolve-events/
import type { Incident, Pager } from '../core/pager.ts'
import { ApiError } from '../core/errors.ts'
import { fetchQuietly, MAX_SMALL_ANSWER_BYTES } from '../http/fetch.ts'
import { redactDeep } from '../core/redact.ts'

/** What the pager needs from the configuration. */
export interface PagerDutyOptions {
  readonly routingKey: string
  /** The Events API's base address, without a trailing slash. */
  readonly eventsUrl: string
  readonly timeoutMs: number
}

// The Events API limits: summary 1024 characters, source 255, dedup_key 255.
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

/** The Events API v2 body for `action` on `key`. */
export function eventBody(routingKey: string, action: 'trigger' | 'resolve', key: string, incident?: Incident): Record<string, unknown> {
  const base = { routing_key: routingKey, event_action: action, dedup_key: cut(key, 255) }
  if (!incident) return base
  // The door out (lib/core/redact.ts), before the cuts below: a secret cut in half would no longer be found.
  incident = redactDeep(incident)
  return {
    ...base,
    payload: {
      summary: cut(incident.summary, 1024),
      source: cut(incident.source, 255),
      severity: incident.severity,
      custom_details: incident.details,
    },
    links: incident.links,
  }
}

/** A {@link Pager} sending to PagerDuty's Events API v2 at `options.eventsUrl`. */
export function createPagerDuty(options: PagerDutyOptions): Pager {
  const send = async (body: Record<string, unknown>): Promise<void> => {
    let response: Response
    try {
      response = await fetchQuietly(`${options.eventsUrl}/v2/enqueue`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
        // A redirect could carry the body, and the key in it, to another host.
        redirect: 'error',
        maxBytes: MAX_SMALL_ANSWER_BYTES,
      })
    } catch (cause) {
      throw new ApiError('PagerDuty Events API did not answer', { transient: true, cause })
    }
    const text = await response.text().catch(() => '')
    if (response.status === 202 || response.ok) return
    // 429: throttled; 5xx: PagerDuty's side. Both may pass; 400 (a bad event) will not.
    const transient = response.status === 429 || response.status >= 500
    const message = (() => {
      try {
        return String((JSON.parse(text) as { message?: unknown }).message ?? '')
      } catch {
        return ''
      }
    })()
    throw new ApiError(`PagerDuty Events API answered ${response.status}${message ? ` (${message})` : ''}`, { status: response.status, transient })
  }
  return {
    name: 'PagerDuty',
    open: (incident) => send(eventBody(options.routingKey, 'trigger', incident.key, incident)),
    close: (key) => send(eventBody(options.routingKey, 'resolve', key)),
  }
}
