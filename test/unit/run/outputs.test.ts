import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Failure } from '../../../lib/core/text/issue.ts'
import { failedResult, type ReportResult } from '../../../lib/core/report-result.ts'
import { appendOutputs, jsonLine, outputLines, resolveOutputLines, summaryMarkdown } from '../../../lib/run/outputs.ts'

const created: ReportResult = { outcome: 'created', number: 12, url: 'https://github.com/acme/shop/issues/12', title: '[DEPLOY FAIL] staging — abc1234 — 2026-11-25' }
const failure: Failure = {
  environment: 'staging',
  commitSha: 'abc1234',
  commitMessage: 'm',
  reason: 'Deploy job failed\nsecond line',
  pipelineUrl: 'https://ci.example/p/1',
  time: new Date(2026, 10, 25, 12, 0, 0),
}

test('jsonLine: exactly outcome, number, url, title, in order, on one line', () => {
  assert.is(
    jsonLine(created),
    '{"outcome":"created","number":12,"url":"https://github.com/acme/shop/issues/12","title":"[DEPLOY FAIL] staging — abc1234 — 2026-11-25"}',
  )
  assert.is(jsonLine(failedResult()), '{"outcome":"failed","number":null,"url":null,"title":null}')
  assert.is(JSON.parse(jsonLine(failedResult('t'))).title, 't')
})

test('outputLines: name=value lines; empty values for a run that filed nothing', () => {
  assert.is(outputLines(created), 'outcome=created\nissue-number=12\nissue-url=https://github.com/acme/shop/issues/12\n')
  assert.is(outputLines(failedResult('t')), 'outcome=failed\nissue-number=\nissue-url=\n')
})

test('outputLines: a value with a line break uses a heredoc whose delimiter is not in the value', () => {
  const sneaky: ReportResult = { ...created, url: 'https://x/1\nissue-number=999\nD1' }
  const delimiters = ['D1', 'D2']
  const text = outputLines(sneaky, () => delimiters.shift()!)
  assert.is(text, 'outcome=created\nissue-number=12\nissue-url<<D2\nhttps://x/1\nissue-number=999\nD1\nD2\n')
})

test('summaryMarkdown: headline, outcome, link, environment, commit and a one-line reason', () => {
  assert.is(
    summaryMarkdown(created, failure),
    [
      '### Deploy failure reported: issue #12 created',
      '',
      '- **Outcome:** created',
      '- **Issue:** [#12](https://github.com/acme/shop/issues/12) [DEPLOY FAIL] staging — abc1234 — 2026-11-25',
      '- **Environment:** `staging`',
      '- **Commit:** `abc1234`',
      '- **Reason:** Deploy job failed second line',
      '',
      '',
    ].join('\n'),
  )
  assert.match(summaryMarkdown({ ...created, outcome: 'duplicate' }, failure), /^### Deploy failure already reported: open issue #12\n/)
  assert.match(summaryMarkdown({ ...created, outcome: 'commented' }, failure), /^### Deploy failure added to open issue #12\n/)
  const failed = summaryMarkdown(failedResult(), undefined)
  assert.is(failed, '### Deploy failure could not be filed\n\n- **Outcome:** failed\n- **Issue:** none filed; the step log says why\n\n')
})

test('appendOutputs appends to the files that are set, and only those', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outputs-'))
  try {
    const out = join(dir, 'output')
    const summary = join(dir, 'summary')
    writeFileSync(out, 'earlier=1\n')
    appendOutputs({ githubOutput: out, stepSummary: undefined }, created, failure)
    assert.is(readFileSync(out, 'utf8'), `earlier=1\n${outputLines(created)}`)
    appendOutputs({ githubOutput: undefined, stepSummary: summary }, created, failure)
    assert.is(readFileSync(out, 'utf8'), `earlier=1\n${outputLines(created)}`)
    assert.is(readFileSync(summary, 'utf8'), summaryMarkdown(created, failure))
    assert.throws(() => appendOutputs({ githubOutput: join(dir, 'missing', 'x'), stepSummary: undefined }, created, failure))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('summaryMarkdown: untrusted values cannot ping, add HTML or break the list', () => {
  const md = summaryMarkdown(created, { ...failure, reason: 'ping @ops-team\n<details open>\n# heading', environment: 'prod`\nx', commitSha: 'a\u001bb' })
  const lines = md.trimEnd().split('\n')
  const reason = lines.find((l) => l.startsWith('- **Reason:** '))!
  assert.ok(reason, md)
  assert.not.match(reason, /@ops-team/, 'the mention is defused')
  assert.not.match(reason, /(^|[^\\])<details/, 'no raw HTML')
  assert.is(lines.filter((l) => l.startsWith('- **')).length, 5, 'one line per field')
  assert.ok(lines.includes('- **Environment:** ``prod` x``'), md)
  assert.ok(lines.includes('- **Commit:** `a\u241bb`'), md)
})

test('resolveOutputLines: outcome and the closed numbers comma-separated; empty when none', () => {
  assert.is(resolveOutputLines({ outcome: 'resolved', closed: [3, 7], failed: [] }), 'outcome=resolved\nclosed=3,7\n')
  assert.is(resolveOutputLines({ outcome: 'nothing', closed: [], failed: [] }), 'outcome=nothing\nclosed=\n')
})

test.run()
