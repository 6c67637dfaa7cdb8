import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../../lib/config/config.ts'
import { configProblems } from '../../helpers/config-problems.ts'

const OK = { ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: 'acme/shop' }

const problems = (env: Record<string, string>): readonly string[] => configProblems({ ...OK, ...env })

test('defaults keep the spec: no log, no extra labels, no assignees, grouping by title, no reopening', () => {
  const c = loadConfig(OK)
  assert.is(c.logFile, undefined)
  assert.is(c.logLines, 100)
  assert.is(c.jobUrl, undefined)
  assert.equal(c.extraLabels, [])
  assert.equal(c.assignees, [])
  assert.is(c.group, 'title')
  assert.is(c.reopenWindowHours, 0)
})

test('values are read; labels and logins are trimmed, repeats and the spec\'s own labels dropped', () => {
  const c = loadConfig({
    ...OK,
    REPORT_LOG_FILE: 'deploy.log',
    REPORT_LOG_LINES: '20',
    CI_JOB_URL: 'https://gitlab.example/j/1',
    REPORT_LABELS: ' env:production , severity:high,OPS,env:Production,',
    REPORT_ASSIGNEES: '@octocat, mona-lisa,Octocat',
    REPORT_GROUP: 'environment',
    REPORT_REOPEN_WINDOW: '1.5',
  })
  assert.is(c.logFile, 'deploy.log')
  assert.is(c.logLines, 20)
  assert.is(c.jobUrl, 'https://gitlab.example/j/1')
  assert.equal(c.extraLabels, ['env:production', 'severity:high'])
  assert.equal(c.assignees, ['octocat', 'mona-lisa'])
  assert.is(c.group, 'environment')
  assert.is(c.reopenWindowHours, 1.5)
})

test('a label longer than 50 characters or holding a control character is named', () => {
  const long = 'x'.repeat(51)
  assert.equal(problems({ REPORT_LABELS: `ok,${long}` }), [
    `REPORT_LABELS: "${long}" is not a GitHub label name (at most 50 characters, no control characters)`,
  ])
  assert.equal(problems({ REPORT_LABELS: 'a\tb' }).length, 1)
  // 50 emoji are 50 characters, though 100 UTF-16 units.
  assert.equal(loadConfig({ ...OK, REPORT_LABELS: '🔥'.repeat(50) }).extraLabels, ['🔥'.repeat(50)])
})

test('a login that GitHub would refuse is named; more than 10 assignees are refused', () => {
  for (const bad of ['-mona', 'mona-', 'mo--na', 'mo_na', 'a'.repeat(40), 'bot[bot]']) {
    assert.equal(problems({ REPORT_ASSIGNEES: `octocat,${bad}` }), [
      `REPORT_ASSIGNEES: ${JSON.stringify(bad)} is not a GitHub login (letters, digits and single hyphens, not first or last, at most 39 characters)`,
    ])
  }
  const eleven = Array.from({ length: 11 }, (_, i) => `user${i}`).join(',')
  assert.equal(problems({ REPORT_ASSIGNEES: eleven }), ['REPORT_ASSIGNEES: 11 logins given; GitHub assigns at most 10'])
})

test('bad numbers and groupings are named with what is expected', () => {
  assert.equal(problems({ REPORT_LOG_LINES: '0', REPORT_GROUP: 'env', REPORT_REOPEN_WINDOW: '-1' }), [
    'REPORT_LOG_LINES must be a whole number of at least 1 (got "0")',
    'REPORT_GROUP must be title or environment, got "env"',
    'REPORT_REOPEN_WINDOW must be a number of hours of at least 0 (got "-1")',
  ])
  assert.equal(problems({ REPORT_LOG_LINES: '2.5' }), ['REPORT_LOG_LINES must be a whole number of at least 1 (got "2.5")'])
})

test.run()
