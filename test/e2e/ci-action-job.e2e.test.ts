// The job in .github/workflows/ci.yml that runs the Action from the checkout, played here step by step as
// the runner plays it: `run:` steps through bash with the job's and the step's env, `uses: ./` as
// dist/action.js on Node 24 with action.yml's defaults under the step's `with:`, ${{ }} filled from env,
// GITHUB_ENV and the earlier steps' outputs. So the job's wiring (the fake's address reaching the
// Action, the outputs reaching the assertions) is proved before it ever reaches a runner.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import { ROOT, runCommand } from '../helpers/helpers.ts'
import { node24 } from '../helpers/node24.ts'

interface Step {
  id?: string
  name?: string
  uses?: string
  run?: string
  with?: Record<string, string | number>
  env?: Record<string, string>
}
const workflow = parse(readFileSync(join(ROOT, '.github/workflows/ci.yml'), 'utf8')) as { jobs: Record<string, { env?: Record<string, string>; steps: Step[] }> }
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { main: string } }
const SHA = '89abcdef0123456789abcdef0123456789abcdef'

const readEnvFile = (file: string) =>
  Object.fromEntries(readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]))

// The expect steps can fail: asked right after the fake started, before any report step, `expect report`
// finds no issue filed and stops the job (exit 1). Asked of this job's fake, not of one started for it.
async function expectStepsCanFail(fake: Record<string, string>): Promise<void> {
  const r = await runCommand(node24(), [join(ROOT, 'test/helpers/loopback-github-job.ts'), 'expect', 'report'], { ...fake, GITHUB_SHA: SHA, OUTCOME: 'created', ISSUE_NUMBER: '1' })
  assert.is(r.code, 1, 'no issue was filed, so the expectation fails')
  assert.match(r.stderr, /one issue filed/)
}

test('ci.yml\'s action job: start the fake, report, report again, resolve, each checked by its expect step, which can fail', async () => {
  const job = workflow.jobs.action!
  const dir = mkdtempSync(join(tmpdir(), 'ci-action-job-'))
  const envFile = join(dir, 'env')
  const outputs: Record<string, Record<string, string>> = {}
  const ran: string[] = []
  let control: string | undefined
  try {
    writeFileSync(envFile, '')
    const runner = { CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'deploy-failure-reporter/deploy-failure-reporter', GITHUB_RUN_ID: '77', GITHUB_SHA: SHA, GITHUB_WORKSPACE: ROOT, GITHUB_ENV: envFile, REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0' }
    const context = () => ({ ...job.env, ...readEnvFile(envFile) })
    // The contexts the runner fills in, for ci.yml and for action.yml's defaults.
    const github: Record<string, string> = {
      'github.token': 'the-workflow-token',
      'github.repository': runner.GITHUB_REPOSITORY,
      'github.api_url': 'https://api.github.com',
      'github.server_url': runner.GITHUB_SERVER_URL,
      'github.run_id': runner.GITHUB_RUN_ID,
      'github.run_attempt': '1',
      'github.sha': SHA,
      'job.check_run_id': '',
    }
    const evaluate = (value: string | number, env: Record<string, string>, source: string) =>
      String(value).replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
        const [scope, key, sub, out] = name.split('.')
        if (scope === 'env' && key! in env) return env[key!]!
        if (scope === 'steps' && sub === 'outputs' && outputs[key!]) return outputs[key!]![out!] ?? ''
        if (name in github) return github[name]!
        throw new Error(`${source} uses \${{ ${name} }}, which this test does not know`)
      })
    for (const step of job.steps) {
      if (step.uses?.startsWith('actions/')) continue
      const env = context()
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(v, env, 'ci.yml')]))
      if (step.run) {
        const r = await runCommand('bash', ['-eo', 'pipefail', '-c', step.run], { ...runner, ...env, ...stepEnv, PATH: `${join(node24(), '..')}:${process.env.PATH}` }, { cwd: ROOT })
        assert.is(r.code, 0, `${step.name ?? step.run}\n${r.stdout}${r.stderr}`)
        ran.push(r.stdout.trim().split('\n').at(-1)!)
        if (control === undefined && (control = readEnvFile(envFile).FAKE_GITHUB_CONTROL)) await expectStepsCanFail(readEnvFile(envFile))
        continue
      }
      assert.is(step.uses, './', `a step of the action job is either run: or uses: ./ (${step.name})`)
      const output = join(dir, `${step.id}.out`)
      writeFileSync(output, '')
      const inputs: Record<string, string> = {}
      for (const [name, spec] of Object.entries(action.inputs)) {
        const given = step.with !== undefined && name in step.with
        const value = given ? step.with![name]! : (spec.default ?? '')
        inputs[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = evaluate(value, env, given ? 'ci.yml' : 'action.yml')
      }
      const r = await runCommand(node24(), [join(ROOT, action.runs.main)], { ...runner, ...inputs, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: join(dir, 'summary.md') }, { cwd: ROOT })
      assert.is(r.code, 0, `${step.name}\n${r.stdout}${r.stderr}`)
      outputs[step.id!] = readEnvFile(output)
    }
    assert.equal(ran.filter((line) => /received what it should/.test(line)).length, 3, ran.join('\n'))
    assert.is(outputs.report!.outcome, 'created')
    assert.is(outputs.resolve!.closed, '1')
  } finally {
    if (control) await fetch(`${control}/stop`).catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
