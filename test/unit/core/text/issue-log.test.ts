// The issue body with a log excerpt: where the section goes, and what is cut first when it is too long.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderBody } from '../../../../lib/core/text/issue.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'

const LOG = { text: 'npm ERR! code 1\nexit 1', source: 'deploy.log', jobUrl: 'https://gitlab.example/g/p/-/jobs/9' }

test('the log section sits between the reason and the required actions; the rest is unchanged', () => {
  const plain = renderBody(SAMPLE_FAILURE)
  const body = renderBody({ ...SAMPLE_FAILURE, log: LOG })
  const section = [
    '### Log excerpt',
    '<details><summary>Last 2 lines of deploy.log, full log: <a href="https://gitlab.example/g/p/-/jobs/9">https://gitlab.example/g/p/-/jobs/9</a></summary>',
    '',
    '```',
    'npm ERR! code 1',
    'exit 1',
    '```',
    '',
    '</details>',
    '',
    '',
  ].join('\n')
  assert.is(body, plain.replace('### Required Actions', section + '### Required Actions'))
  assert.ok(plain.includes('Deploy job failed\n\n### Required Actions'))
})

test('without a log the body has no log section', () => {
  assert.not.ok(renderBody({ ...SAMPLE_FAILURE, log: undefined }).includes('Log excerpt'))
})

const lines = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} ${i}`).join('\n')

test('a long log is cut before a commit message that fits, keeping the log\'s end', () => {
  const commitMessage = 'm'.repeat(20_000)
  const log = { text: lines('log line', 20_000), source: 'deploy.log' }
  const body = renderBody({ ...SAMPLE_FAILURE, commitMessage, log })
  assert.ok(body.length <= 65_536, `length ${body.length}`)
  assert.ok(body.includes('```\n' + commitMessage + '\n```'), 'the whole message is kept')
  assert.ok(body.includes('\nlog line 19999\n```'), 'the last log line is kept')
  assert.not.ok(body.includes('log line 0\n'), 'the first log line is cut')
  assert.match(body, /\n\*\[\d+ characters cut\]\*\n\n```\nlog line \d+\n/)
})

test('everything huge: log, message and reason all keep a share, in that order of cutting', () => {
  const body = renderBody({ ...SAMPLE_FAILURE, commitMessage: 'm'.repeat(100_000), reason: 'r'.repeat(100_000), log: { text: 'l'.repeat(100_000), source: 'x' } })
  assert.ok(body.length <= 65_536, `length ${body.length}`)
  const count = (c: string) => (body.match(new RegExp(`${c}{1000,}`)) ?? [''])[0].length
  // The log keeps at least a quarter of the room, the message a quarter of the rest, the reason the remainder.
  assert.ok(count('l') >= 16_000 && count('m') >= 12_000 && count('r') >= 12_000, `${count('l')} ${count('m')} ${count('r')}`)
  assert.ok(count('r') > count('m'), 'the reason is cut last')
  assert.is((body.match(/characters cut\]/g) ?? []).length, 3)
})

test.run()
