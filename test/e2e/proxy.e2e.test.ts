// Behind a corporate proxy: every request of every tool goes through the proxy the environment names,
// as with curl, and its credentials are never printed. Each run is a process: undici's proxy agent is
// made once per process, from the environment of its first request (lib/http/proxy.ts). So each case is
// one run where one suffices: the variables' names and precedence are lib/http/proxy.ts's alone
// (test/integration/http/proxy.test.ts), and every command sends through the same fetch (lib/http/fetch.ts).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runScript } from '../helpers/helpers.ts'
import { FAST_ENV, FIXED_ENV } from '../helpers/fixtures.ts'
import { useLoopback } from '../helpers/servers.ts'

const PASSWORD = 'pr0xy-s3cret-pa55'
const CREDENTIALS = `deployer:${PASSWORD}`
const BASIC = `Basic ${Buffer.from(CREDENTIALS).toString('base64')}`

const servers = useLoopback(test, { github: true, proxy: CREDENTIALS })

const absolute = (path: string) => `${servers.gh.url}${path}`
const neverPrinted = (printed: string) => {
  assert.not.ok(printed.includes(PASSWORD), `the proxy password was printed:\n${printed}`)
  assert.not.ok(printed.includes(BASIC.slice(6)), 'the Proxy-Authorization value was printed')
}

// Lower-case http_proxy, as curl reads it; the upper-case HTTP_PROXY is the one the runs below set.
test('report: the list, the create and the chat post all pass through http_proxy (lower case), with its credentials', async () => {
  const r = await runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, http_proxy: servers.proxy.urlWithCredentials }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
  const through = servers.proxy.seen.map((p) => `${p.method} ${p.target.replace(/\?.*$/, '')}`)
  const reached = [...servers.gh.requests, ...servers.gh.chat].map((q) => `${q.method} ${absolute(q.path)}`)
  assert.equal(through.sort(), reached.sort(), 'the proxy saw exactly what the server answered')
  assert.ok(reached.includes(`POST ${absolute('/chat')}`) && reached.includes(`POST ${absolute('/repos/acme/shop/issues')}`))
  assert.ok(servers.proxy.seen.every((p) => p.proxyAuthorization === BASIC && p.method !== 'CONNECT'))
  neverPrinted(r.stdout + r.stderr)
})

test('NO_PROXY naming the host bypasses the proxy HTTP_PROXY names', async () => {
  const bypass = await runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, HTTP_PROXY: servers.proxy.urlWithCredentials, NO_PROXY: 'example.com, 127.0.0.1' }))
  assert.is(bypass.code, 0, bypass.stderr)
  assert.match(bypass.stdout, /^\[INFO\] Created issue #1: /m)
  assert.is(servers.proxy.seen.length, 0, 'nothing went through the proxy')
  assert.ok(servers.gh.calls('POST', /\/issues$/).length === 1 && servers.gh.chat.length === 1, 'the list, the create and the chat post reached the server directly')
})

test('a proxy that refuses the credentials: the run fails, and neither password nor header is printed', async () => {
  const wrong = servers.proxy.url.replace('http://', `http://deployer:${PASSWORD}-wrong@`)
  const r = await runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, HTTP_PROXY: wrong, REPORT_RETRY_ATTEMPTS: '1' }))
  assert.is(r.code, 1)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
  assert.is(servers.gh.requests.length, 0, 'nothing reached the server')
  neverPrinted(r.stdout + r.stderr)
})

// An HTTPS_PROXY beside it names another proxy: http addresses go through HTTP_PROXY's all the same.
test('a proxy address without a scheme is http://, as curl reads it: report, doctor and health go through it, doctor names it without its credentials, its password never printed', async () => {
  const schemeless = servers.proxy.urlWithCredentials.replace('http://', '')
  const env = servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, HTTPS_PROXY: 'http://other.invalid:1', HTTP_PROXY: schemeless })
  const report = await runScript('report.mts', ['Deploy job failed'], env)
  assert.is(report.code, 0, report.stderr)
  assert.match(report.stdout, /^\[INFO\] Created issue #1: /m)
  const doctor = await runScript('doctor.mts', [], env)
  assert.is(doctor.code, 0, doctor.stdout + doctor.stderr)
  assert.ok(doctor.stdout.includes(`✓ proxy: API requests go through ${servers.proxy.url} (HTTP_PROXY); chat posts go through ${servers.proxy.url} (HTTP_PROXY)\n`), doctor.stdout)
  const seenBeforeHealth = servers.proxy.seen.length
  const health = await runScript('health.mts', [servers.gh.url], { HTTPS_PROXY: 'http://other.invalid:1', HTTP_PROXY: schemeless })
  assert.is(health.code, 0, health.stderr)
  assert.equal(servers.proxy.seen.slice(seenBeforeHealth).map((p) => p.target), [absolute('/health')])
  assert.ok(servers.proxy.seen.length > 0 && servers.proxy.seen.every((p) => p.proxyAuthorization === BASIC))
  assert.is(servers.proxy.seen.length, servers.gh.requests.length + servers.gh.chat.length, 'every request went through the proxy')
  for (const r of [report, doctor, health]) neverPrinted(r.stdout + r.stderr)
})

test.run()
