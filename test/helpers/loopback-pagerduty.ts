// A real HTTP server on 127.0.0.1 that answers like PagerDuty's Events API v2 (POST /v2/enqueue): it
// checks events as PagerDuty documents them, records them, keeps which incidents are open, and can be
// told to answer the next events with a fault (a 429, a 5xx).
// https://developer.pagerduty.com/docs/events-api-v2/trigger-events/
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LoopbackServer } from './loopback-server.ts'
import { serveFault, type Fault, type Recorded } from './faults.ts'

/** One event as received. */
export interface PagerEvent {
  readonly headers: IncomingMessage['headers']
  readonly path: string
  readonly json: Record<string, unknown>
}

/** The loopback Events API. */
export class LoopbackPagerDuty {
  /** The integration key it accepts: 32 letters and digits, as PagerDuty's are. */
  readonly routingKey: string
  /** Every POST, faults included, in order. */
  readonly events: PagerEvent[] = []
  /** Open incidents by dedup key, with how many triggers each got. */
  readonly open = new Map<string, number>()
  private readonly faults: (number | 'hang' | Fault)[] = []
  private readonly http = new LoopbackServer((req, res) => void this.handle(req, res))
  url = ''

  constructor(routingKey = 'R0UT1NGKEY0123456789abcdefABCDEF') {
    this.routingKey = routingKey
  }

  async listen(): Promise<this> {
    this.url = await this.http.listen()
    return this
  }

  close(): Promise<void> {
    return this.http.close()
  }

  /** The environment a reporter needs to page here. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { PAGERDUTY_ROUTING_KEY: this.routingKey, PAGERDUTY_EVENTS_URL: this.url, ...extra }
  }

  /**
   * Answers the next `times` events with `status` (429 carries PagerDuty's throttling message), never
   * (`hang`), or with one of the shared kit's faults (faults.ts).
   */
  inject(status: number | 'hang' | Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push(status)
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    let json: Record<string, unknown> = {}
    try {
      json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    } catch {
      return this.send(res, 400, { status: 'invalid event', message: 'Event object is invalid', errors: ['Body is not JSON'] })
    }
    this.events.push({ headers: req.headers, path: req.url ?? '', json })
    if (req.method !== 'POST' || req.url !== '/v2/enqueue') return this.send(res, 404, { message: 'Not Found' })
    const fault = this.faults.shift()
    if (fault === 'hang') return
    if (typeof fault === 'object' && !('commitThen' in fault)) {
      const recorded: Recorded = { method: req.method ?? 'POST', path: req.url ?? '', query: new URLSearchParams(), headers: req.headers, body: JSON.stringify(json), json }
      return serveFault(req, res, fault, { send: (out, status, body) => this.send(out, status, body), recorded })
    }
    if (typeof fault === 'object') throw new Error('the loopback PagerDuty takes no write faults')
    if (fault) return this.send(res, fault, fault === 429 ? { status: 'throttle event', message: 'Requests for this service are arriving too quickly.' } : { message: 'Internal Server Error' })
    const errors = this.check(json)
    if (errors.length) return this.send(res, 400, { status: 'invalid event', message: 'Event object is invalid', errors })
    const key = json.dedup_key as string
    if (json.event_action === 'trigger') this.open.set(key, (this.open.get(key) ?? 0) + 1)
    if (json.event_action === 'resolve') this.open.delete(key)
    this.send(res, 202, { status: 'success', message: 'Event processed', dedup_key: key })
  }

  // The Events API v2 rules this project relies on.
  private check(json: Record<string, unknown>): string[] {
    const errors: string[] = []
    if (json.routing_key !== this.routingKey) errors.push('Invalid routing key')
    if (!['trigger', 'acknowledge', 'resolve'].includes(json.event_action as string)) errors.push("'event_action' is invalid")
    if (typeof json.dedup_key !== 'string' || json.dedup_key.length > 255) errors.push("'dedup_key' is invalid")
    if (json.event_action === 'trigger') {
      const payload = json.payload as Record<string, unknown> | undefined
      if (typeof payload?.summary !== 'string' || payload.summary.length > 1024) errors.push("'payload.summary' is missing or too long")
      if (typeof payload?.source !== 'string' || payload.source.length > 255) errors.push("'payload.source' is missing or too long")
      if (!['critical', 'error', 'warning', 'info'].includes(payload?.severity as string)) errors.push("'payload.severity' is invalid")
    }
    return errors
  }
}

/** Starts a loopback Events API. */
export async function startLoopbackPagerDuty(routingKey?: string): Promise<LoopbackPagerDuty> {
  return new LoopbackPagerDuty(routingKey).listen()
}
