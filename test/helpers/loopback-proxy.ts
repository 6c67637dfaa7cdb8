// A forward proxy on 127.0.0.1, like a corporate one: plain-http requests arrive in absolute form
// (`GET http://host:port/path`) and are passed on; `CONNECT host:port` opens a tunnel. It records what
// passes, and can require credentials (`Proxy-Authorization: Basic …`, else 407).
import { once } from 'node:events'
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'

/** One request as the proxy saw it. */
export interface Proxied {
  /** `GET`, `POST`, … for absolute-form requests; `CONNECT` for tunnels. */
  readonly method: string
  /** The absolute URL asked for, or `host:port` for a tunnel. */
  readonly target: string
  readonly proxyAuthorization: string | undefined
}

/** A loopback forward proxy: start with {@link startLoopbackProxy}, always `close()` it. */
export class LoopbackProxy {
  readonly seen: Proxied[] = []
  url = ''
  private readonly server: Server
  private readonly sockets = new Set<Socket>()
  private readonly credentials: string | undefined

  /** `credentials` (`user:password`), when given, is required of every request. */
  constructor(credentials?: string) {
    this.credentials = credentials
    this.server = createServer((req, res) => {
      if (!this.admit(req, req.url ?? '')) {
        res.writeHead(407, { 'proxy-authenticate': 'Basic realm="proxy"' }).end()
        return
      }
      const target = new URL(req.url ?? '')
      const headers = { ...req.headers }
      delete headers['proxy-authorization']
      delete headers['proxy-connection']
      const upstream = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => res.headersSent ? res.destroy() : res.writeHead(502).end())
      req.pipe(upstream)
    })
    this.server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
      if (!this.admit(req, req.url ?? '')) return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n')
      const [host = '', port = ''] = (req.url ?? '').split(':')
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
        upstream.write(head)
        upstream.pipe(client)
        client.pipe(upstream)
      })
      upstream.on('error', () => client.destroy())
      client.on('error', () => upstream.destroy())
    })
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  private admit(req: IncomingMessage, target: string): boolean {
    const proxyAuthorization = req.headers['proxy-authorization']
    this.seen.push({ method: req.method ?? '', target, proxyAuthorization })
    return !this.credentials || proxyAuthorization === `Basic ${Buffer.from(this.credentials).toString('base64')}`
  }

  async listen(): Promise<this> {
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  /** The proxy's address with the credentials in it, as a pipeline would set it. */
  get urlWithCredentials(): string {
    return this.credentials ? this.url.replace('http://', `http://${this.credentials}@`) : this.url
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** Starts a loopback forward proxy on 127.0.0.1 and a free port. */
export function startLoopbackProxy(credentials?: string): Promise<LoopbackProxy> {
  return new LoopbackProxy(credentials).listen()
}
