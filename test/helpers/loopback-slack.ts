// A real HTTP server on 127.0.0.1 that answers like Slack's Web API for chat.postMessage and chat.update:
// HTTP 200 with `{ok, …}`, `ok: false` with an error code, 429 with Retry-After. It records every request
// and checks the bearer token on each. https://api.slack.com/web#responses
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FaultKit, serveFault, type Fault, type Recorded, type Send } from './faults.ts'

/** One request as the server saw it. */
export interface SlackRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly json: Record<string, unknown>
}

/** A message as stored: `thread_ts` set for replies; `text` changes on chat.update. */
export interface SlackMessage {
  readonly channel: string
  readonly ts: string
  readonly thread_ts?: string
  text: string
  edited: boolean
}

/** How the next call to a method answers instead of normally. */
export type SlackFault = { status: 429; retryAfter: number } | { error: string } | { status: number }

export class LoopbackSlack {
  readonly requests: SlackRequest[] = []
  readonly messages: SlackMessage[] = []
  /** Channel names (`#deploys`) and the ids they resolve to; answers always name the id. */
  readonly channels = new Map([['#deploys', 'C0DEPLOY'], ['C0DEPLOY', 'C0DEPLOY']])
  readonly token: string
  private readonly faults: { method: string; fault: SlackFault }[] = []
  private readonly kit = new FaultKit({ stall: { contentType: 'application/json', chunk: '{"ok":tr' }, injectedBody: () => ({ ok: false }), committedBody: () => ({ ok: false }) })
  private clock = 1_764_000_000
  private readonly server: Server

  constructor(token: string) {
    this.token = token
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        let json: Record<string, unknown> = {}
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        } catch {}
        const path = req.url ?? ''
        this.requests.push({ method: req.method ?? '', path, headers: req.headers, json })
        const body = Buffer.concat(chunks).toString('utf8')
        const recorded: Recorded = { method: req.method ?? '', path, query: new URLSearchParams(), headers: req.headers, body, json }
        const kitFault = this.kit.take(recorded)
        if (kitFault && !('commitThen' in kitFault)) {
          const send: Send = (out, status, data, headers) => void out.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(data))
          return void serveFault(req, res, kitFault, { send, recorded, dialect: { stall: { contentType: 'application/json; charset=utf-8', chunk: '{"ok":tr' }, injectedBody: () => ({ ok: false, error: 'fatal_error' }) } })
        }
        const { status, body: answer, headers } = this.answer(path.replace(/^\/api\//, ''), req.headers.authorization, json)
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
        res.end(JSON.stringify(answer))
      })
    })
  }

  /** Base address to give as SLACK_API_URL. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`
  }

  /** Makes the next call to `method` answer with `fault`. */
  inject(method: string, fault: SlackFault): void {
    this.faults.push({ method, fault })
  }

  /** Answers the next `times` calls to `method` (`chat.postMessage`) with one of the shared kit's faults (faults.ts). */
  fault(method: string, fault: Fault, times = 1): void {
    this.kit.inject('POST', new RegExp(`/${method.replace('.', '\\.')}$`), fault, times)
  }

  /** The messages in `channel` that are not replies, oldest first. */
  topLevel(): SlackMessage[] {
    return this.messages.filter((m) => m.thread_ts === undefined)
  }

  /** The replies in the thread of `ts`, oldest first. */
  replies(ts: string): SlackMessage[] {
    return this.messages.filter((m) => m.thread_ts === ts)
  }

  async listen(): Promise<this> {
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
    return this
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private answer(method: string, authorization: string | undefined, json: Record<string, unknown>) {
    const ok = (body: Record<string, unknown>) => ({ status: 200, body: { ok: true, ...body }, headers: {} })
    const error = (code: string) => ({ status: 200, body: { ok: false, error: code }, headers: {} })
    const faultAt = this.faults.findIndex((f) => f.method === method)
    if (faultAt >= 0) {
      const fault = this.faults.splice(faultAt, 1)[0]!.fault
      if ('retryAfter' in fault) return { status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': String(fault.retryAfter) } }
      if ('error' in fault) return error(fault.error)
      return { status: fault.status, body: { ok: false }, headers: {} }
    }
    if (authorization !== `Bearer ${this.token}`) return error(authorization ? 'invalid_auth' : 'not_authed')
    const channel = this.channels.get(String(json.channel ?? ''))
    if (!channel) return error('channel_not_found')
    if (typeof json.text !== 'string' || json.text === '') return error('no_text')
    if (method === 'chat.postMessage') {
      const threadTs = json.thread_ts === undefined ? undefined : String(json.thread_ts)
      if (threadTs !== undefined && !this.messages.some((m) => m.channel === channel && m.ts === threadTs)) return error('thread_not_found')
      const ts = `${++this.clock}.000100`
      this.messages.push({ channel, ts, ...(threadTs ? { thread_ts: threadTs } : {}), text: json.text, edited: false })
      return ok({ channel, ts, message: { text: json.text, ts } })
    }
    if (method === 'chat.update') {
      const message = this.messages.find((m) => m.channel === channel && m.ts === json.ts)
      if (!message) return error('message_not_found')
      message.text = json.text
      message.edited = true
      return ok({ channel, ts: message.ts, text: json.text })
    }
    return { status: 404, body: { ok: false, error: 'unknown_method' }, headers: {} }
  }
}

/** Starts a loopback Slack Web API that accepts only `token`; always `close()` it. */
export function startLoopbackSlack(token = 'xoxb-loopback-token'): Promise<LoopbackSlack> {
  return new LoopbackSlack(token).listen()
}
