// One kept-alive connection per origin, which can be opened before the first request needs it.
//
// A request to a new origin first waits for TCP's handshake and then TLS's: two round trips, 80 ms at
// 40 ms each, before a byte of the request leaves. The reporter knows its API and chat origins from the
// environment at start, so it opens both while its modules load and while the API work runs
// (`preconnect`), and every later request to that origin reuses the connection (keep-alive), as curl
// cannot across its separate processes. maintainers/performance.md has the measurements.
//
// Node's Agent has no public "connect ahead" call; what it does have is `createConnection`, the one
// place it makes a socket for an origin with no free one. The agents here hand out the socket opened
// ahead there, once, and otherwise make one as Node would.
import { createRequire } from 'node:module'
import type * as Http from 'node:http'
import { isIP, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'

// Required, not imported, like node:http in fetch.ts: on Node 24 the ES module view reads every export.
const load = createRequire(import.meta.url)

/** The `request` function and kept-alive agent for one protocol. */
export interface Transport {
  readonly request: typeof Http.request
  readonly agent: Http.Agent
  /** Opens a connection to `url`'s origin for the next request there to take; `count` keeps that many ready (default 1). */
  open(url: URL, count?: number): void
  /** How long the kept-alive connection `request` was given had been idle, in ms; 0 for a new one. */
  idleBefore(request: Http.ClientRequest): number
  /** Closes the kept-alive connections to `url`'s origin that have sat idle for `ms` or more, so the next request there opens a new one instead. */
  closeIdle(url: URL, ms: number): void
}

const transports = new Map<string, Transport>()

/**
 * A connection opened ahead and not taken within this long is closed and replaced at its first request.
 * Servers close idle connections (Node's http server after 5 s, `server.keepAliveTimeout`), and a request
 * written as the server's close arrives fails with ECONNRESET: seen when reading a 200 MB CI log kept the
 * API's connection idle for 5 s. A fresh connection costs two round trips; a reset costs the request.
 * https://nodejs.org/api/http.html#serverkeepalivetimeout
 */
export const AHEAD_MAX_IDLE_MS = 4_000

function make(protocol: 'http:' | 'https:'): Transport {
  // node:https (and so TLS) is loaded only when an https origin is used: a plain-http run never pays for it.
  const mod = load(protocol === 'https:' ? 'node:https' : 'node:http') as typeof Http
  // Usually one per origin; two when a run sends two requests there at once (docs/noise.md).
  const ahead = new Map<string, Socket[]>()
  const openedAt = new WeakMap<Socket, number>()
  const keyOf = (host: string, port: number | string) => `${host}:${port}`
  // When each kept-alive connection went back to the pool, and how long it had waited there when a
  // request took it: keepSocketAlive and reuseSocket are the Agent's documented hooks for both moments.
  // https://nodejs.org/api/http.html#agentkeepsocketalivesocket
  const freedAt = new WeakMap<Duplex, number>()
  const idle = new WeakMap<Http.ClientRequest, number>()
  class ConnectingAhead extends mod.Agent {
    // Node's documentation has it return whether the socket is kept; @types/node says void: its value is passed on.
    override keepSocketAlive(socket: Duplex): void {
      freedAt.set(socket, performance.now())
      return super.keepSocketAlive(socket)
    }
    override reuseSocket(socket: Duplex, request: Http.ClientRequest): void {
      idle.set(request, performance.now() - (freedAt.get(socket) ?? performance.now()))
      super.reuseSocket(socket, request)
    }

    override createConnection(options: Http.ClientRequestArgs, callback?: Parameters<Http.Agent['createConnection']>[1]) {
      const key = keyOf(String(options.host), String(options.port))
      const waiting = ahead.get(key) ?? []
      const socket = waiting.shift()
      if (!waiting.length) ahead.delete(key)
      const fresh = socket && performance.now() - (openedAt.get(socket) ?? 0) < AHEAD_MAX_IDLE_MS
      if (socket && !socket.destroyed && fresh) {
        // Held unref'd while waiting, so an unused one never keeps the process alive; in use, it counts.
        socket.ref()
        return socket
      }
      socket?.destroy()
      return super.createConnection(options, callback)
    }
  }
  // keepAlive: the connection stays open between requests; Node unrefs idle ones, so exit never waits.
  const agent = new ConnectingAhead({ keepAlive: true })
  const defaultPort = protocol === 'https:' ? 443 : 80
  const originOf = (url: URL) => ({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) || defaultPort })
  return {
    request: mod.request,
    agent,
    idleBefore: (request) => idle.get(request) ?? 0,
    closeIdle(url, ms) {
      const { host, port } = originOf(url)
      // agent.freeSockets is Node's documented pool of idle connections, keyed by agent.getName(), which
      // begins with host:port: (https adds its TLS options). It is read here, never changed: a destroyed
      // socket leaves it through the agent's own close handler, and until then is never handed out, since
      // the pool is in the order the connections were freed, so the stale ones are its head, which
      // addRequest skips when destroyed, and the one it takes is the most recently freed.
      // https://nodejs.org/api/http.html#agentfreesockets
      const now = performance.now()
      for (const [name, sockets] of Object.entries(agent.freeSockets)) {
        if (!name.startsWith(`${host}:${port}:`)) continue
        for (const socket of sockets ?? []) if (now - (freedAt.get(socket) ?? now) >= ms) socket.destroy()
      }
    },
    open(url, count = 1) {
      const { host, port } = originOf(url)
      const key = keyOf(host, port)
      // One closed since (refused, or closed by the server) is ready for nothing: it does not count.
      const waiting = (ahead.get(key) ?? []).filter((socket) => !socket.destroyed)
      // The options Node's Agent gives createConnection (servername for SNI, none for an IP address).
      const options = { host, port, servername: isIP(host) ? '' : host, path: null }
      // Up to `count` in all: each one opened here is a request that need not wait for its handshakes.
      while (waiting.length < count) {
        const socket = mod.Agent.prototype.createConnection.call(agent, options) as Socket
        // A connection that fails ahead is left alone: the request then opens its own and reports that error.
        socket.on('error', () => {})
        // Nagle off, as Node's http client and curl have it: a small write never waits for a delayed ACK.
        socket.setNoDelay(true)
        socket.unref()
        openedAt.set(socket, performance.now())
        waiting.push(socket)
      }
      ahead.set(key, waiting)
    },
  }
}

/** The transport for `protocol`, made on first use. */
export function transportFor(protocol: 'http:' | 'https:'): Transport {
  let transport = transports.get(protocol)
  if (!transport) transports.set(protocol, (transport = make(protocol)))
  return transport
}
