import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AHEAD_MAX_IDLE_MS } from '../../../lib/http/agent.ts'
import { preconnect, preconnectForCommand } from '../../../lib/http/preconnect.ts'

// Two loopback origins (API and chat) that count the connections made to them.
async function origin(): Promise<{ url: string; count: () => number; server: Server }> {
  let connections = 0
  const server = createServer((_, res) => res.end('ok'))
  server.on('connection', () => connections++)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => connections, server }
}

const servers: Server[] = []
test.after.each(() => {
  for (const s of servers.splice(0)) s.close(), s.closeAllConnections()
})
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
// Until `done()` holds, polling, for at most 5 s: a loaded machine may take longer than any fixed pause
// to complete a connection, and the assertions after it still say what was opened.
const until = async (done: () => boolean) => {
  for (const end = Date.now() + 5_000; !done() && Date.now() < end; ) await settle()
}

const setup = async () => {
  const [api, chat] = [await origin(), await origin()]
  servers.push(api.server, chat.server)
  const env = { ISSUE_TOKEN: 't', ISSUE_REPO: 'acme/shop', ISSUE_API_URL: api.url, CHAT_WEBHOOK: `${chat.url}/hooks/secret` }
  return { api, chat, env }
}

test('report opens the API and the chat connections before any request; resolve only the API', async () => {
  const { api, chat, env } = await setup()
  assert.is(preconnectForCommand(['report', 'Deploy job failed'], env, false), true)
  await until(() => api.count() > 0 && chat.count() > 0)
  assert.equal([api.count(), chat.count()], [1, 1])
  const other = await setup()
  preconnectForCommand(['resolve'], other.env, false)
  await until(() => other.api.count() > 0)
  await settle()
  assert.equal([other.api.count(), other.chat.count()], [1, 0])
})

test('report opens one API connection more per read it has in flight at once: three with REPORT_CHANGES=auto (two beside the duplicate check, then three beside the last of those), one each for REPORT_FILE_AFTER and REPORT_FLAP', async () => {
  const cases: [Record<string, string>, number][] = [
    [{ REPORT_CHANGES: 'auto' }, 4],
    [{ REPORT_CHANGES: 'off' }, 1],
    [{ REPORT_CHANGES: 'auto', REPORT_FILE_AFTER: '3', REPORT_FLAP: '3/24h' }, 6],
  ]
  for (const [extra, expected] of cases) {
    const { api, env } = await setup()
    preconnectForCommand(['report', 'Deploy job failed'], { ...env, ...extra }, false)
    await until(() => api.count() >= expected)
    await settle()
    assert.is(api.count(), expected, JSON.stringify(extra))
  }
})

test('nothing is opened where the run may go elsewhere or make no request', async () => {
  const { api, chat, env } = await setup()
  const cases: [string[], Record<string, string>, boolean][] = [
    [['report', '--help'], env, false],
    [['report', '--dry-run'], env, false],
    [['doctor'], env, false],
    [['report'], env, true], // a .env file may change the addresses
    [['report'], { ...env, ISSUE_TRACKER: 'gitlab' }, false],
    [['report'], { ...env, ISSUE_REPO: '' }, false],
    [['report'], { ...env, ISSUE_TOKEN: '' }, false],
    [['report'], { ...env, HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9' }, false],
  ]
  for (const [argv, e, dotenv] of cases) assert.is(preconnectForCommand(argv, e, dotenv), false, argv.join(' '))
  await settle()
  assert.equal([api.count(), chat.count()], [0, 0])
})

// The plugin API runs several reports in one process: each run's connections are taken or closed within
// AHEAD_MAX_IDLE_MS, so a run after that opens its own. (Before, the first run's record kept every later
// one, and any server later given the same port, from opening ahead at all.)
test('an origin opened ahead is not opened again within a run, and is again once the last one\'s would have gone', async () => {
  const { api } = await setup()
  assert.is(preconnect(api.url, {}), true)
  assert.is(preconnect(api.url, {}), false, 'the second ask of the same run')
  const now = performance.now.bind(performance)
  performance.now = () => now() + AHEAD_MAX_IDLE_MS + 1
  try {
    assert.is(preconnect(api.url, {}), true, 'a later run')
  } finally {
    performance.now = now
  }
})

test.run()
