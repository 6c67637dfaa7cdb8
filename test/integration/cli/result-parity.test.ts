// One result for every face: the plugin API's result and the command's `--json` line are the same value,
// field by field, and both are the issue actually filed (or, when none was, the title it would have had).
// Each scenario runs twice from the same starting state, once through each face, on fresh loopback servers.
// The command runs in process (test/helpers/in-process.ts): what is compared is the value it prints, and
// test/e2e/in-process-parity.e2e.test.ts holds a --json line printed in process to a process's, byte for byte.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CreateFailed, reportDeployFailure } from '../../../lib/index.ts'
import { today } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const FIXED = { CI_COMMIT_SHA: 'bad0002', CI_COMMIT_MESSAGE: 'Break it', DEPLOY_ENV: 'staging', CI_PIPELINE_URL: 'https://ci.example/p/2', ...FAST }
const title = (sha: string, day = today()) => `[DEPLOY FAIL] staging — ${sha} — ${day}`

const servers = useLoopback(test, { github: true })

type Result = { outcome: string; number: number | null; url: string | null; title: string | null }

interface Scenario {
  readonly name: string
  readonly env?: Record<string, string>
  /** Lays out the tracker before the run; returns what the result must be, read from the tracker. */
  arrange(): Promise<() => Result> | (() => Result)
}

// The issue the server holds, as a result names it.
const filed = (outcome: string, number: number) => (): Result => {
  const issue = servers.gh.issues.find((i) => i.number === number)!
  return { outcome, number: issue.number, url: issue.html_url, title: issue.title }
}

// A failure filed for bad0001 and closed by the resolver a moment ago: the next failure reopens it.
async function recovered(): Promise<number> {
  const env = servers.gh.env({ ...FIXED, CI_COMMIT_SHA: 'bad0001' })
  assert.is((await runInProcess('report.mts', [], env)).code, 0)
  assert.is((await runInProcess('resolve.mts', [], servers.gh.env({ ...FAST, CI_COMMIT_SHA: 'f1x0001', DEPLOY_ENV: 'staging' }))).code, 0)
  return servers.gh.issues[0]!.number
}

const SCENARIOS: Scenario[] = [
  { name: 'created', arrange: () => () => filed('created', servers.gh.issues[0]!.number)() },
  { name: 'duplicate', arrange: () => filed('duplicate', servers.gh.addIssue({ title: title('bad0002') }).number) },
  { name: 'commented', env: { ON_DUPLICATE: 'comment' }, arrange: () => filed('commented', servers.gh.addIssue({ title: title('bad0002') }).number) },
  // The holder was filed for another commit on another day: its title is not the one this run renders.
  { name: 'REPORT_GROUP=environment', env: { REPORT_GROUP: 'environment' }, arrange: () => filed('duplicate', servers.gh.addIssue({ title: title('old0001', '2026-09-30') }).number) },
  { name: 'reopened', env: { REPORT_REOPEN_WINDOW: '2' }, arrange: async () => filed('reopened', await recovered()) },
  {
    name: 'failed',
    arrange: () => {
      servers.gh.inject('POST', /\/issues$/, { status: 422, body: { message: 'Validation Failed' } })
      return () => ({ outcome: 'failed', number: null, url: null, title: title('bad0002') })
    },
  },
]

async function throughCommand(scenario: Scenario): Promise<{ result: Result; expected: Result }> {
  const expect = await scenario.arrange()
  const r = await runInProcess('report.mts', ['--json', 'Deploy job failed'], servers.gh.env({ ...FIXED, ...scenario.env }))
  assert.is(r.code, scenario.name === 'failed' ? 1 : 0, r.stderr)
  return { result: JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!) as Result, expected: expect() }
}

async function throughApi(scenario: Scenario): Promise<{ result: Result; expected: Result }> {
  const expect = await scenario.arrange()
  const env = servers.gh.env({ ...FIXED, ...scenario.env })
  let result: Result
  try {
    result = await reportDeployFailure({ env, reason: 'Deploy job failed', quiet: true })
  } catch (error) {
    assert.instance(error, CreateFailed)
    const { outcome, number, url, title } = error as CreateFailed
    result = { outcome, number, url, title }
  }
  return { result: { ...result }, expected: expect() }
}

// The servers of the two runs listen on different ports: addresses are compared relative to each one's.
const relative = (result: Result, base: string): Result => ({ ...result, url: result.url?.replace(base, '<server>') ?? null })

for (const scenario of SCENARIOS) {
  test(`${scenario.name}: the API's result equals the --json line, and both are the issue filed`, async () => {
    const command = await throughCommand(scenario)
    const commandBase = servers.gh.url
    assert.equal(command.result, command.expected, 'the --json line is not the issue filed')
    await servers.restart()
    const api = await throughApi(scenario)
    assert.equal(api.result, api.expected, "the API's result is not the issue filed")
    assert.equal(Object.keys(api.result), Object.keys(command.result))
    assert.equal(relative(api.result, servers.gh.url), relative(command.result, commandBase))
  })
}

test('REPORT_GROUP=environment names the holder, whose title is not the one this run would file (the case that drifted)', async () => {
  const holder = servers.gh.addIssue({ title: title('old0001', '2026-09-30') })
  const result = await reportDeployFailure({ env: servers.gh.env({ ...FIXED, REPORT_GROUP: 'environment' }), quiet: true })
  assert.is(result.title, holder.title)
  assert.is.not(result.title, title('bad0002'))
})

test.run()
