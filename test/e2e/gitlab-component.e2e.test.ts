// The GitLab CI/CD component (templates/deploy-failure.yml), included with `include: local` and inputs
// into an app's pipeline and run by gitlab-ci-local against the loopback GitHub: its jobs run the package
// with npx by the component's default `package` input (deploy-failure-reporter@<this version>), from a
// loopback npm registry serving this checkout packed, as a team's pipeline runs the published one. The app
// names the environment by a variable (docs/ci.md, "Which environment") and limits the jobs with the rules
// docs/ci.md gives ("Which pipelines"), pasted from the page. A failing pipeline, then a passing one, then
// the jobs of a pipeline those rules keep them out of; a repeated failure finding its open issue is
// report.e2e's test, where a run costs a tenth of a pipeline's.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments } from 'yaml'
import { ROOT, today } from '../helpers/helpers.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'
import { startLoopbackNpmRegistry, type LoopbackNpmRegistry } from '../helpers/loopback-npm-registry.ts'
import { gitRepo, listJobs, runPipeline } from '../helpers/gitlab-ci-local.ts'

const TEMPLATE = readFileSync(join(ROOT, 'templates/deploy-failure.yml'), 'utf8')

let gh: LoopbackGitHub
let registry: LoopbackNpmRegistry
let app: string
let npmCache: string

test.before(async () => {
  gh = await startLoopbackGitHub()
  registry = await startLoopbackNpmRegistry()
  // npx keeps what it installs under the cache's _npx, by the spec it was given, which every build of this
  // version shares: a cache of this file's own, so that the package run is this checkout's.
  npmCache = mkdtempSync(join(tmpdir(), 'glci-npm-'))
  const docs = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8')
  const rules = /```yaml\n([\s\S]*?)```/.exec(docs.slice(docs.indexOf('### Which pipelines')))![1]!
  // An app whose deploy fails while DEPLOY_SHOULD_FAIL is set, vendoring the component and including it.
  // Its package.json makes its folder the project npx runs in, as in most apps: without one, npm would take
  // the first folder above it that has one (here, the OS temp folder) for the project.
  app = gitRepo({
    '.gitignore': '.gitlab-ci-local*\n',
    'package.json': '{ "name": "shop", "private": true }\n',
    'deploy.sh': '#!/bin/sh\nif [ -n "$DEPLOY_SHOULD_FAIL" ]; then echo "smoke test failed" >&2; exit 1; fi\necho deployed\n',
    'templates/deploy-failure.yml': TEMPLATE,
    '.gitlab-ci.yml': [
      'include:',
      '  - local: templates/deploy-failure.yml',
      '    inputs:',
      '      environment: $DEPLOY_TARGET',
      "      reason: 'Smoke test failed: checkout page'",
      'stages: [deploy]',
      'deploy:',
      '  stage: deploy',
      '  image: node:24',
      '  script:',
      '    - ./deploy.sh',
      rules,
    ].join('\n'),
  })
})
test.after(async () => {
  await Promise.all([gh.close(), registry.close()])
  rmSync(app, { recursive: true, force: true })
  rmSync(npmCache, { recursive: true, force: true })
})

const SHA = () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: app, encoding: 'utf8' }).trim()
const TITLE = () => `[DEPLOY FAIL] staging — ${SHA()} — ${today()}`
const pipeline = (fail: boolean) =>
  runPipeline(
    app,
    { ISSUE_TOKEN: gh.token, ISSUE_REPO: 'acme/shop', ISSUE_API_URL: gh.url, CHAT_WEBHOOK: gh.chatUrl, DEPLOY_TARGET: 'staging', DEPLOY_SHOULD_FAIL: fail ? '1' : '' },
    { npm_config_registry: registry.url, npm_config_cache: npmCache },
  )
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

test('a failing deploy: the on_failure job runs the default package and files one issue for DEPLOY_TARGET, with the reason input', async () => {
  const r = await pipeline(true)
  assert.is(r.code, 1, r.stdout + r.stderr)
  assert.ok(jobLines(r.stdout, 'deploy-failure-report').includes(`> [INFO] Created issue #1: ${gh.url}/acme/shop/issues/1`), r.stdout)
  assert.is(jobLines(r.stdout, 'deploy-failure-resolve').length, 0, 'the on_success job does not run')
  // The package came from the registry, as the default input names it.
  assert.ok(registry.requests.includes(`GET ${registry.tarballPath}`), registry.requests.join('\n'))
  assert.equal(registry.refused, [])
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

// Without DEPLOY_TARGET (a feature branch's pipeline), the rules leave neither job in the pipeline:
// gitlab-ci-local's --list evaluates the rules as its runs do, without running the deploy job, which
// would only fail with nothing left to report it. The two pipelines above, which set it, ran them.
test('the rules docs/ci.md gives keep both jobs out of a pipeline without DEPLOY_TARGET', async () => {
  const jobs = await listJobs(app)
  assert.equal(jobs.map((line) => line.split(' ')[0]), ['deploy'], jobs.join('\n'))
})

test.run()
