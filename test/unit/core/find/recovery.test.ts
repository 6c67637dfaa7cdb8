import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderTitle } from '../../../../lib/core/text/issue.ts'
import { isRecoverable, parseTitle, renderRecoveryChat, selectRecoverable, type RecoverableIssue } from '../../../../lib/core/find/recovery.ts'

const T = (env: string, sha = 'abc1234', day = '2026-11-05') => `[DEPLOY FAIL] ${env} \u2014 ${sha} \u2014 ${day}`
const issue = (title: string, extra: Partial<RecoverableIssue> = {}): RecoverableIssue => ({ number: 1, title, labels: ['auto-deploy-failure', 'ops'], ...extra })

test('parses the reporter title into environment, commit and date', () => {
  assert.equal(parseTitle(T('staging')), { environment: 'staging', commitSha: 'abc1234', date: '2026-11-05' })
  assert.equal(parseTitle(T('eu — west', 'unknown')), { environment: 'eu — west', commitSha: 'unknown', date: '2026-11-05' })
  // Line and paragraph separators (U+2028, U+2029) stay in a title: the resolver must still read it.
  assert.equal(parseTitle(T('eu\u2028west'))?.environment, 'eu\u2028west')
  assert.equal(parseTitle(T('eu\u2029west'))?.environment, 'eu\u2029west')
  assert.equal(parseTitle(`Re: ${T('prod')} (flaky)`)?.environment, 'prod')
  for (const other of ['[DEPLOY FAIL] staging - abc - 2026-11-05', 'DEPLOY FAIL staging — abc — 2026-11-05', T('staging', 'abc', '2026-11'), 'staging broke', T('')]) {
    assert.is(parseTitle(other), undefined, other)
  }
})

test('environment match is exact: staging closes neither staging-eu nor stag, and the other way round', () => {
  assert.ok(isRecoverable(issue(T('staging')), 'staging'))
  assert.not.ok(isRecoverable(issue(T('staging-eu')), 'staging'))
  assert.not.ok(isRecoverable(issue(T('staging')), 'staging-eu'))
  assert.not.ok(isRecoverable(issue(T('stag')), 'staging'))
  assert.not.ok(isRecoverable(issue(T('staging')), 'stag'))
  assert.not.ok(isRecoverable(issue(T('Staging')), 'staging'))
  assert.not.ok(isRecoverable(issue(T('staging ')), 'staging'))
  assert.ok(isRecoverable(issue(T('a.b*c(d)')), 'a.b*c(d)'), 'names are compared literally')
  assert.not.ok(isRecoverable(issue(T('aXb')), 'a.b'))
})

test('issues without the label are never recoverable; any commit and day are', () => {
  assert.not.ok(isRecoverable(issue(T('staging'), { labels: ['ops'] }), 'staging'))
  assert.not.ok(isRecoverable(issue(T('staging'), { labels: [] }), 'staging'))
  assert.ok(isRecoverable(issue(T('staging'), { labels: ['ops', 'auto-deploy-failure'] }), 'staging'))
  assert.ok(isRecoverable(issue(T('staging', 'deadbee', '1999-01-01'), { labels: ['auto-deploy-failure'] }), 'staging'))
  const picked = selectRecoverable([issue(T('a'), { number: 3 }), issue(T('b'), { number: 4 }), issue(T('a', 'x'), { number: 5 })], 'a')
  assert.equal(picked.map((i) => i.number), [3, 5])
})

test('an issue filed after the recovery started is not recoverable (a newer alarm must not flap shut)', () => {
  const at = new Date('2026-11-05T10:00:00Z')
  assert.ok(isRecoverable(issue(T('a'), { createdAt: new Date('2026-11-05T09:59:59Z') }), 'a', at))
  assert.ok(isRecoverable(issue(T('a'), { createdAt: new Date('2026-11-05T10:00:00Z') }), 'a', at))
  assert.not.ok(isRecoverable(issue(T('a'), { createdAt: new Date('2026-11-05T10:00:01Z') }), 'a', at))
  assert.ok(isRecoverable(issue(T('a'), { createdAt: new Date('2026-11-05T10:00:01Z') }), 'a'), 'no time: no bound')
  assert.ok(isRecoverable(issue(T('a')), 'a', at), 'no creation time: no bound')
})

test('property: every title the reporter renders parses back to its environment and commit', () => {
  const env = fc.string({ minLength: 1 }).filter((s) => !/[\n\r\u2028\u2029]/.test(s))
  const sha = fc.string({ minLength: 1 }).filter((s) => !/[\n\r\u2028\u2029\u2014]/.test(s) && !s.startsWith(' ') && !s.endsWith(' '))
  fc.assert(
    fc.property(env, sha, fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }), (environment, commitSha, time) => {
      const title = renderTitle({ environment, commitSha, time, commitMessage: '', reason: '', pipelineUrl: '' })
      const parts = parseTitle(title)
      assert.is(parts?.environment, environment)
      assert.is(parts?.commitSha, commitSha)
      assert.ok(isRecoverable(issue(title), environment))
      assert.not.ok(isRecoverable(issue(title), `${environment}-eu`))
    }),
    { numRuns: 2000 },
  )
})

test('recovery chat: four lines, Slack-escaped, listing the closed issues', () => {
  const text = renderRecoveryChat(
    { environment: 'prod <!channel>', commitSha: 'a&b', pipelineUrl: 'https://ci.example/p?a=1&b=<2>', time: new Date() },
    [3, 5],
  )
  assert.is(text, '*[DEPLOY RECOVERED]* prod &lt;!channel&gt;\nCommit: `a&amp;b`\nClosed: #3, #5\nPipeline: https://ci.example/p?a=1&amp;b=&lt;2&gt;')
})

test('recovery chat: a multi-line or control-laden value stays on its own line, cut to 1,000 characters', () => {
  const text = renderRecoveryChat({ environment: 'prod\n*[DEPLOY FAILURE]* fake', commitSha: 'a\u001bb', pipelineUrl: 'u'.repeat(5000), time: new Date() }, [1])
  const lines = text.split('\n')
  assert.is(lines.length, 4)
  assert.is(lines[0], '*[DEPLOY RECOVERED]* prod *[DEPLOY FAILURE]* fake')
  assert.is(lines[1], 'Commit: `a\u241bb`')
  assert.match(lines[3]!, /^Pipeline: u+ \[\d+ characters cut\]$/)
  assert.ok(lines[3]!.length <= 'Pipeline: '.length + 1000)
})

test.run()
