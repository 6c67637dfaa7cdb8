// One kept-alive connection per origin, which can be opened before the first request needs it.
//
// A request to a new origin first waits for TCP's handshake and then TLS's: two round trips, 80 ms at
// 40 ms each, before a byte of the request leaves. The reporter knows its API and chat origins from the
// environment at start, so it opens both while its modules load and while the API work runs
// (`preconnect`), and every later request to that origin reuses the connection (keep-alive), as curl
// cannot across its separate processes. docs/performance.md has the measurements.
//
// Node's Agent has no public "connect ahead" call; what it does have is `createConnection`, the one
// place it makes a socket for an origin with no free one. The agents here hand out the socket opened
// ahead there, once, and otherwise make one as Node would.
import { createRequire } from 'node:module'
import type * as Http from 'node:http'
import { connect, isIP, type Socket } from 'node:net'
import type * as Tls from 'node:tls'

// Required, not imported, like node:http in fetch.ts: on Node 24 the ES module view reads every export.
const load = createRequire(import.meta.url)

/** The `request` function and kept-alive agent for one protocol. */
export interface Transport {
  readonly request: typeof Http.request
  readonly agent: Http.Agent
  /** Opens a connection to `url`'s origin for the next request there to take. */
  open(url: URL): void
}

const transports = new Map<string, Transport>()

function make(protocol: 'http:' | 'https:'): Transport {
  // node:https (and so TLS) is loaded only when an https origin is used: a plain-http run never pays for it.
  const mod = load(protocol === 'https:' ? 'node:https' : 'node:http') as typeof Http
  // Per origin, the connection opened ahead; `take` hands it out (TLS added first if not yet), once.
  const ahead = new Map<string, { take(): Socket }>()
  const keyOf = (host: string, port: number | string) => `${host}:${port}`
  class ConnectingAhead extends mod.Agent {
    override createConnection(options: Http.ClientRequestArgs, callback?: Parameters<Http.Agent['createConnection']>[1]) {
      const key = keyOf(String(options.host), String(options.port))
      const opened = ahead.get(key)
      ahead.delete(key)
      const socket = opened?.take()
      if (socket && !socket.destroyed) {
        // Held unref'd while waiting, so an unused one never keeps the process alive; in use, it counts.
        socket.ref()
        return socket
      }
      return super.createConnection(options, callback)
    }
  }
  // keepAlive: the connection stays open between requests; Node unrefs idle ones, so exit never waits.
  // Over TLS that unref reaches the TCP handle too: the TLS layer forwards ref/unref to the handle it
  // wraps, the one net.connect made below (test/http/agent-tls.test.ts checks it in processes of their
  // own). So nothing has to close connections when a command ends, in the executable or a zx script.
  const agent = new ConnectingAhead({ keepAlive: true })
  const defaultPort = protocol === 'https:' ? 443 : 80
  return {
    request: mod.request,
    agent,
    open(url) {
      const host = url.hostname.replace(/^\[|\]$/g, '')
      const port = Number(url.port) || defaultPort
      const key = keyOf(host, port)
      if (ahead.has(key)) return
      // A connection that fails ahead is left alone (silent): the request then opens its own and reports
      // that error. Nagle off, as Node's http client and curl have it. Unref'd until a request takes it.
      const quiet = (socket: Socket) => socket.on('error', () => {}).setNoDelay(true).unref()
      if (protocol === 'http:') {
        const socket = quiet(mod.Agent.prototype.createConnection.call(agent, { host, port, path: null }) as Socket)
        ahead.set(key, { take: () => socket })
        return
      }
      // TCP first, TLS a turn later. tls.connect's first call builds the secure context from Node's root
      // certificates (~25 ms of CPU on the main thread); made before the SYN, it held the SYN back that
      // long. Now the SYN leaves first and the context is built while TCP's handshake is on the wire.
      const tcp = quiet(connect({ host, port, noDelay: true }))
      let secure: Socket | undefined
      // Refused or reset before TLS was added: handed out as it is, destroyed, so the request opens its own.
      const take = () => (tcp.destroyed && !secure ? tcp : (secure ??= quiet(wrapTls(tcp, host, port))))
      ahead.set(key, { take })
      setImmediate(take).unref()
    },
  }
}

// What Node's https Agent gives tls.connect for a request with no TLS options of its own (ours set
// none: fetch.ts): the host for the certificate check, and the servername for SNI, which is a host
// name's and never an IP address's (RFC 6066, section 3). Certificates are verified as always
// (rejectUnauthorized is tls.connect's default, true) against Node's roots and NODE_EXTRA_CA_CERTS.
function wrapTls(socket: Socket, host: string, port: number): Socket {
  const tls = load('node:tls') as typeof Tls
  return tls.connect({ socket, host, port, servername: isIP(host) ? '' : host })
}

/** The transport for `protocol`, made on first use. */
export function transportFor(protocol: 'http:' | 'https:'): Transport {
  let transport = transports.get(protocol)
  if (!transport) transports.set(protocol, (transport = make(protocol)))
  return transport
}
