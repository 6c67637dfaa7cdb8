import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../../lib/config/config.ts'
import { isGitLabProject } from '../../../lib/config/tracker.ts'
import { configProblems as problems } from '../../helpers/config-problems.ts'

const GL = { ISSUE_TRACKER: 'gitlab', ISSUE_TOKEN: 'glpat-123456' }

test('ISSUE_TRACKER defaults to github, and GitHub\'s settings are read as before', () => {
  const c = loadConfig({ ISSUE_TOKEN: 't-123456', ISSUE_REPO: 'acme/shop', CI_API_V4_URL: 'https://gl.example/api/v4', CI_PROJECT_PATH: 'g/p' })
  assert.is(c.tracker, 'github')
  assert.is(c.project, 'acme/shop')
  assert.is(c.apiUrl, 'https://api.github.com', 'GitLab CI variables do not redirect a GitHub run')
  assert.equal(problems({ ISSUE_TOKEN: 't-123456', CI_PROJECT_PATH: 'g/p' }), ['ISSUE_REPO is required (owner/repo)'])
  assert.is(loadConfig({ ISSUE_TRACKER: 'github', ISSUE_TOKEN: 't-123456', ISSUE_REPO: 'acme/shop' }).tracker, 'github')
})

test('an unknown ISSUE_TRACKER is a problem naming both choices', () => {
  assert.equal(problems({ ISSUE_TRACKER: 'jira', ISSUE_TOKEN: 't-123456', ISSUE_REPO: 'acme/shop' }), ['ISSUE_TRACKER must be github or gitlab, got "jira"'])
})

test('gitlab: the API is ISSUE_API_URL, else CI_API_V4_URL, else gitlab.com', () => {
  assert.is(loadConfig({ ...GL, ISSUE_REPO: 'g/p' }).apiUrl, 'https://gitlab.com/api/v4')
  assert.is(loadConfig({ ...GL, ISSUE_REPO: 'g/p', CI_API_V4_URL: 'https://gl.example/api/v4' }).apiUrl, 'https://gl.example/api/v4')
  assert.is(loadConfig({ ...GL, ISSUE_REPO: 'g/p', CI_API_V4_URL: 'https://gl.example/api/v4', ISSUE_API_URL: 'http://127.0.0.1:9/api/v4/' }).apiUrl, 'http://127.0.0.1:9/api/v4')
  assert.is(loadConfig({ ...GL, ISSUE_REPO: 'g/p', GITHUB_API_URL: 'https://ghe.example/api/v3' }).apiUrl, 'https://gitlab.com/api/v4', 'GITHUB_API_URL is GitHub\'s')
  assert.match(problems({ ...GL, ISSUE_REPO: 'g/p', CI_API_V4_URL: 'nope' })[0]!, /^CI_API_V4_URL must be an http\(s\) URL such as https:\/\/gitlab\.com\/api\/v4, got "nope"$/)
  assert.match(loadConfig({ ...GL, ISSUE_REPO: 'g/p', ISSUE_API_URL: 'http://gl.internal/api/v4' }).warnings[0]!, /^ISSUE_API_URL uses plain http/)
})

test('gitlab: ISSUE_REPO is a path with nested groups or a numeric id, defaulting to CI_PROJECT_PATH', () => {
  const nested = loadConfig({ ...GL, ISSUE_REPO: 'acme/platform/shop' })
  assert.is(nested.tracker, 'gitlab')
  assert.is(nested.project, 'acme/platform/shop')
  assert.is(nested.owner, 'acme/platform')
  assert.is(nested.repo, 'shop')
  assert.is(loadConfig({ ...GL, ISSUE_REPO: '4242' }).project, '4242')
  assert.is(loadConfig({ ...GL, CI_PROJECT_PATH: 'from/ci' }).project, 'from/ci')
  assert.is(loadConfig({ ...GL, CI_PROJECT_PATH: 'from/ci', ISSUE_REPO: 'set/here' }).project, 'set/here')
  assert.equal(problems(GL), ['ISSUE_REPO is required (a GitLab project path such as group/project, or a numeric project id; GitLab CI sets CI_PROJECT_PATH)'])
})

test('gitlab: malformed paths are refused before any request, naming the form and the value', () => {
  for (const bad of ['shop', 'acme/', '/shop', 'acme//shop', 'acme/shop.git', 'acme/shop.', 'acme/-shop', 'acme/sh op', 'acme/shop?x=1', '../x', 'acme/.hidden', '0', '-5', 'acme%2Fshop']) {
    const [p, ...rest] = problems({ ...GL, ISSUE_REPO: bad })
    assert.is(rest.length, 0, bad)
    assert.ok(p!.startsWith('ISSUE_REPO must be a GitLab project path such as group/subgroup/project'), bad)
    assert.ok(p!.endsWith(`or a numeric project id, got ${JSON.stringify(bad)}`), bad)
  }
  for (const good of ['a/b', 'acme/platform/team-1/shop_2.0', '_x/y', 'A/B', '1', '98765']) assert.ok(isGitLabProject(good), good)
})

test('gitlab: a problem never echoes the token', () => {
  const [p] = problems({ ...GL, ISSUE_REPO: GL.ISSUE_TOKEN })
  assert.not.ok(p!.includes(GL.ISSUE_TOKEN))
  assert.ok(p!.includes('***'))
})

test.run()
