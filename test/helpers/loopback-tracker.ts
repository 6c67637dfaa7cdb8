// What the loopback trackers (loopback-github.ts, loopback-gitlab.ts) share: a real HTTP server on
// 127.0.0.1 that records every request, keeps a chat sink at `/chat`, and misbehaves when a test says so
// (faults.ts). Each tracker keeps its own routes (`route`) and its own answers (`send`, `error`).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { FaultKit, matches, record, type Fault, type FaultDialect, type Recorded, type RequestMatch } from './faults.ts'
import { LoopbackServer } from './loopback-server.ts'

/** A loopback tracker's server and fault kit; a subclass answers its API. Always `close()` it. */
export abstract class LoopbackTracker {
  readonly requests: Recorded[] = []
  /**
   * Requests the API's own description refuses, each with why, answered as the API refuses them. A fake
   * that answered them would let a wrong request in lib/ pass, so close() fails when there are any; a test
   * that sends one on purpose takes it out of this list.
   */
  readonly refused: string[] = []
  /** Bodies posted to the chat sink at `/chat`. */
  readonly chat: Recorded[] = []
  /** `http://127.0.0.1:<port>` once listening. */
  url = ''
  protected readonly faults: FaultKit
  // The API's path prefix, cut from recorded paths (GitLab's `/api/v4`).
  private readonly prefix: string
  private readonly http = new LoopbackServer((req, res) => void this.handle(req, res))

  constructor(dialect: FaultDialect, prefix = '') {
    this.faults = new FaultKit(dialect)
    this.prefix = prefix
  }

  async listen(): Promise<this> {
    this.url = await this.http.listen()
    return this
  }

  /** Stops the server and drops every open connection, hung ones included; fails if any request was {@link refused}. */
  async close(): Promise<void> {
    await this.http.close()
    if (this.refused.length) {
      throw new Error(`${this.constructor.name} got ${this.refused.length} request(s) its API's description refuses:\n${this.refused.join('\n')}`)
    }
  }

  get chatUrl(): string {
    return `${this.url}/chat`
  }

  /**
   * Answers the next `times` requests matching `method` and `path` (as recorded: GitLab's after `/api/v4`;
   * with its query, when given) with `fault`, after `skip` matching ones answered normally.
   */
  inject(method: string, path: RequestMatch, fault: Fault, times = 1, skip = 0): void {
    this.faults.inject(method, path, fault, times, skip)
  }

  /** Answers the next chat posts with `fault`, one post per element of the list. */
  injectChat(fault: Fault, times = 1): void {
    this.faults.injectChat(fault, times)
  }

  /**
   * Holds the next `count` issue-list requests until the last of them has arrived, then answers them
   * all: concurrent reporters all see the list as it was before any of them created.
   */
  holdLists(count: number): void {
    this.faults.holdLists(count)
  }

  /** API requests (not the chat sink's), optionally only those of one method and path pattern (and query). */
  calls(method?: string, path?: RequestMatch): Recorded[] {
    return this.requests.filter((r) => (!method || r.method === method) && (!path || matches(path, r)))
  }

  /** Answers an API request; `pathname` is the whole path as sent, absent when a fault commits a write. */
  protected abstract route(r: Recorded, res: ServerResponse, pathname?: string): Promise<void>
  /** Sends `data` (JSON, or text for a string) with the headers this tracker always sends. */
  protected abstract send(res: ServerResponse, status: number, data: unknown, headers?: Record<string, string>): void
  /** The tracker's answer to a body that is not well-formed JSON. */
  protected abstract unparsable(res: ServerResponse): void
  /** Why the API's own description refuses `r` (none: it takes it), and the API's answer to that. */
  protected abstract describe(r: Recorded): { problems: readonly string[]; refuse: (res: ServerResponse) => void }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { recorded, pathname, unparsable } = await record(req, this.url, this.prefix)
    // A longer path (/chat/…) stands for a webhook address whose path is the secret, as Slack's are.
    if (pathname === '/chat' || pathname?.startsWith('/chat/')) {
      this.chat.push(recorded)
      const fault = this.faults.takeChat()
      if (fault) return this.fail(req, res, recorded, fault)
      return unparsable ? this.send(res, 400, 'invalid_payload') : this.send(res, 200, 'ok')
    }
    this.requests.push(recorded)
    if (unparsable) return this.unparsable(res)
    const described = this.describe(recorded)
    if (described.problems.length) {
      const query = recorded.query.size ? `?${recorded.query}` : ''
      this.refused.push(`${recorded.method} ${recorded.path}${query}: ${described.problems.join('; ')}`)
    }

    // A fault the test asked for is its answer even to a refused request (kept all the same).
    const fault = this.faults.take(recorded)
    if (fault) return this.fail(req, res, recorded, fault)
    if (described.problems.length) return described.refuse(res)
    await this.faults.hold(recorded)
    await this.route(recorded, res, pathname)
  }

  private fail(req: IncomingMessage, res: ServerResponse, recorded: Recorded, fault: Fault): Promise<void> {
    return this.faults.answer(req, res, fault, (...a) => this.send(...a), (out) => this.route(recorded, out), recorded)
  }
}
