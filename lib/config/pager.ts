// PagerDuty paging (PAGERDUTY_ROUTING_KEY): a report triggers an incident, a recovery resolves it. The
// routing key is a secret: it goes only into the body of the request to PAGERDUTY_EVENTS_URL.
// https://developer.pagerduty.com/docs/events-api-v2/overview/

import { trimmedValue, type Env } from './env.ts'

/** PagerDuty's own Events API; PAGERDUTY_EVENTS_URL replaces it (tests point it at a loopback server). */
export const DEFAULT_PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com'

/** The severities the Events API v2 takes. */
export const PAGER_SEVERITIES = ['critical', 'error', 'warning', 'info'] as const
export type PagerSeverity = (typeof PAGER_SEVERITIES)[number]

/** The paging settings; absent when PAGERDUTY_ROUTING_KEY is unset. */
export interface PagerConfig {
  readonly routingKey: string
  /** The Events API's base address, without a trailing slash. */
  readonly eventsUrl: string
  /** REPORT_PAGER_SEVERITY, default `error`. */
  readonly severity: PagerSeverity
  /** REPORT_PAGER_ENVIRONMENTS: only these environments page; empty means every one. */
  readonly environments: readonly string[]
}

/** Reads the paging settings from `env`, adding one line to `problems` per bad value; never echoes the key. */
export function readPager(env: Env, problems: string[]): PagerConfig | undefined {
  const routingKey = trimmedValue(env, 'PAGERDUTY_ROUTING_KEY')
  const severity = trimmedValue(env, 'REPORT_PAGER_SEVERITY') ?? 'error'
  if (!(PAGER_SEVERITIES as readonly string[]).includes(severity)) {
    problems.push(`REPORT_PAGER_SEVERITY must be one of ${PAGER_SEVERITIES.join(', ')}, got ${JSON.stringify(severity)}`)
  }
  const eventsUrl = (trimmedValue(env, 'PAGERDUTY_EVENTS_URL') ?? DEFAULT_PAGERDUTY_EVENTS_URL).replace(/\/+$/, '')
  // The routing key travels in this request's body; plain http off the machine is the one rule's [WARN]
  // (lib/config/plain-http.ts, applied by loadConfig).
  const web = URL.canParse(eventsUrl) && ['https:', 'http:'].includes(new URL(eventsUrl).protocol)
  if (!web) problems.push(`PAGERDUTY_EVENTS_URL must be an https URL such as ${DEFAULT_PAGERDUTY_EVENTS_URL}, got ${JSON.stringify(eventsUrl)}`)
  const environments = (trimmedValue(env, 'REPORT_PAGER_ENVIRONMENTS') ?? '').split(',').map((e) => e.trim()).filter(Boolean)
  if (routingKey === undefined) {
    if (trimmedValue(env, 'REPORT_PAGER_ENVIRONMENTS') !== undefined || trimmedValue(env, 'REPORT_PAGER_SEVERITY') !== undefined) {
      problems.push('REPORT_PAGER_SEVERITY and REPORT_PAGER_ENVIRONMENTS need PAGERDUTY_ROUTING_KEY (an Events API v2 integration key)')
    }
    return undefined
  }
  // An integration key is 32 characters of letters and digits; anything else is most likely a wrong value.
  if (!/^[A-Za-z0-9]{20,64}$/.test(routingKey)) problems.push('PAGERDUTY_ROUTING_KEY must be an Events API v2 integration key (32 letters and digits); the value given is not one')
  return Object.freeze({ routingKey, eventsUrl, severity: severity as PagerSeverity, environments: Object.freeze(environments) })
}
