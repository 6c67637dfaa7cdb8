// The GitLab CI/CD component (templates/deploy-failure.yml), included with `include: local` and inputs
// into an app's pipeline and run by gitlab-ci-local against the loopback GitHub: its jobs run the packed
// package with npx, as a team's pipeline would run the published one. A failing pipeline, then a
// passing one; a repeated failure finding its open issue is report.e2e's test, where a run costs a
// tenth of a pipeline's.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments } from 'yaml'
import { ROOT, today } from '../helpers/helpers.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'
import { gitRepo, runPipeline } from '../helpers/gitlab-ci-local.ts'
import { packedTarball } from '../helpers/pack.ts'

const TEMPLATE = readFileSync(join(ROOT, 'templates/deploy-failure.yml'), 'utf8')

let gh: LoopbackGitHub
let app: string
let tarball: string

test.before(async () => {
  gh = await startLoopbackGitHub()
  tarball = await packedTarball()
  // An app whose deploy fails while DEPLOY_SHOULD_FAIL is set, vendoring the component and including it.
  app = gitRepo({
    '.gitignore': '.gitlab-ci-local*\n',
    'deploy.sh': '#!/bin/sh\nif [ -n "$DEPLOY_SHOULD_FAIL" ]; then echo "smoke test failed" >&2; exit 1; fi\necho deployed\n',
    'templates/deploy-failure.yml': TEMPLATE,
    '.gitlab-ci.yml': [
      'include:',
      '  - local: templates/deploy-failure.yml',
      '    inputs:',
      '      environment: staging',
      "      reason: 'Smoke test failed: checkout page'",
      `      package: ${tarball}`,
      'stages: [deploy]',
      'deploy:',
      '  stage: deploy',
      '  image: node:24',
      '  script:',
      '    - ./deploy.sh',
      '',
    ].join('\n'),
  })
})
test.after(async () => {
  await gh.close()
  rmSync(app, { recursive: true, force: true })
})

const SHA = () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: app, encoding: 'utf8' }).trim()
const TITLE = () => `[DEPLOY FAIL] staging — ${SHA()} — ${today()}`
const pipeline = (fail: boolean) =>
  runPipeline(app, { ISSUE_TOKEN: gh.token, ISSUE_REPO: 'acme/shop', ISSUE_API_URL: gh.url, CHAT_WEBHOOK: gh.chatUrl, DEPLOY_SHOULD_FAIL: fail ? '1' : '' })
const jobLines = (out: string, job: string) => out.split('\n').filter((l) => l.startsWith(`${job} `)).map((l) => l.slice(job.length).trim())

test('the template: spec inputs above ---, two jobs, package defaulting to this version', () => {
  const [spec, jobs] = parseAllDocuments(TEMPLATE).map((d) => d.toJS()) as [{ spec: { inputs: Record<string, { default: string }> } }, Record<string, { when?: string }>]
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
  // The component's own inputs; the tools' settings it passes on are checked in test/unit/action/inputs.test.ts.
  for (const name of ['ci-log', 'ci-log-lines', 'environment', 'image', 'on-duplicate', 'package', 'reason', 'stage']) assert.ok(name in spec.spec.inputs, name)
  assert.is(spec.spec.inputs.package!.default, `deploy-failure-reporter@${version}`)
  assert.is(spec.spec.inputs.stage!.default, '.post')
  assert.equal([jobs['deploy-failure-report']!.when, jobs['deploy-failure-resolve']!.when], ['on_failure', 'on_success'])
})

test('a failing deploy: the on_failure job files one issue with the inputs\' environment and reason', async () => {
  const r = await pipeline(true)
  assert.is(r.code, 1, r.stdout + r.stderr)
  assert.ok(jobLines(r.stdout, 'deploy-failure-report').includes(`> [INFO] Created issue #1: ${gh.url}/acme/shop/issues/1`), r.stdout)
  assert.is(jobLines(r.stdout, 'deploy-failure-resolve').length, 0, 'the on_success job does not run')
  assert.is(gh.issues.length, 1)
  assert.is(gh.issues[0]!.title, TITLE())
  assert.match(gh.issues[0]!.body ?? '', /\n### Failure Reason\nSmoke test failed: checkout page\n/)
  // The pipeline's address as GitLab gives it, from the project's remote (gitlab-ci-local leaves out the /-/).
  assert.match(gh.issues[0]!.body ?? '', /https:\/\/gitlab\.example\.invalid\/acme\/shop\/(-\/)?pipelines\/\d+/)
  assert.is(gh.chat.length, 1)
})

test('a passing deploy: the on_success job closes the issue; the on_failure job does not run', async () => {
  const r = await pipeline(false)
  assert.is(r.code, 0, r.stdout + r.stderr)
  assert.is(gh.issues[0]!.state, 'closed')
  assert.is(gh.issues[0]!.state_reason, 'completed')
  assert.ok(jobLines(r.stdout, 'deploy-failure-resolve').includes(`> [INFO] Closed issue #1: ${gh.url}/acme/shop/issues/1`), r.stdout)
  assert.is(jobLines(r.stdout, 'deploy-failure-report').length, 0)
})

// docs/ci.md's "Which environment" and "Which pipelines": the environment from a variable the pipeline
// sets, and the jobs' rules given in the app's .gitlab-ci.yml, as pasted from the page.
test('the rules docs/ci.md gives keep the jobs out of a pipeline without DEPLOY_TARGET; with one, its name is the environment', async () => {
  const docs = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8')
  const at = docs.indexOf('### Which pipelines')
  const rules = /```yaml\n([\s\S]*?)```/.exec(docs.slice(at))![1]!
  const scoped = gitRepo({
    '.gitignore': '.gitlab-ci-local*\n',
    'deploy.sh': '#!/bin/sh\necho "smoke test failed" >&2; exit 1\n',
    'templates/deploy-failure.yml': TEMPLATE,
    '.gitlab-ci.yml': ['include:', '  - local: templates/deploy-failure.yml', '    inputs:', '      environment: $DEPLOY_TARGET', `      package: ${tarball}`, 'stages: [deploy]', 'deploy:', '  stage: deploy', '  script:', '    - ./deploy.sh', rules].join('\n'),
  })
  try {
    const run = (target: Record<string, string>) => runPipeline(scoped, { ISSUE_TOKEN: gh.token, ISSUE_REPO: 'acme/shop', ISSUE_API_URL: gh.url, CHAT_WEBHOOK: gh.chatUrl, ...target })
    const before = gh.issues.length
    const feature = await run({})
    assert.is(feature.code, 1, feature.stdout + feature.stderr)
    assert.is(jobLines(feature.stdout, 'deploy-failure-report').length, 0, feature.stdout)
    assert.is(gh.issues.length, before, 'no issue for a pipeline that deploys nothing')
    const qa = await run({ DEPLOY_TARGET: 'qa' })
    assert.ok(jobLines(qa.stdout, 'deploy-failure-report').some((l) => l.includes('[INFO] Created issue')), qa.stdout)
    assert.match(gh.issues.at(-1)!.title, /^\[DEPLOY FAIL\] qa — /)
  } finally {
    rmSync(scoped, { recursive: true, force: true })
  }
})

test.run()
