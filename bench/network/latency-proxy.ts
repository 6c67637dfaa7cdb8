// A loopback link with a real network's delay: a TCP front that holds every chunk for a one-way delay in
// each direction, then a TLS terminator (the bench's certificate) in front of the plain-HTTP loopback
// server. The client's TLS handshake and every request cross the delayed link, so handshakes and round
// trips cost what they would at that distance.
//
// The kernel completes the TCP handshake on loopback at once, so the front adds it: a new connection's
// first byte leaves no earlier than one round trip after the connection was opened (when SYN-ACK would
// have arrived), which is when a client that writes at once (curl, Node) could have sent it.
//
// It counts, per connection: TCP connections and TLS handshakes (a connection whose first byte is a TLS
// handshake record, 0x16). Requests are counted by the loopback server; with HTTP/1.1 (the only protocol
// the terminator offers, so curl does not switch to HTTP/2) each request is one round trip, so
// round trips = connections + handshakes + requests.
import { createServer as createTcpServer, connect, type AddressInfo, type Server, type Socket } from 'node:net'
import { createServer as createTlsServer, type TLSSocket } from 'node:tls'

export interface LinkCounts {
  connections: number
  handshakes: number
}

export interface LatencyLink {
  /** `https://127.0.0.1:<port>`: the address clients use. */
  readonly url: string
  readonly counts: LinkCounts
  close(): Promise<void>
}

type Item = { at: number; chunk: Buffer } | { at: number; end: true }

// A one-way queue: chunks leave in order, each no earlier than its own time.
function delayedPipe(to: Socket) {
  const queue: Item[] = []
  let timer: NodeJS.Timeout | undefined
  const pump = () => {
    timer = undefined
    const now = performance.now()
    while (queue.length && queue[0]!.at <= now + 0.5) {
      const item = queue.shift()!
      if ('end' in item) to.end()
      else if (!to.destroyed) to.write(item.chunk)
    }
    if (queue.length) timer = setTimeout(pump, queue[0]!.at - now)
  }
  let last = 0
  return (item: Item) => {
    // Never before the item ahead of it: a link does not reorder a stream.
    const at = Math.max(item.at, last)
    last = at
    queue.push({ ...item, at })
    if (!timer) timer = setTimeout(pump, Math.max(0, at - performance.now()))
  }
}

/**
 * Starts a link to the plain-HTTP server at `targetPort` on 127.0.0.1, served over TLS with `key` and
 * `cert`, `oneWayMs` each way (0 still terminates TLS).
 */
export async function startLatencyLink(targetPort: number, tls: { key: Buffer; cert: Buffer }, oneWayMs: number): Promise<LatencyLink> {
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    // No Nagle anywhere on the link: with it, a small write waits for the peer's delayed ACK (up to
    // 40 ms on loopback), a delay no real link adds. curl and Node's http client set TCP_NODELAY too.
    socket.setNoDelay(true)
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    return socket
  }
  // TLS 1.3 only and HTTP/1.1 only, as one pinned setting for both clients: a full handshake is one round trip.
  const terminator: Server = createTlsServer({ ...tls, minVersion: 'TLSv1.3', ALPNProtocols: ['http/1.1'] }, (secure: TLSSocket) => {
    track(secure)
    const plain = track(connect(targetPort, '127.0.0.1'))
    secure.pipe(plain).pipe(secure)
    secure.on('close', () => plain.destroy())
    plain.on('close', () => secure.destroy())
  })
  terminator.on('tlsClientError', () => {})
  terminator.listen(0, '127.0.0.1')
  await new Promise((resolve) => terminator.once('listening', resolve))
  const terminatorPort = (terminator.address() as AddressInfo).port

  const counts: LinkCounts = { connections: 0, handshakes: 0 }
  const front: Server = createTcpServer((client) => {
    track(client)
    counts.connections++
    const opened = performance.now()
    const server = track(connect(terminatorPort, '127.0.0.1'))
    const up = delayedPipe(server)
    const down = delayedPipe(client)
    let first = true
    // Up: not before the TCP handshake's round trip is over, then the one-way delay.
    const upAt = () => Math.max(performance.now(), opened + 2 * oneWayMs) + oneWayMs
    client.on('data', (chunk: Buffer) => {
      if (first && chunk[0] === 0x16) counts.handshakes++
      first = false
      up({ at: upAt(), chunk })
    })
    client.on('end', () => up({ at: upAt(), end: true }))
    server.on('data', (chunk: Buffer) => down({ at: performance.now() + oneWayMs, chunk }))
    server.on('end', () => down({ at: performance.now() + oneWayMs, end: true }))
    client.on('close', () => setTimeout(() => server.destroy(), oneWayMs + 1))
    server.on('close', () => setTimeout(() => client.destroy(), oneWayMs + 1))
  })
  front.listen(0, '127.0.0.1')
  await new Promise((resolve) => front.once('listening', resolve))
  return {
    url: `https://127.0.0.1:${(front.address() as AddressInfo).port}`,
    counts,
    async close() {
      for (const socket of sockets) socket.destroy()
      await Promise.all([front, terminator].map((s) => new Promise((resolve) => s.close(resolve))))
    },
  }
}
