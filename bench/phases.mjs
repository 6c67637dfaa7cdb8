// Preloaded by `npm run bench` into the zx process of a few extra runs: when each HTTP request of the
// process starts and ends (Node's fetch reports both on diagnostics channels) and when the process exits,
// in ms since the process started. Printed as one `BENCH-PHASES <json>` line on stderr.
import dc from 'node:diagnostics_channel'

const now = () => Math.round(performance.now() * 10) / 10
const events = []
dc.subscribe('undici:request:create', ({ request }) => events.push([now(), `${request.method} ${request.path.replace(/\?.*/, '')}`]))
dc.subscribe('undici:request:trailers', () => events.push([now(), 'answered']))
process.on('exit', () => process.stderr.write(`BENCH-PHASES ${JSON.stringify([...events, [now(), 'exit']])}\n`))
