import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readChanges } from '../../../lib/config/changes.ts'
import { configProblems } from '../../helpers/config-problems.ts'

const read = (env: Record<string, string>) => {
  const problems: string[] = []
  return { settings: readChanges(env, problems), problems }
}

test('defaults: off, no sha, 5 s, plain names, nobody assigned', () => {
  assert.equal(read({}), { settings: { changes: 'off', lastGoodSha: undefined, changesTimeoutMs: 5_000, mentionAuthors: false, assignAuthors: false }, problems: [] })
})

test('every setting read', () => {
  const env = { REPORT_CHANGES: 'auto', REPORT_LAST_GOOD_SHA: 'ABC1234', REPORT_CHANGES_TIMEOUT: '1.5', REPORT_MENTION: 'authors', REPORT_ASSIGN: 'authors' }
  assert.equal(read(env), { settings: { changes: 'auto', lastGoodSha: 'abc1234', changesTimeoutMs: 1_500, mentionAuthors: true, assignAuthors: true }, problems: [] })
})

test('bad values name the variable and the form expected, and loadConfig exits 2 with them', () => {
  const env = { REPORT_CHANGES: 'on', REPORT_LAST_GOOD_SHA: 'main', REPORT_CHANGES_TIMEOUT: '0', REPORT_MENTION: 'all', REPORT_ASSIGN: 'me' }
  const expected = [
    'REPORT_CHANGES must be auto or off, got "on"',
    'REPORT_LAST_GOOD_SHA must be a commit id, 7 to 64 hex digits such as 3f2a9c1 (got "main")',
    'REPORT_CHANGES_TIMEOUT must be a number of seconds above 0, such as 5 (got "0")',
    'REPORT_MENTION must be authors or off, got "all"',
    'REPORT_ASSIGN must be authors or off, got "me"',
  ]
  assert.equal(read(env).problems, expected)
  assert.equal(configProblems({ ISSUE_TOKEN: 't', ISSUE_REPO: 'acme/shop', ...env }), expected)
})

test.run()
