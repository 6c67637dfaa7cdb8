// The one way a test server listens: node:http on 127.0.0.1 (never another address: tests reach loopback
// only), on a free port, and a close() that drops every connection, hung ones included, so no test
// leaves a socket or a server behind. Every loopback fake (trackers, CI APIs, chat, pager, proxy) is built on it.
import { once } from 'node:events'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** A node:http server for one loopback fake: `listen()` it, and always `close()` it. */
export class LoopbackServer {
  readonly server: Server
  /** `http://127.0.0.1:<port>` once listening. */
  url = ''
  private readonly sockets = new Set<Socket>()

  constructor(handler: RequestListener) {
    this.server = createServer(handler)
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  /** Listens on 127.0.0.1 on a free port; resolves with {@link url}. */
  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this.url
  }

  /** Stops the server and drops every open connection, hung and tunnelled ones included. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
