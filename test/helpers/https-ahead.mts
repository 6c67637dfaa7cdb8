// Run as a child process by test/e2e/http/agent-tls.test.ts: opens a connection ahead to AHEAD (as the
// executable does, lib/http/preconnect.ts), then, when GET is set, fetches it (at once, or with LATER set a
// while later, as the command's first request comes after its modules have loaded) and prints one JSON
// line, { status, body, connects } or { error } with the failure's code; `connects` counts the TCP
// connections this process opened, the one ahead included. Then it does nothing more: the test checks that
// the process exits on its own, with an idle kept-alive connection (or an unused one) still open.
import net from 'node:net'
import { fetchOverHttp } from '../../lib/http/fetch.ts'
import { preconnect } from '../../lib/http/preconnect.ts'

const { AHEAD, GET } = process.env
let connects = 0
const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  connects++
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args)
} as typeof connect
preconnect(AHEAD)
if (GET) {
  // Later: as the command's first request comes, after its modules have loaded.
  if (process.env.LATER) await new Promise((resolve) => setTimeout(resolve, 20))
  try {
    const response = await fetchOverHttp(GET)
    process.stdout.write(`${JSON.stringify({ status: response.status, body: await response.text(), connects })}\n`)
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    process.stdout.write(`${JSON.stringify({ error: cause?.code ?? String(error) })}\n`)
  }
}
