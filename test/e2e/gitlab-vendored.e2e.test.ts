// examples/gitlab-ci.yml run as it is by gitlab-ci-local, in an app that vendors this project in
// tools/deploy-failure-reporter; only the variables pointing at the loopback GitHub are added, as a
// project's CI/CD settings would add them. Its before_script installs the reporter with
// `npm ci --prefix`, its after_script sources the reporter's after-script.
// One failing pipeline: each pipeline reinstalls the reporter's whole dependency tree (~7 s of CPU), so
// the rest of the path is proved where it costs less. A passing pipeline closing the issue is the
// component's test (gitlab-component.e2e), a repeated failure finding its open issue is report.e2e's, and
// the after-script's success branch is after-script.e2e's (a checkout's resolve line, with a stand-in for
// zx, and the installed package's run); after_script sees CI_JOB_STATUS=success after a passing script
// (https://docs.gitlab.com/ci/variables/predefined_variables/), and gitlab-ci-local sets it so too.
// The job's node is Node 24, as the example's image (runPipeline); the checkout's typed report on the
// suite's Node is after-script.e2e's first case.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, today } from '../helpers/helpers.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../helpers/loopback-github.ts'
import { commitAll, copyProject, gitRepo, runPipeline } from '../helpers/gitlab-ci-local.ts'

let gh: LoopbackGitHub
let app: string

test.before(async () => {
  gh = await startLoopbackGitHub()
  app = gitRepo({
    '.gitignore': '.gitlab-ci-local*\nnode_modules/\n',
    'deploy.sh': '#!/bin/sh\nif [ -n "$DEPLOY_SHOULD_FAIL" ]; then echo "smoke test failed" >&2; exit 1; fi\necho deployed\n',
    '.gitlab-ci.yml': readFileSync(join(ROOT, 'examples/gitlab-ci.yml'), 'utf8'),
  })
  // The reporter's own tests and benchmarks (about half its files) are left out: neither npm ci nor the
  // after_script reads them, and each file is copied, hashed by git and copied again into the job's build
  // folder. A vendored reporter that needed them would fail here.
  copyProject(app, 'tools/deploy-failure-reporter', ['test', 'bench'])
  commitAll(app)
})
test.after(async () => {
  await gh.close()
  rmSync(app, { recursive: true, force: true })
})

const SHA = () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: app, encoding: 'utf8' }).trim()
const failingPipeline = () =>
  runPipeline(app, { ISSUE_TOKEN: gh.token, ISSUE_API_URL: gh.url, CHAT_WEBHOOK: gh.chatUrl, DEPLOY_SHOULD_FAIL: '1' })
const deployLines = (out: string) => out.split('\n').filter((l) => l.startsWith('deploy ')).map((l) => l.slice('deploy '.length).trim())

test('a failing deploy: the after_script files one issue for the app\'s commit', async () => {
  const r = await failingPipeline()
  assert.is(r.code, 1, r.stdout + r.stderr)
  const lines = deployLines(r.stdout)
  assert.ok(lines.includes(`> [INFO] Created issue #1: ${gh.url}/acme/shop/issues/1`), r.stdout)
  assert.not.ok(lines.some((l) => l.includes('[WARN]') || l.includes('[ERROR]')), r.stdout)
  assert.is(gh.issues.length, 1)
  assert.is(gh.issues[0]!.title, `[DEPLOY FAIL] production — ${SHA()} — ${today()}`)
  assert.match(gh.issues[0]!.body ?? '', /\n### Failure Reason\nDeploy job failed\n/)
  // The pipeline's address as GitLab gives it, from the project's remote (gitlab-ci-local leaves out the /-/).
  assert.match(gh.issues[0]!.body ?? '', /https:\/\/gitlab\.example\.invalid\/acme\/shop\/(-\/)?pipelines\/\d+/)
  assert.is(gh.chat.length, 1)
})

test.run()
