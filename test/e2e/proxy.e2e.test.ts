// Behind a corporate proxy: every request of every tool goes through the proxy the environment names,
// as with curl, and its credentials are never printed.
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

test('report: the list, the create and the chat post all pass through HTTP_PROXY, with its credentials', async () => {
  const r = await runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, HTTP_PROXY: servers.proxy.urlWithCredentials }))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
  const through = servers.proxy.seen.map((p) => `${p.method} ${p.target.replace(/\?.*$/, '')}`)
  const reached = [...servers.gh.requests, ...servers.gh.chat].map((q) => `${q.method} ${absolute(q.path)}`)
  assert.equal(through.sort(), reached.sort(), 'the proxy saw exactly what the server answered')
  assert.ok(reached.includes(`POST ${absolute('/chat')}`) && reached.includes(`POST ${absolute('/repos/acme/shop/issues')}`))
  assert.ok(servers.proxy.seen.every((p) => p.proxyAuthorization === BASIC && p.method !== 'CONNECT'))
  neverPrinted(r.stdout + r.stderr)
})

test('lower-case http_proxy is honoured; NO_PROXY naming the host bypasses the proxy', async () => {
  const viaLower = await runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, http_proxy: servers.proxy.urlWithCredentials }))
  assert.is(viaLower.code, 0, viaLower.stderr)
  const proxied = servers.proxy.seen.length
  const reached = servers.gh.requests.length + servers.gh.chat.length
  assert.is(proxied, reached, 'list, create and chat went through the proxy')

  const bypass = await runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, HTTP_PROXY: servers.proxy.urlWithCredentials, NO_PROXY: 'example.com, 127.0.0.1' }))
  assert.is(bypass.code, 0, bypass.stderr)
  assert.match(bypass.stdout, /Duplicate issue found/)
  assert.is(servers.proxy.seen.length, proxied, 'nothing more went through the proxy')
  assert.ok(servers.gh.requests.length + servers.gh.chat.length >= reached + 2, 'the list and the chat post reached the server directly')
})

test('a proxy that refuses the credentials: the run fails, and neither password nor header is printed', async () => {
  const wrong = servers.proxy.url.replace('http://', `http://deployer:${PASSWORD}-wrong@`)
  const r = await runScript('report.mts', ['Deploy job failed'], servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, HTTP_PROXY: wrong, REPORT_RETRY_ATTEMPTS: '1' }))
  assert.is(r.code, 1)
  assert.match(r.stderr, /^\[ERROR\] Failed to create issue$/m)
  assert.is(servers.gh.requests.length, 0, 'nothing reached the server')
  neverPrinted(r.stdout + r.stderr)
})

test('doctor names the proxy without its credentials, and its reads go through it', async () => {
  const r = await runScript('doctor.mts', [], servers.gh.env({ ...FAST_ENV, HTTPS_PROXY: 'http://other.invalid:1', HTTP_PROXY: servers.proxy.urlWithCredentials }))
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.ok(
    r.stdout.includes(`✓ proxy: API requests go through ${servers.proxy.url} (HTTP_PROXY); chat posts go through ${servers.proxy.url} (HTTP_PROXY)\n`),
    r.stdout,
  )
  assert.ok(servers.gh.requests.length > 0 && servers.proxy.seen.length === servers.gh.requests.length)
  neverPrinted(r.stdout + r.stderr)
})

test('a proxy address without a scheme is http://, as curl reads it: report, doctor and health go through it, its password never printed', async () => {
  const schemeless = servers.proxy.urlWithCredentials.replace('http://', '')
  const env = servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, HTTP_PROXY: schemeless })
  const report = await runScript('report.mts', ['Deploy job failed'], env)
  assert.is(report.code, 0, report.stderr)
  assert.match(report.stdout, /^\[INFO\] Created issue #1: /m)
  const doctor = await runScript('doctor.mts', [], env)
  assert.ok(doctor.stdout.includes(`✓ proxy: API requests go through ${servers.proxy.url} (HTTP_PROXY); chat posts go through ${servers.proxy.url} (HTTP_PROXY)\n`), doctor.stdout)
  const health = await runScript('health.mts', [servers.gh.url], { HTTP_PROXY: schemeless })
  assert.is(health.code, 0, health.stderr)
  assert.ok(servers.proxy.seen.length > 0 && servers.proxy.seen.every((p) => p.proxyAuthorization === BASIC))
  assert.is(servers.proxy.seen.length, servers.gh.requests.length + servers.gh.chat.length, 'every request went through the proxy')
  for (const r of [report, doctor, health]) neverPrinted(r.stdout + r.stderr)
})

test('health goes through the proxy too', async () => {
  const r = await runScript('health.mts', [servers.gh.url], { HTTP_PROXY: servers.proxy.urlWithCredentials })
  assert.is(r.code, 0, r.stderr)
  assert.equal(servers.proxy.seen.map((p) => p.target), [absolute('/health')])
  neverPrinted(r.stdout + r.stderr)
})

test.run()
