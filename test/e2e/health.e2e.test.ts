import { spawn, type ChildProcess } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../helpers/in-process.ts'
import { useLoopback } from '../helpers/servers.ts'

const FAST = ['--retry-delay', '0.01']

const servers = useLoopback(test, { github: true })

const healthCalls = () => servers.gh.calls('GET', /^\/health$/).length

test('200: the healthy line, exit 0, one request (a trailing slash on the address is not doubled)', async () => {
  const r = await runInProcess('health.mts', [`${servers.gh.url}/`, ...FAST])
  assert.is(r.code, 0, r.stderr)
  assert.is(r.stdout, `[INFO] API is healthy: GET ${servers.gh.url}/health returned 200\n`)
  assert.is(r.stderr, '')
  assert.equal(servers.gh.requests.map((q) => `${q.method} ${q.path}`), ['GET /health'])
})

test('any other status: "API returned status <code>", exit 1; a 404 is final, not retried', async () => {
  servers.gh.healthStatus = 404
  const r = await runInProcess('health.mts', [servers.gh.url, ...FAST])
  assert.is(r.code, 1)
  assert.is(r.stdout, '')
  assert.is(r.stderr, '[ERROR] API returned status 404\n')
  assert.is(healthCalls(), 1)
})

test('transient statuses are retried: two 503s, then 200 is healthy', async () => {
  servers.gh.inject('GET', /^\/health$/, { status: 503 }, 2)
  const r = await runInProcess('health.mts', [servers.gh.url, ...FAST])
  assert.is(r.code, 0, r.stderr)
  assert.is(healthCalls(), 3)
})

// Issue 32: a check that retries prints each attempt, as the report does, rather than 7-9 s of silence.
const warned = (url: string, why: string, attempts: number) =>
  Array.from({ length: attempts - 1 }, (_, i) => `[WARN] Attempt ${i + 1}/${attempts} failed, retrying in 0.01s... (GET ${url}/health: ${why})\n`).join('')

test('3 retries by default: a 503 that persists is reported after 4 requests, each retry said', async () => {
  servers.gh.healthStatus = 503
  const r = await runInProcess('health.mts', [servers.gh.url, ...FAST])
  assert.is(r.code, 1)
  assert.is(r.stderr, `${warned(servers.gh.url, 'HTTP 503', 4)}[ERROR] API returned status 503\n`)
  assert.is(healthCalls(), 4)
})

test('--retries changes the count', async () => {
  servers.gh.healthStatus = 500
  const r = await runInProcess('health.mts', [servers.gh.url, '--retries', '1', ...FAST])
  assert.is(r.code, 1)
  assert.is(healthCalls(), 2)
})

test('unreachable (connection refused): a clear line naming the address and reason, exit 1', async () => {
  const url = servers.gh.url
  await servers.gh.close()
  const r = await runInProcess('health.mts', [url, ...FAST])
  assert.is(r.code, 1)
  assert.is(r.stdout, '')
  assert.is(r.stderr, `${warned(url, 'connection refused', 4)}[ERROR] API unreachable: GET ${url}/health failed (connection refused) in all 4 attempts\n`)
})

test('connections dropped before an answer are retried, then reported as unreachable', async () => {
  servers.gh.inject('GET', /^\/health$/, { reset: true }, 10)
  const r = await runInProcess('health.mts', [servers.gh.url, ...FAST])
  assert.is(r.code, 1)
  assert.is(r.stderr, `${warned(servers.gh.url, 'connection closed before an answer', 4)}[ERROR] API unreachable: GET ${servers.gh.url}/health failed (connection closed before an answer) in all 4 attempts\n`)
  assert.is(healthCalls(), 4)
})

test('a server that never answers is given up on after --timeout, each attempt', async () => {
  servers.gh.inject('GET', /^\/health$/, { hang: true }, 10)
  const r = await runInProcess('health.mts', [servers.gh.url, '--timeout', '0.2', ...FAST])
  assert.is(r.code, 1)
  assert.is(r.stderr, `${warned(servers.gh.url, 'no answer within 0.2 s', 4)}[ERROR] API unreachable: GET ${servers.gh.url}/health failed (no answer within 0.2 s) in all 4 attempts\n`)
  assert.is(healthCalls(), 4)
})

// A listener whose process is stopped never accepts; once its backlog is full, the kernel leaves further
// connection attempts unanswered, which is what an unreachable host looks like (Linux behaviour).
test('the connect timeout applies when no connection can be made', async () => {
  let listener: ChildProcess | undefined
  const fillers: Socket[] = []
  try {
    listener = spawn(process.execPath, ['-e', "require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, function () { console.log(this.address().port) })"], { stdio: ['ignore', 'pipe', 'inherit'] })
    const port = await new Promise<number>((resolve) => listener!.stdout!.once('data', (d) => resolve(Number(String(d).trim()))))
    process.kill(listener.pid!, 'SIGSTOP')
    for (let i = 0; i < 2; i++) {
      const socket = connect(port, '127.0.0.1')
      fillers.push(socket)
      await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
    }
    const r = await runInProcess('health.mts', [`http://127.0.0.1:${port}`, '--connect-timeout', '0.3', '--retries', '1', ...FAST])
    assert.is(r.code, 1)
    assert.is(r.stderr, `${warned(`http://127.0.0.1:${port}`, 'no connection within 0.3 s', 2)}[ERROR] API unreachable: GET http://127.0.0.1:${port}/health failed (no connection within 0.3 s) in all 2 attempts\n`)
  } finally {
    for (const socket of fillers) socket.destroy()
    listener?.kill('SIGKILL')
  }
})

const BAD_ARGS = [
  [[], /^\[ERROR\] Expected one <api_address>/],
  [['http://a', 'http://b'], /^\[ERROR\] Expected one <api_address>/],
  [['api.example.com'], /^\[ERROR\] <api_address> must be an http\(s\) URL such as https:\/\/api\.example\.com, got "api\.example\.com"; see --help$/],
  [['http://127.0.0.1:1', '--retries', 'many'], /^\[ERROR\] --retries must be a whole number of at least 0, got "many"; see --help$/],
  [['http://127.0.0.1:1', '--connect-timeout', '0'], /^\[ERROR\] --connect-timeout must be a number of at least 0\.001, got "0"; see --help$/],
  [['http://127.0.0.1:1', '--retry-delay'], /^\[ERROR\] --retry-delay expects a value \(--retry-delay <value>\), got none; see --help$/],
  // Issue 32: a negative number reaches the option's own check, never Node's argument-parser text.
  [['http://127.0.0.1:1', '--retries', '-1'], /^\[ERROR\] --retries must be a whole number of at least 0, got "-1"; see --help$/],
  [['http://127.0.0.1:1', '--retries', '--timeout', '3'], /^\[ERROR\] --retries expects a value \(--retries <value>\), got the option --timeout \(write --retries=--timeout if that is the value\); see --help$/],
] as const

test('bad arguments: exit 2 with a clear line each, no request', async () => {
  const results = await Promise.all(BAD_ARGS.map(([args]) => runInProcess('health.mts', args)))
  results.forEach((r, i) => {
    const [args, message] = BAD_ARGS[i]!
    assert.is(r.code, 2, JSON.stringify(args))
    assert.match(r.stderr.trimEnd(), message)
  })
  assert.is(servers.gh.requests.length, 0)
})

test.run()
