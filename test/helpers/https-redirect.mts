// Run as a child process by test/e2e/http/redirect-downgrade.test.ts (a process of its own, because its
// trusted roots, NODE_EXTRA_CA_CERTS, are read at its start): GETs FROM with fetch.ts and with stream.ts,
// each of which meets a redirect, and prints one JSON line per way, { status } or { error } with the
// failure's message and its cause's.
import { fetchOverHttp } from '../../lib/http/fetch.ts'
import { streamGet } from '../../lib/http/stream.ts'

const from = process.env.FROM!
const failed = (error: unknown) => ({ error: `${(error as Error).message}: ${((error as Error).cause as Error | undefined)?.message ?? ''}` })
try {
  const response = await fetchOverHttp(from)
  process.stdout.write(`${JSON.stringify({ status: response.status })}\n`)
} catch (error) {
  process.stdout.write(`${JSON.stringify(failed(error))}\n`)
}
try {
  const answer = await streamGet({ url: from, signal: AbortSignal.timeout(5000) })
  answer.cancel()
  process.stdout.write(`${JSON.stringify({ status: answer.status })}\n`)
} catch (error) {
  process.stdout.write(`${JSON.stringify(failed(error))}\n`)
}
