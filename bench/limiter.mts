// `npx zx bench/limiter.mts [requests] [rounds]`: what plugin-throttling's limiters add to each request, on
// loopback, in one process: the same sequential GETs and POSTs through a plain Octokit, through the
// throttled one with the plugin's default (Bottleneck's light build), and through the throttled one with
// our limiter (lib/core/retry/limiter.ts) passed as its `Bottleneck` option. Writes are paced 0 ms apart
// (our pacing groups, as the tests' REPORT_WRITE_INTERVAL=0) so only the limiters' own overhead shows.
// Interleaved rounds; the median ms per request. Not a test: it prints figures.
import http from 'node:http'
import { Octokit } from '@octokit/core'
import { throttling } from '@octokit/plugin-throttling'
import Bottleneck from 'bottleneck/light.js'
import { Limiter } from '../lib/core/retry/limiter.ts'

const requests = Number(process.argv[3] ?? 30)
const rounds = Number(process.argv[4] ?? 5)
const server = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => res.setHeader('content-type', 'application/json').end('{"ok":1}'))
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
const Throttled = Octokit.plugin(throttling)
const limits = { onRateLimit: () => false, onSecondaryRateLimit: () => false }
// Each kind in a fresh module state is not possible (the plugin keeps its groups per process), so each
// client gets its own global group through the same option the plugin reads its write group from.
const clients = {
  plain: new Octokit({ baseUrl }),
  bottleneck: new Throttled({ baseUrl, throttle: { ...limits, global: new Bottleneck.Group({ maxConcurrent: 10 }), write: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }), notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }), retryLimiter: new Bottleneck() } as never }),
  limiter: new Throttled({ baseUrl, throttle: { ...limits, global: new Limiter.Group({ maxConcurrent: 10 }), write: new Limiter.Group({ maxConcurrent: 1, minTime: 0 }), notifications: new Limiter.Group({ maxConcurrent: 1, minTime: 0 }), retryLimiter: new Limiter() } as never }),
}
const perRequest = async (client: Octokit, method: string) => {
  const started = performance.now()
  for (let i = 0; i < requests; i++) await client.request(`${method} /repos/o/r/issues`)
  return (performance.now() - started) / requests
}
const figures: Record<string, number[]> = {}
for (let round = 0; round < rounds + 1; round++) {
  for (const [name, client] of Object.entries(clients)) {
    for (const method of ['GET', 'POST']) {
      const ms = await perRequest(client, method)
      if (round > 0) (figures[`${name} ${method}`] ??= []).push(ms) // round 0 warms up
    }
  }
}
server.close()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
console.log(`ms per request, median of ${rounds} rounds of ${requests} sequential requests (loopback):`)
for (const [name, ms] of Object.entries(figures)) console.log(`  ${name.padEnd(16)} ${median(ms).toFixed(2)}`)
