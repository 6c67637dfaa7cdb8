import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, loadDotenv, outputFiles } from '../../../lib/config/config.ts'
import { configProblems as problems } from '../../helpers/config-problems.ts'

const OK = { ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: 'acme/shop' }

test('defaults follow the spec table', () => {
  const c = loadConfig(OK)
  assert.is(c.token, 'tok-123456')
  assert.is(c.owner, 'acme')
  assert.is(c.repo, 'shop')
  assert.is(c.apiUrl, 'https://api.github.com')
  assert.is(c.chatWebhook, undefined)
  assert.is(c.pipelineUrl, 'unknown')
  assert.is(c.commitSha, undefined)
  assert.is(c.commitMessage, undefined)
  assert.is(c.deployEnv, 'production')
  assert.is(c.onDuplicate, 'skip')
  assert.is(c.timeoutMs, 30_000)
  assert.is(c.maxWaitSeconds, 60)
  assert.is(c.retryAttempts, 3)
  assert.is(c.retryDelaySeconds, 1)
  assert.ok(Object.isFrozen(c))
})

test('CI_PIPELINE_URL wins over BUILD_URL; empty values count as unset', () => {
  assert.is(loadConfig({ ...OK, CI_PIPELINE_URL: 'a', BUILD_URL: 'b' }).pipelineUrl, 'a')
  assert.is(loadConfig({ ...OK, CI_PIPELINE_URL: '', BUILD_URL: 'b' }).pipelineUrl, 'b')
  assert.is(loadConfig({ ...OK, DEPLOY_ENV: '' }).deployEnv, 'production')
  assert.is(loadConfig({ ...OK, CI_COMMIT_SHA: '' }).commitSha, undefined)
})

test('ISSUE_API_URL, then GITHUB_API_URL, then api.github.com; trailing slashes dropped', () => {
  assert.is(loadConfig({ ...OK, ISSUE_API_URL: 'http://127.0.0.1:1/', GITHUB_API_URL: 'https://ghe/api/v3' }).apiUrl, 'http://127.0.0.1:1')
  assert.is(loadConfig({ ...OK, GITHUB_API_URL: 'https://ghe.example/api/v3/' }).apiUrl, 'https://ghe.example/api/v3')
})

test('every problem is listed at once, with the spec messages', () => {
  assert.equal(problems({}), ['ISSUE_TOKEN is required', 'ISSUE_REPO is required (owner/repo)'])
  assert.equal(problems({ ISSUE_TOKEN: '', ISSUE_REPO: '' }), ['ISSUE_TOKEN is required', 'ISSUE_REPO is required (owner/repo)'])
})

test('ISSUE_REPO must be owner/repo with GitHub\'s characters', () => {
  for (const bad of ['acme', 'acme/shop/extra', '../../x', 'acme/sh op', 'acme/shop?x=1', 'acme/..', 'acme/.', '/shop', 'acme/', 'a_b/shop', `${'a'.repeat(40)}/x`]) {
    const [p] = problems({ ...OK, ISSUE_REPO: bad })
    assert.match(p!, /^ISSUE_REPO must have the form owner\/repo/, bad)
    assert.ok(p!.includes(JSON.stringify(bad)), `names the value ${bad}`)
  }
  for (const good of ['acme/shop', 'a-b/c.d_e-f', `${'a'.repeat(39)}/${'r'.repeat(100)}`, 'acme/.github']) {
    assert.is(`${loadConfig({ ...OK, ISSUE_REPO: good }).owner}/${loadConfig({ ...OK, ISSUE_REPO: good }).repo}`, good)
  }
})

test('API URLs must be http(s); a malformed CHAT_WEBHOOK is only a warning, and is not echoed', () => {
  assert.match(problems({ ...OK, ISSUE_API_URL: 'ftp://x' })[0]!, /^ISSUE_API_URL must be an http\(s\) URL/)
  assert.match(problems({ ...OK, GITHUB_API_URL: 'nope' })[0]!, /^GITHUB_API_URL must be an http\(s\) URL/)
  const c = loadConfig({ ...OK, CHAT_WEBHOOK: 'hooks.slack.com/services/SECRET' })
  assert.is(c.chatWebhook, undefined)
  assert.is(c.warnings.length, 1)
  assert.match(c.warnings[0]!, /^CHAT_WEBHOOK is not an http\(s\) URL/)
  assert.not.match(c.warnings[0]!, /SECRET/)
  assert.is(loadConfig({ ...OK, CHAT_WEBHOOK: 'https://hooks.example/x' }).chatWebhook, 'https://hooks.example/x')
})

test('a problem never echoes the token, even when a variable holds it by mistake', () => {
  const all = problems({ ...OK, ISSUE_REPO: OK.ISSUE_TOKEN, ISSUE_API_URL: `x${OK.ISSUE_TOKEN}`, ON_DUPLICATE: OK.ISSUE_TOKEN })
  assert.is(all.length, 3)
  for (const problem of all) {
    assert.not.ok(problem.includes(OK.ISSUE_TOKEN), problem)
    assert.ok(problem.includes('***'), problem)
  }
})

test('numbers and ON_DUPLICATE are validated', () => {
  assert.is(loadConfig({ ...OK, REPORT_TIMEOUT: '2.5' }).timeoutMs, 2500)
  assert.is(loadConfig({ ...OK, ON_DUPLICATE: 'comment' }).onDuplicate, 'comment')
  const p = problems({ ...OK, REPORT_TIMEOUT: 'soon', REPORT_MAX_WAIT: '-1', REPORT_RETRY_ATTEMPTS: '0', ON_DUPLICATE: 'ignore' })
  assert.is(p.length, 4)
  assert.ok(p.some((x) => x.startsWith('REPORT_TIMEOUT must be a number')))
  assert.ok(p.some((x) => x.startsWith('REPORT_MAX_WAIT must be a number of at least 0')))
  assert.ok(p.some((x) => x.startsWith('REPORT_RETRY_ATTEMPTS must be a number of at least 1')))
  assert.ok(p.some((x) => x.startsWith('ON_DUPLICATE must be skip or comment')))
})

test('REPORT_CHAT_TIMEOUT bounds the chat post: 10 s by default, seconds when set, validated', () => {
  assert.is(loadConfig(OK).chatTimeoutMs, 10_000)
  assert.is(loadConfig({ ...OK, REPORT_CHAT_TIMEOUT: '0.25' }).chatTimeoutMs, 250)
  assert.match(problems({ ...OK, REPORT_CHAT_TIMEOUT: '0' })[0]!, /^REPORT_CHAT_TIMEOUT must be a number of at least 0\.001/)
})

test('requireToken: false lets a read-only tool run without a token', () => {
  assert.is(loadConfig({ ISSUE_REPO: 'acme/shop' }, { requireToken: false }).token, '')
  assert.equal(problems({}, { requireToken: false }), ['ISSUE_REPO is required (owner/repo)'])
})

test('loadDotenv fills unset variables only, quietly', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cfg-'))
  try {
    writeFileSync(join(dir, '.env'), 'A=file\nB=file\n')
    const env: Record<string, string | undefined> = { A: 'set' }
    loadDotenv(env, dir)
    assert.equal(env, { A: 'set', B: 'file' })
    const empty: Record<string, string | undefined> = {}
    loadDotenv(empty, join(dir, 'missing'))
    assert.equal(empty, {})
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('REPORT_WRITE_INTERVAL: 1 s by default (GitHub\'s advice), any number from 0, else a problem', () => {
  assert.is(loadConfig(OK).writeIntervalSeconds, 1)
  assert.is(loadConfig({ ...OK, REPORT_WRITE_INTERVAL: '0.01' }).writeIntervalSeconds, 0.01)
  assert.equal(problems({ ...OK, REPORT_WRITE_INTERVAL: 'fast' }), ['REPORT_WRITE_INTERVAL must be a number of at least 0 (got "fast")'])
})

test('other CI systems fill in pipeline, commit and message only where the spec variables are unset', () => {
  const gha = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '99', GITHUB_SHA: 'abcdef0123' }
  let c = loadConfig({ ...OK, ...gha })
  assert.is(c.pipelineUrl, 'https://github.com/acme/shop/actions/runs/99')
  assert.is(c.commitSha, 'abcdef0')
  assert.is(c.commitMessage, undefined, 'GitHub Actions sets no message: git is asked')
  c = loadConfig({ ...OK, ...gha, CI_PIPELINE_URL: 'https://gitlab.example/p/1', CI_COMMIT_SHA: 'spec-sha' })
  assert.is(c.pipelineUrl, 'https://gitlab.example/p/1')
  assert.is(c.commitSha, 'spec-sha')
  assert.is(loadConfig({ ...OK, ...gha, BUILD_URL: 'https://jenkins.example/job/9' }).pipelineUrl, 'https://jenkins.example/job/9')
  c = loadConfig({ ...OK, BUILDKITE_BUILD_URL: 'https://buildkite.com/a/b/builds/3', BUILDKITE_COMMIT: 'HEAD', BUILDKITE_MESSAGE: 'from buildkite' })
  assert.is(c.pipelineUrl, 'https://buildkite.com/a/b/builds/3')
  assert.is(c.commitSha, undefined)
  assert.is(c.commitMessage, 'from buildkite')
  assert.is(loadConfig({ ...OK, BUILDKITE_MESSAGE: 'from buildkite', CI_COMMIT_MESSAGE: 'from spec' }).commitMessage, 'from spec')
  assert.is(loadConfig({ ...OK, GIT_COMMIT: 'fedcba9876' }).commitSha, 'fedcba9')
  assert.is(loadConfig({ ...OK, CIRCLE_BUILD_URL: 'https://circleci.com/gh/a/b/5' }).pipelineUrl, 'https://circleci.com/gh/a/b/5')
})

test('outputFiles reads GitHub Actions\' output and summary files, empty as unset, and never throws', () => {
  assert.equal(outputFiles({}), { githubOutput: undefined, stepSummary: undefined })
  assert.equal(outputFiles({ GITHUB_OUTPUT: '/tmp/o', GITHUB_STEP_SUMMARY: '' }), { githubOutput: '/tmp/o', stepSummary: undefined })
})

test('plain http to a host other than loopback is allowed with a warning: the token would travel in clear', () => {
  assert.equal(loadConfig({ ...OK, ISSUE_API_URL: 'http://127.0.0.1:8080' }).warnings, [])
  assert.equal(loadConfig({ ...OK, ISSUE_API_URL: 'http://localhost:8080' }).warnings, [])
  assert.equal(loadConfig({ ...OK, ISSUE_API_URL: 'https://ghe.example/api/v3' }).warnings, [])
  const [warning, ...rest] = loadConfig({ ...OK, GITHUB_API_URL: 'http://ghe.internal/api/v3' }).warnings
  assert.match(warning!, /^GITHUB_API_URL uses plain http, so ISSUE_TOKEN travels unencrypted/)
  assert.is(rest.length, 0)
})

test.run()
