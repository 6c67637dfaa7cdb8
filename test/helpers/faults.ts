// The fault kit the loopback trackers share: how a request is recorded, how a test tells a server to
// misbehave (inject, injectChat, holdLists), and how an injected fault is answered. Each tracker keeps its
// own routes and its own error shapes; only what they say differently is passed in (FaultDialect).
import type { IncomingMessage, ServerResponse } from 'node:http'

/** One request as the server saw it. */
export interface Recorded {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: IncomingMessage['headers']
  readonly body: string
  /** `body` parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown
}

/** How one injected fault answers. */
export type Fault =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { reset: true }
  | { hang: true }
  /** Create: store the issue, then answer with this status (a committed write whose answer is lost). */
  | { commitThen: number }
  /** Create: store the issue, then drop the connection or never answer. */
  | { commitThen: 'reset' | 'hang' }
  /** Send the status line, headers and half a body, then never finish. */
  | { stall: true }

/** What differs between the trackers' misbehaviour: their content type and error bodies. */
export interface FaultDialect {
  /** The content type of a stalled answer, and the half body it starts (the beginning of an issue list). */
  readonly stall: { readonly contentType: string; readonly chunk: string }
  /** The body of an injected status that gives none. */
  injectedBody(status: number): unknown
  /** The body of the answer to a write that was stored (`commitThen`). */
  committedBody(status: number): unknown
}

/** How a server answers: its own `send`, which adds the headers it always sends. */
export type Send = (res: ServerResponse, status: number, data: unknown, headers?: Record<string, string>) => void

interface Injection {
  method: string
  path: RegExp
  times: number
  fault: Fault
}

/** The request's body read in full and recorded; `path` is the URL's path less `prefix` when it starts with it. */
export async function record(req: IncomingMessage, origin: string, prefix = ''): Promise<{ recorded: Recorded; pathname: string; unparsable: boolean }> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  const body = raw.toString('utf8')
  const url = new URL(req.url ?? '/', origin)
  let json: unknown
  try {
    json = body ? JSON.parse(body) : undefined
  } catch {
    json = undefined
  }
  const path = prefix && url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname
  const recorded: Recorded = { method: req.method ?? 'GET', path, query: url.searchParams, headers: req.headers, body, json }
  // Like GitHub, GitLab and Slack, a server refuses a body that is not JSON in valid UTF-8 with well-formed strings.
  return { recorded, pathname: url.pathname, unparsable: raw.length > 0 && !isWellFormedJson(raw) }
}

/** The faults a test has asked one server for, used up as requests arrive. */
export class FaultKit {
  private readonly injections: Injection[] = []
  private readonly chatFaults: Fault[] = []
  private heldLists: { count: number; waiting: (() => void)[] } | undefined

  private readonly dialect: FaultDialect

  constructor(dialect: FaultDialect) {
    this.dialect = dialect
  }

  /** Answers the next `times` requests matching `method` and `path` (a recorded path) with `fault`. */
  inject(method: string, path: RegExp, fault: Fault, times = 1): void {
    this.injections.push({ method, path, times, fault })
  }

  /** Answers the next chat posts with `fault`, one post per element of the list. */
  injectChat(fault: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.chatFaults.push(fault)
  }

  /** Holds the next `count` issue-list requests until the last of them has arrived, then answers them all. */
  holdLists(count: number): void {
    this.heldLists = { count, waiting: [] }
  }

  /** The injected fault that answers `r`, used up; undefined when none is waiting for it. */
  take(r: Recorded): Fault | undefined {
    const injection = this.injections.find((i) => i.times > 0 && i.method === r.method && i.path.test(r.path))
    if (!injection) return undefined
    injection.times--
    return injection.fault
  }

  /** The fault that answers the next chat post, used up. */
  takeChat(): Fault | undefined {
    return this.chatFaults.shift()
  }

  /** While lists are held, an issue list (`GET …/issues`) waits here until the last held one has arrived. */
  async hold(r: Recorded): Promise<void> {
    const held = this.heldLists
    if (!held || r.method !== 'GET' || !/\/issues$/.test(r.path)) return
    if (--held.count === 0) this.heldLists = undefined
    await new Promise<void>((resolve) => {
      held.waiting.push(resolve)
      if (held.count === 0) for (const release of held.waiting) release()
    })
  }

  /**
   * Answers `res` with `fault`. A `commitThen` fault first runs the request through `commit` (the server's
   * routes) with an answer that goes nowhere, so the write is stored, then loses or replaces the answer.
   */
  async answer(req: IncomingMessage, res: ServerResponse, fault: Fault, send: Send, commit: (discard: ServerResponse) => Promise<void>): Promise<void> {
    if ('reset' in fault) return void req.socket.destroy()
    if ('hang' in fault) return
    if ('stall' in fault) {
      res.writeHead(200, { 'content-type': this.dialect.stall.contentType })
      return void res.write(this.dialect.stall.chunk)
    }
    if ('status' in fault) return send(res, fault.status, fault.body ?? this.dialect.injectedBody(fault.status), fault.headers)
    await commit({ statusCode: 0, headersSent: false, destroyed: false, setHeader() {}, end() {} } as unknown as ServerResponse)
    if (fault.commitThen === 'reset') return void req.socket.destroy()
    if (fault.commitThen === 'hang') return
    return send(res, fault.commitThen, this.dialect.committedBody(fault.commitThen))
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Whether `raw` is JSON in valid UTF-8 whose strings hold no lone surrogate (which no UTF-8 store can keep). */
export function isWellFormedJson(raw: Uint8Array): boolean {
  const wellFormed = (value: unknown): boolean =>
    typeof value === 'string'
      ? (value as string & { isWellFormed(): boolean }).isWellFormed()
      : typeof value === 'object' && value !== null
        ? Object.entries(value).every(([k, v]) => wellFormed(k) && wellFormed(v))
        : true
  try {
    return wellFormed(JSON.parse(utf8.decode(raw)))
  } catch {
    return false
  }
}
