// Preloaded by `npm run bench` (through npm's node-options for the zx cases, NODE_OPTIONS=--import for the
// installed command) into a few extra runs: when Node finished bootstrapping, when this preload ran, the
// reporter's own phases (published on the `deploy-failure-reporter:phase` channel: modules evaluated,
// configuration read), when each HTTP request starts and ends (Node's fetch and node:http both report them
// on diagnostics channels) and when the process exits, in ms since the process started; then the CPU time
// the process used (user + system). Printed as one `BENCH-PHASES <json> <cpu ms>` line on stderr.
import dc from 'node:diagnostics_channel'

const now = () => Math.round(performance.now() * 10) / 10
const events = [[Math.round(performance.nodeTiming.bootstrapComplete * 10) / 10, 'node ready'], [now(), 'preload']]
const path = (p) => p.replace(/\?.*/, '')
dc.subscribe('deploy-failure-reporter:phase', (name) => events.push([now(), name]))
dc.subscribe('undici:request:create', ({ request }) => events.push([now(), `${request.method} ${path(request.path)}`]))
dc.subscribe('undici:request:trailers', () => events.push([now(), 'answered']))
dc.subscribe('http.client.request.start', ({ request }) => events.push([now(), `${request.method} ${path(request.path)}`]))
dc.subscribe('http.client.response.finish', () => events.push([now(), 'answered']))
process.on('exit', () => {
  const { user, system } = process.cpuUsage()
  process.stderr.write(`BENCH-PHASES ${JSON.stringify([...events, [now(), 'exit']])} ${Math.round((user + system) / 100) / 10}\n`)
})
