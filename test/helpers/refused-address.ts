// An address where a connection is refused, and stays refused while the test runs. A port freed by closing a
// server is refused only until the next test server that asks the kernel for a port gets it (seen: EPROTO
// where ECONNREFUSED was expected, the connection having reached another test's plain-http server). Here a
// listening server holds the port on 127.0.0.1, which blocks any bind of it to the wildcard address, and the
// address handed out is 127.0.0.3, loopback too, where no test listens: only the test itself may listen there.
import { once } from 'node:events'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface RefusedAddress {
  /** 127.0.0.3 */
  readonly host: string
  readonly port: number
  /** Lets the port go. */
  close(): Promise<void>
}

/** A host and port where nothing listens, nor will unless the test listens there itself. */
export async function refusedAddress(): Promise<RefusedAddress> {
  const holder = createServer((socket) => socket.destroy())
  holder.listen(0, '127.0.0.1')
  await once(holder, 'listening')
  return {
    host: '127.0.0.3',
    port: (holder.address() as AddressInfo).port,
    close: async () => {
      holder.close()
      await once(holder, 'close')
    },
  }
}
