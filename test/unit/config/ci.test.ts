import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { detectCi } from '../../../lib/config/ci.ts'

const SHA = '0123456789abcdef0123456789abcdef01234567'
const SHORT = '0123456'

test('nothing detected in a plain environment', () => {
  assert.is(detectCi({}), undefined)
  assert.is(detectCi({ PATH: '/usr/bin', GITHUB_SERVER_URL: '' }), undefined)
})

test('GitHub Actions: the run address from server, repository and run id; the commit from GITHUB_SHA', () => {
  const run = detectCi({
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: '1658821493',
    GITHUB_SHA: SHA,
  })
  assert.equal(run, { name: 'GitHub Actions', pipelineUrl: 'https://github.com/acme/shop/actions/runs/1658821493', commitSha: SHORT })
  // GitHub Enterprise Server: the server address is its own; a trailing slash is not doubled.
  assert.is(
    detectCi({ GITHUB_SERVER_URL: 'https://ghe.example/', GITHUB_REPOSITORY: 'a/b', GITHUB_RUN_ID: '7' })?.pipelineUrl,
    'https://ghe.example/a/b/actions/runs/7',
  )
  // Without all three parts there is no address, but the commit still counts.
  assert.equal(detectCi({ GITHUB_REPOSITORY: 'a/b', GITHUB_SHA: SHA }), { name: 'GitHub Actions', pipelineUrl: undefined, commitSha: SHORT })
})

test('Jenkins: GIT_COMMIT', () => {
  assert.equal(detectCi({ GIT_COMMIT: SHA, BUILD_URL: 'https://jenkins.example/job/9/' }), { name: 'Jenkins', commitSha: SHORT })
})

test('CircleCI: CIRCLE_BUILD_URL and CIRCLE_SHA1', () => {
  assert.equal(detectCi({ CIRCLE_BUILD_URL: 'https://circleci.com/gh/acme/shop/123', CIRCLE_SHA1: 'abc1234' }), {
    name: 'CircleCI',
    pipelineUrl: 'https://circleci.com/gh/acme/shop/123',
    commitSha: 'abc1234',
  })
})

test('Buildkite: BUILDKITE_BUILD_URL, BUILDKITE_COMMIT and BUILDKITE_MESSAGE; a symbolic HEAD is not a commit', () => {
  const env = { BUILDKITE_BUILD_URL: 'https://buildkite.com/acme/shop/builds/88', BUILDKITE_COMMIT: SHA, BUILDKITE_MESSAGE: 'Ship it\n\nbody' }
  assert.equal(detectCi(env), {
    name: 'Buildkite',
    pipelineUrl: 'https://buildkite.com/acme/shop/builds/88',
    commitSha: SHORT,
    commitMessage: 'Ship it\n\nbody',
  })
  assert.is(detectCi({ ...env, BUILDKITE_COMMIT: 'HEAD' })?.commitSha, undefined)
  assert.is(detectCi({ ...env, BUILDKITE_COMMIT: 'main' })?.commitSha, undefined)
})

test('detected commits are cut to the 7 characters of git rev-parse --short, like the spec\'s default', () => {
  for (const name of ['GITHUB_SHA', 'GIT_COMMIT', 'CIRCLE_SHA1', 'BUILDKITE_COMMIT']) {
    assert.is(detectCi({ [name]: SHA })?.commitSha, SHORT, name)
    assert.is(detectCi({ [name]: 'ABCDEF0' })?.commitSha, 'ABCDEF0', name)
    assert.is(detectCi({ [name]: 'abc12' })?.commitSha, undefined, `${name}: too short to be a hash`)
  }
})

test('the first system present wins: GitHub Actions, Jenkins, CircleCI, Buildkite', () => {
  assert.is(detectCi({ GITHUB_SHA: SHA, GIT_COMMIT: 'abcdef1', CIRCLE_SHA1: 'abcdef2', BUILDKITE_COMMIT: 'abcdef3' })?.name, 'GitHub Actions')
  assert.is(detectCi({ GIT_COMMIT: 'abcdef1', CIRCLE_SHA1: 'abcdef2', BUILDKITE_COMMIT: 'abcdef3' })?.name, 'Jenkins')
  assert.is(detectCi({ CIRCLE_SHA1: 'abcdef2', BUILDKITE_COMMIT: 'abcdef3' })?.name, 'CircleCI')
})

test.run()
