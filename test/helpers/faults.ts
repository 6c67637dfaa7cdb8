// The one fault kit every loopback service shares (the trackers, GitHub Actions, the GitLab CI API, the
// chat sinks, Slack's Web API, the pager): how a request is recorded, how a test tells a server to
// misbehave (inject, injectChat, holdLists), and how an injected fault is answered (serveFault). Each
// server keeps its own routes and its own error shapes; only what they say differently is passed in
// (FaultDialect). The faults: no answer, a reset, a stalled or slowly dripping body, a body that never
// ends, an oversized body announced by its length, a `Link` (and `x-next-page`) back to the same page, a
// GraphQL `endCursor` naming the page just read, a rate limit, a redirect (to another origin, or to plain http), and an error body that echoes the request, credentials
// and all.
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
  /** Send the status line and headers, then one byte of a JSON body every `everyMs` (default 200), for ever. */
  | { drip: true; everyMs?: number }
  /**
   * A 200 whose JSON list never ends, written as fast as the client reads it; `sent`, when given, gets the
   * bytes each such answer had written when the client left.
   */
  | { endless: true; sent?: number[] }
  /**
   * A complete, valid JSON list of `oversized` bytes, announced by its content-length and written as fast as
   * the client reads it; `sent`, when given, gets the bytes each such answer had written when it ended.
   */
  | { oversized: number; sent?: number[] }
  /** A rate limit asking the client to wait `rateLimit` seconds, in the service's words (FaultDialect.rateLimited). */
  | { rateLimit: number }
  /** A redirect (`status`, default 302) to `redirect`: another origin, or plain http. */
  | { redirect: string; status?: number }
  /** The answer the route gives, with `Link: rel="next"` and `x-next-page` naming this same page again. */
  | { cyclicLink: true }
  /**
   * The route's own GraphQL answer, each `pageInfo` in it saying a next page follows at the cursor this
   * request was sent as `after` (the first page: at the route's own `endCursor`): a server that repeats its
   * cursor. https://docs.github.com/en/graphql/guides/using-pagination-in-the-graphql-api
   */
  | { cyclicCursor: true }
  /** An error answer (`echo` is its status) whose body echoes the request: address, headers, body. */
  | { echo: number }

/** What differs between the trackers' misbehaviour: their content type and error bodies. */
export interface FaultDialect {
  /** The content type of a stalled answer, and the half body it starts (the beginning of an issue list). */
  readonly stall: { readonly contentType: string; readonly chunk: string }
  /** The body of an injected status that gives none. */
  injectedBody(status: number): unknown
  /** The body of the answer to a write that was stored (`commitThen`). */
  committedBody(status: number): unknown
  /** Its answer to a client that must wait `seconds`; else HTTP 429 with `Retry-After`, as most services say it. */
  rateLimited?(seconds: number): { status: number; body: unknown; headers: Record<string, string> }
}

/** How a server answers: its own `send`, which adds the headers it always sends. */
export type Send = (res: ServerResponse, status: number, data: unknown, headers?: Record<string, string>) => void

/**
 * Which requests a fault answers (or `calls` lists), besides the method: a recorded path, or a path and
 * the query parameters it must carry, each with this value, or absent where it is `null`. One path can
 * serve two reads: GitHub's issue list with `state=open` is the duplicate check, with `state=all` an
 * environment's record; GitLab's with `state=opened` and with no `state` at all.
 */
export type RequestMatch = RegExp | { readonly path: RegExp; readonly query: Readonly<Record<string, string | null>> }

/** Whether `r` is one of the requests `match` names. */
export function matches(match: RequestMatch, r: Pick<Recorded, 'path' | 'query'>): boolean {
  if (match instanceof RegExp) return match.test(r.path)
  return match.path.test(r.path) && Object.entries(match.query).every(([name, value]) => r.query.get(name) === value)
}

interface Injection {
  method: string
  path: RequestMatch
  times: number
  /** Matching requests still to pass untouched before the fault applies (a listing's later page). */
  skip: number
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

  /**
   * Answers the next `times` requests matching `method` and `path` (a recorded path, and the query when
   * given) with `fault`, after letting `skip` matching ones through (so a listing's second page can be
   * the faulty one).
   */
  inject(method: string, path: RequestMatch, fault: Fault, times = 1, skip = 0): void {
    this.injections.push({ method, path, times, skip, fault })
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
    const injection = this.injections.find((i) => i.times > 0 && i.method === r.method && matches(i.path, r))
    if (!injection) return undefined
    if (injection.skip > 0) {
      injection.skip--
      return undefined
    }
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
  async answer(req: IncomingMessage, res: ServerResponse, fault: Fault, send: Send, commit: (discard: ServerResponse) => Promise<void>, recorded?: Recorded): Promise<void> {
    if (!('commitThen' in fault)) return serveFault(req, res, fault, { dialect: this.dialect, send, route: (out) => commit(out), recorded })
    await commit({ statusCode: 0, headersSent: false, destroyed: false, setHeader() {}, end() {} } as unknown as ServerResponse)
    if (fault.commitThen === 'reset') return void req.socket.destroy()
    if (fault.commitThen === 'hang') return
    return send(res, fault.commitThen, this.dialect.committedBody(fault.commitThen))
  }
}

/** What {@link serveFault} needs from the server it answers for. */
export interface FaultContext {
  readonly dialect?: Pick<FaultDialect, 'stall' | 'injectedBody' | 'rateLimited'>
  /** The server's own answer, for a status fault (its headers and error shape). */
  readonly send: Send
  /** The server's normal answer to the request, for a cyclic `Link` on top of it. */
  readonly route?: (res: ServerResponse) => Promise<void> | void
  readonly recorded?: Recorded | undefined
}

// Waits until `res` can take more, or is gone; false once the client has gone.
async function written(res: ServerResponse, text: string): Promise<boolean> {
  if (res.destroyed) return false
  if (!res.write(text)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done).off('close', done)
        resolve()
      }
      res.on('drain', done).on('close', done)
    })
  }
  return !res.destroyed
}

/**
 * A writer of an answer's body (ASCII) that counts the bytes handed to `res`, the last write included: at
 * least what the client read. With `record` given, this answer's count is kept in it as it grows, one
 * entry per answer, so a test sees how much was written to a client that left.
 */
function counting(res: ServerResponse, record: number[] | undefined): { bytes: number; write(text: string): Promise<boolean> } {
  const at = (record?.push(0) ?? 0) - 1
  const body = {
    bytes: 0,
    async write(text: string) {
      if (res.destroyed) return false
      body.bytes += text.length
      if (record) record[at] = body.bytes
      return written(res, text)
    },
  }
  return body
}

const RECORD = JSON.stringify({ id: 1, iid: 1, number: 1, name: 'padding', title: 'padding', body: 'x'.repeat(900) })
const piece = `${RECORD},`.repeat(64)

/** Answers `res` with a fault that needs no write stored first: see {@link Fault}. */
export async function serveFault(req: IncomingMessage, res: ServerResponse, fault: Exclude<Fault, { commitThen: unknown }>, context: FaultContext): Promise<void> {
  const json = { 'content-type': context.dialect?.stall.contentType ?? 'application/json; charset=utf-8' }
  if ('reset' in fault) return void req.socket.destroy()
  if ('hang' in fault) return
  if ('stall' in fault) {
    res.writeHead(200, json)
    return void res.write(context.dialect?.stall.chunk ?? '[{"id":')
  }
  if ('redirect' in fault) return void res.writeHead(fault.status ?? 302, { location: fault.redirect, 'content-length': '0' }).end()
  if ('status' in fault) return context.send(res, fault.status, fault.body ?? context.dialect?.injectedBody(fault.status) ?? { message: 'Injected failure' }, fault.headers)
  if ('rateLimit' in fault) {
    const limited = context.dialect?.rateLimited?.(fault.rateLimit) ?? { status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': String(fault.rateLimit) } }
    return context.send(res, limited.status, limited.body, limited.headers)
  }
  if ('drip' in fault) {
    res.writeHead(200, json)
    const text = `[${RECORD},`
    for (let i = 0; await written(res, text[i % text.length]!); i++) await new Promise((resolve) => setTimeout(resolve, fault.everyMs ?? 200))
    return
  }
  if ('endless' in fault) {
    res.writeHead(200, json)
    const body = counting(res, fault.sent)
    if (await body.write('[')) while (await body.write(piece));
    return
  }
  if ('oversized' in fault) {
    // The body is exactly the announced size: records, JSON whitespace to fill, the last record.
    const last = `${RECORD}]`
    res.writeHead(200, { ...json, 'content-length': String(fault.oversized) })
    const body = counting(res, fault.sent)
    if (!(await body.write('['))) return
    while (body.bytes + piece.length + last.length <= fault.oversized && (await body.write(piece)));
    if (res.destroyed || !(await body.write(' '.repeat(fault.oversized - body.bytes - last.length)))) return
    res.end(last)
    return
  }
  if ('echo' in fault) {
    const r = context.recorded
    return context.send(res, fault.echo, { message: `echo of ${req.method} ${req.url}`, url: req.url, headers: req.headers, body: r?.body ?? '' })
  }
  if ('cyclicCursor' in fault) return cyclicCursor(res, context)
  // cyclicLink: the route's own answer, its paging headers replaced by ones naming this page again.
  const self = new URL(req.url ?? '/', `http://${req.headers.host}`)
  const paging = /^(link|x-next-page|x-page)$/i
  const setHeader = res.setHeader.bind(res)
  res.setHeader = ((name: string, value: string | number | readonly string[]) => (paging.test(name) ? res : setHeader(name, value))) as typeof res.setHeader
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, string>) => ServerResponse
  res.writeHead = ((status: number, headers: Record<string, string> = {}) =>
    writeHead(status, Object.fromEntries(Object.entries(headers).filter(([name]) => !paging.test(name))))) as unknown as typeof res.writeHead
  setHeader('link', `<${self.href}>; rel="next"`)
  setHeader('x-next-page', self.searchParams.get('page') ?? '1')
  await context.route?.(res)
}

// The route's answer to a GraphQL query, its every `pageInfo` naming the cursor the request was sent again.
async function cyclicCursor(res: ServerResponse, context: FaultContext): Promise<void> {
  const after = ((context.recorded?.json ?? {}) as { variables?: { after?: unknown } }).variables?.after
  const repeat = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return
    for (const [name, inner] of Object.entries(value)) {
      if (name === 'pageInfo' && typeof inner === 'object' && inner !== null) {
        const pageInfo = inner as { hasNextPage?: boolean; endCursor?: string | null }
        pageInfo.endCursor = typeof after === 'string' ? after : (pageInfo.endCursor ?? 'Y3ljbGlj')
        pageInfo.hasNextPage = true
      } else repeat(inner)
    }
  }
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse
  res.end = ((chunk?: unknown) => {
    if (typeof chunk !== 'string') return end(chunk)
    try {
      const body: unknown = JSON.parse(chunk)
      repeat(body)
      return end(JSON.stringify(body))
    } catch {
      return end(chunk)
    }
  }) as typeof res.end
  await context.route?.(res)
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
