// The loopback GitHub for the job in .github/workflows/ci.yml that runs the Action from the checkout
// (`uses: ./`) on a real runner. A test suite starts its servers with useLoopback; a job's steps are
// separate processes, so this script keeps one server alive between them:
//   start            starts `serve` in the background, waits until it listens, and exports FAKE_GITHUB_URL,
//                    FAKE_GITHUB_TOKEN and FAKE_GITHUB_CONTROL to the later steps ($GITHUB_ENV)
//   serve            the server itself, plus a control server answering /state with what it received, and
//                    /stop (for tests; on a runner the job's end stops it)
//   expect <stage>   asserts what the fake received after the step `stage` (report, duplicate, resolve),
//                    from the step's outputs in OUTCOME, ISSUE_NUMBER and CLOSED, and the job's
//                    LOOPBACK_ENVIRONMENT and LOOPBACK_REASON (names no reporter setting uses)
// Node 24 runs it as it is (type stripping); its only imports are Node's and, for `serve`, the loopback's.
import { strict as assert } from 'node:assert'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { appendFileSync, mkdtempSync, openSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** What the control server reports: the fake's record, with no header values but a yes/no on the token. */
export interface JobState {
  readonly issues: { number: number; title: string; state: string; labels: string[]; body: string }[]
  readonly closes: { number: number; reason: string | null | undefined }[]
  readonly chatPosts: number
  /** API requests (chat excluded) whose Authorization was not `Bearer <the fake's token>`. */
  readonly unauthorised: string[]
}

interface Started {
  url: string
  token: string
  control: string
}

async function serve(): Promise<void> {
  // Loaded here only: the loopback and the API descriptions it judges requests by cost ~0.4 s of CPU to
  // load, which `start` and `expect`, a process each per step, do not need.
  const { startLoopbackGitHub } = await import('./loopback-github.ts')
  const gh = await startLoopbackGitHub()
  const control = createServer((req, res) => {
    if (req.url === '/stop') {
      res.writeHead(204).end()
      void gh.close().then(() => process.exit(0))
      return
    }
    if (req.url !== '/state') return void res.writeHead(404).end()
    const state: JobState = {
      issues: gh.issues.map((i) => ({ number: i.number, title: i.title, state: i.state, labels: i.labels.map((l) => l.name), body: i.body ?? '' })),
      closes: gh.closes.map((c) => ({ number: c.number, reason: c.reason })),
      chatPosts: gh.chat.length,
      unauthorised: gh.requests.filter((r) => r.path !== '/chat' && r.headers.authorization !== `Bearer ${gh.token}`).map((r) => `${r.method} ${r.path}`),
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state))
  })
  control.listen(0, '127.0.0.1')
  await once(control, 'listening')
  const started: Started = { url: gh.url, token: gh.token, control: `http://127.0.0.1:${(control.address() as AddressInfo).port}` }
  process.send?.(started)
  process.disconnect?.()
  // The runner ends what a job left running when the job ends.
}

async function start(): Promise<void> {
  const log = join(mkdtempSync(join(tmpdir(), 'loopback-github-')), 'server.log')
  // Detached, with its output in a file: the step ends while the server goes on for the later steps.
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve'], { detached: true, stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a'), 'ipc'] })
  const [started] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the loopback GitHub stopped (exit ${code}) before it listened; its log: ${log}`))),
  ])) as [Started]
  child.unref()
  child.disconnect()
  const lines = [`FAKE_GITHUB_URL=${started.url}`, `FAKE_GITHUB_TOKEN=${started.token}`, `FAKE_GITHUB_CONTROL=${started.control}`]
  if (process.env.GITHUB_ENV) appendFileSync(process.env.GITHUB_ENV, `${lines.join('\n')}\n`)
  console.log(`loopback GitHub listening at ${started.url} (log: ${log})`)
}

// The title the reporter gives this run's failure: the commit's first 7 characters and the local date.
function expectedTitle(environment: string): string {
  const d = new Date()
  const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  return `[DEPLOY FAIL] ${environment} — ${(process.env.GITHUB_SHA ?? '').slice(0, 7)} — ${date}`
}

async function expect(stage: string): Promise<void> {
  const env = process.env
  const state = (await (await fetch(`${env.FAKE_GITHUB_CONTROL}/state`)).json()) as JobState
  const environment = env.LOOPBACK_ENVIRONMENT ?? 'ci-loopback'
  assert.deepEqual(state.unauthorised, [], 'every API request carried the token as Bearer')
  assert.equal(state.issues.length, 1, 'one issue filed, never a second one')
  const [issue] = state.issues
  assert.equal(issue!.title, expectedTitle(environment))
  assert.deepEqual([...issue!.labels].sort(), ['auto-deploy-failure', 'ops'])
  if (env.LOOPBACK_REASON) assert.ok(issue!.body.includes(`### Failure Reason\n${env.LOOPBACK_REASON}`), `the reason is in the body:\n${issue!.body}`)
  if (stage === 'report') {
    assert.equal(env.OUTCOME, 'created')
    assert.equal(env.ISSUE_NUMBER, '1')
    assert.equal(issue!.state, 'open')
    assert.equal(state.chatPosts, 1, 'one chat notice')
  } else if (stage === 'duplicate') {
    assert.equal(env.OUTCOME, 'duplicate')
    assert.equal(env.ISSUE_NUMBER, '1')
    assert.equal(issue!.state, 'open')
  } else if (stage === 'resolve') {
    assert.equal(env.OUTCOME, 'resolved')
    assert.equal(env.CLOSED, '1')
    assert.equal(issue!.state, 'closed')
    assert.deepEqual(state.closes, [{ number: 1, reason: 'completed' }])
  } else {
    throw new Error(`unknown stage ${JSON.stringify(stage)}: report, duplicate or resolve`)
  }
  console.log(`${stage}: the loopback GitHub received what it should (issue #1 ${issue!.state}, outcome ${env.OUTCOME})`)
}

const [command, arg] = process.argv.slice(2)
if (command === 'serve') await serve()
else if (command === 'start') await start()
else if (command === 'expect') await expect(arg ?? '')
else {
  console.error('Usage: node test/helpers/loopback-github-job.ts start | serve | expect <report|duplicate|resolve>')
  process.exitCode = 2
}
