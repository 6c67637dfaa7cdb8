import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { EnvHttpProxyAgent, ProxyAgent, fetch as undiciFetch } from 'undici'
import { proxyAgentOptions, proxyConfigured, proxyCredentials, proxyFor, withoutCredentials } from '../../../lib/http/proxy.ts'
import { redact, registerSecret } from '../../../lib/core/log.ts'
import { startLoopbackGitHub } from '../../helpers/loopback-github.ts'
import { startLoopbackProxy } from '../../helpers/loopback-proxy.ts'

test('proxyConfigured: any of the four variables, empty counts as unset', () => {
  assert.is(proxyConfigured({}), false)
  assert.is(proxyConfigured({ HTTPS_PROXY: '' }), false)
  assert.is(proxyConfigured({ https_proxy: 'http://p:1' }), true)
  assert.is(proxyConfigured({ HTTP_PROXY: 'http://p:1' }), true)
  assert.is(proxyConfigured({ NO_PROXY: '*' }), false)
})

test('proxyFor: https prefers the https proxy, falls back to the http one; lower case wins', () => {
  const env = { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:1', HTTP_PROXY: 'http://plain:1' }
  assert.equal(proxyFor('https://api.github.com', env), { variable: 'https_proxy', url: 'http://lower:1' })
  assert.equal(proxyFor('http://ghe.local', env), { variable: 'HTTP_PROXY', url: 'http://plain:1' })
  assert.equal(proxyFor('https://api.github.com', { HTTP_PROXY: 'http://plain:1' }), { variable: 'HTTP_PROXY', url: 'http://plain:1' })
  assert.is(proxyFor('http://ghe.local', { HTTPS_PROXY: 'http://p:1' }), undefined, 'no http proxy: http goes direct')
})

test('proxyFor: NO_PROXY by host, subdomain, leading dot or *., port, and *', () => {
  const env = (no: string) => ({ HTTPS_PROXY: 'http://p:1', NO_PROXY: no })
  assert.is(proxyFor('https://api.github.com', env('github.com')), undefined)
  assert.is(proxyFor('https://api.github.com', env('.github.com')), undefined)
  assert.is(proxyFor('https://api.github.com', env('*.github.com')), undefined)
  assert.equal(proxyFor('https://api.github.com', env('example.com,*')), proxyFor('https://api.github.com', env('example.com')), 'a * among others is not the wildcard')
  assert.is(proxyFor('https://api.github.com', env('*')), undefined)
  assert.is(proxyFor('https://api.github.com', env('api.github.com:443')), undefined)
  assert.ok(proxyFor('https://api.github.com', env('api.github.com:8443')))
  assert.ok(proxyFor('https://notgithub.com', env('github.com')))
})

test('credentials: never in the printable form, all their forms registered as secrets', () => {
  assert.is(withoutCredentials('http://user:p%40ss@proxy.corp:3128/'), 'http://proxy.corp:3128')
  assert.equal(proxyCredentials('http://user:p%40ss@proxy.corp:3128'), ['user:p%40ss', 'p%40ss', 'p@ss'])
  assert.equal(proxyCredentials('http://proxy.corp:3128'), [])
  registerSecret(...proxyCredentials('http://user:hunter2hunter2@proxy.corp:3128'))
  assert.is(redact('failed via http://user:hunter2hunter2@proxy.corp:3128', []), 'failed via http://***@proxy.corp:3128')
})

test('a proxy without a scheme is http://, as curl reads it: printed without its credentials, which are found, and used', async () => {
  assert.is(withoutCredentials('deploy:p%40ss@proxy.corp:3128'), 'http://proxy.corp:3128')
  assert.equal(proxyCredentials('deploy:p%40ss@proxy.corp:3128'), ['deploy:p%40ss', 'p%40ss', 'p@ss'])
  assert.equal(proxyFor('https://api.github.com', { HTTPS_PROXY: 'proxy.corp:3128' }), { variable: 'HTTPS_PROXY', url: 'http://proxy.corp:3128' })
  assert.equal(proxyAgentOptions({ https_proxy: '', HTTPS_PROXY: 'u:pw@p:1', HTTP_PROXY: 'http://q:2' }), { proxyTunnel: false, httpProxy: 'http://q:2', httpsProxy: 'http://u:pw@p:1' })
  const [gh, proxy] = await Promise.all([startLoopbackGitHub(), startLoopbackProxy('deploy:pr0xy-pa55')])
  const dispatcher = new EnvHttpProxyAgent(proxyAgentOptions({ HTTP_PROXY: proxy.urlWithCredentials.replace('http://', '') }))
  try {
    const answer = await undiciFetch(`${gh.url}/health`, { dispatcher })
    assert.is(answer.status, 200)
    assert.equal(proxy.seen.map((p) => [p.method, p.target, p.proxyAuthorization]), [['GET', `${gh.url}/health`, `Basic ${Buffer.from('deploy:pr0xy-pa55').toString('base64')}`]])
  } finally {
    await dispatcher.close()
    await Promise.all([gh.close(), proxy.close()])
  }
})

test('the loopback proxy also tunnels CONNECT, and records it', async () => {
  const [gh, proxy] = await Promise.all([startLoopbackGitHub(), startLoopbackProxy('u:pw')])
  try {
    const dispatcher = new ProxyAgent({ uri: proxy.urlWithCredentials, proxyTunnel: true })
    const answer = await undiciFetch(`${gh.url}/health`, { dispatcher })
    assert.is(answer.status, 200)
    assert.equal(proxy.seen.map((p) => p.method), ['CONNECT'])
    assert.is(proxy.seen[0]!.target, gh.url.replace('http://', ''))
    await dispatcher.close()
  } finally {
    await Promise.all([gh.close(), proxy.close()])
  }
})

test.run()
