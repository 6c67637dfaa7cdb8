import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  MAX_REASON,
  OCCURRENCE_MARKER,
  RECOVERY_MARKER,
  isOccurrenceComment,
  nextOccurrence,
  occurrenceComment,
  pipelineLink,
  renderOccurrence,
  renderRecoveryComment,
} from '../../../../lib/core/text/comment-text.ts'
import { COMMENT_LIMIT } from '../../../../lib/core/text/budget.ts'
import { renderRegression } from '../../../../lib/core/find/regression.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'

const failure = SAMPLE_FAILURE

test('occurrence comment: marker, count, time, commit, pipeline and reason, exactly', () => {
  assert.is(
    renderOccurrence(failure, 3),
    [
      '<!-- deploy-failure-reporter:occurrence -->',
      '### Failed again: occurrence 3',
      '',
      '**Time:** 2026-11-05 09:03:07',
      '**Commit:** `abc1234`',
      '**Pipeline:** <https://ci.example/p/7>',
      '**Reason:** `Deploy job failed`',
      '',
    ].join('\n'),
  )
})

test('with a log excerpt, the occurrence comment ends with the log section, as in the body', () => {
  const log = { text: 'step 1\nnpm ERR! code 1', source: 'deploy.log', jobUrl: 'https://gitlab.example/g/p/-/jobs/9' }
  const comment = renderOccurrence({ ...failure, log }, 3)
  assert.is(comment, [
    renderOccurrence(failure, 3),
    '### Log excerpt',
    '<details><summary>Last 2 lines of deploy.log, full log: <a href="https://gitlab.example/g/p/-/jobs/9">https://gitlab.example/g/p/-/jobs/9</a></summary>',
    '',
    '```',
    'step 1',
    'npm ERR! code 1',
    '```',
    '',
    '</details>',
    '',
  ].join('\n'))
  assert.ok(renderRegression({ ...failure, log }, 4, 2).endsWith('\n**Reason:** `Deploy job failed`\n\n### Log excerpt\n' + comment.split('### Log excerpt\n')[1]))
  // GitLab's flavor breaks GitLab references in the summary, as in the body.
  assert.match(renderOccurrence({ ...failure, log: { ...log, source: 'see #12' } }, 3, 'gitlab'), /Last 2 lines of see #\u200b12/)
})

test('a huge log is cut from its start so the comment stays within the comment budget, keeping the last line', () => {
  const lines = Array.from({ length: 50_000 }, (_, i) => `log line ${i} ${'x'.repeat(20)}`).join('\n')
  const huge = { ...failure, reason: 'r'.repeat(5_000), environment: 'e'.repeat(5_000), log: { text: lines, source: 'deploy.log' } }
  for (const comment of [renderOccurrence(huge, 3), renderRegression(huge, 5, 3), renderOccurrence(huge, 3, 'gitlab')]) {
    assert.ok(comment.length <= COMMENT_LIMIT, `${comment.length}`)
    assert.ok(comment.length > COMMENT_LIMIT - 200, `the room is used: ${comment.length}`)
    assert.ok(comment.endsWith(`log line 49999 ${'x'.repeat(20)}\n\`\`\`\n\n</details>\n`))
    assert.match(comment, /\n\*\[\d+ characters cut\]\*\n\n```\nlog line \d+ /, 'the cut is said, and starts at a whole line')
    assert.not.ok(comment.includes('log line 0 '))
  }
  assert.is(occurrenceComment(['a'], { ...failure, log: undefined }), 'a\n', 'no log, no section')
})

test('recovery comment: marker, environment, commit, time and pipeline, exactly', () => {
  const text = renderRecoveryComment({ environment: 'staging', commitSha: 'def5678', pipelineUrl: 'unknown', time: failure.time })
  assert.is(
    text,
    [
      '<!-- deploy-failure-reporter:recovery -->',
      '### Deploy recovered',
      '',
      'A deploy to `staging` succeeded, so this issue is closed automatically.',
      '',
      '**Commit:** `def5678`',
      '**Time:** 2026-11-05 09:03:07',
      '**Pipeline:** `unknown`',
      '',
    ].join('\n'),
  )
})

test('the count: the issue is occurrence 1, each marked comment one more; other comments do not count', () => {
  assert.is(nextOccurrence([]), 2)
  assert.is(nextOccurrence(['thanks', null, undefined, '']), 2)
  assert.is(nextOccurrence([`${OCCURRENCE_MARKER}\nx`, 'me too', `${OCCURRENCE_MARKER}\ny`]), 4)
  // Quoted or embedded markers are not ours: the marker must open the comment.
  assert.is(nextOccurrence([`> ${OCCURRENCE_MARKER}`, `see ${OCCURRENCE_MARKER}`, RECOVERY_MARKER]), 2)
  assert.ok(isOccurrenceComment(renderOccurrence(failure, 2)))
  assert.not.ok(isOccurrenceComment(renderRecoveryComment({ ...failure, time: failure.time })))
})

test('pipeline: an http(s) URL becomes an autolink; anything else inline code', () => {
  assert.is(pipelineLink('https://gitlab.example/g/p/-/pipelines/1?a=1&b=2'), '<https://gitlab.example/g/p/-/pipelines/1?a=1&b=2>')
  assert.is(pipelineLink('HTTP://ci.example/x'), '<HTTP://ci.example/x>')
  assert.is(pipelineLink('unknown'), '`unknown`')
  assert.is(pipelineLink('https://x/a b @bob'), '`https://x/a b @bob`')
  assert.is(pipelineLink('https://x/<script>'), '`https://x/<script>`')
  assert.is(pipelineLink('javascript:alert(1)'), '`javascript:alert(1)`')
  assert.is(pipelineLink('https://'), '`https://`')
})

test('a runaway reason is cut with a visible marker; the comment stays small', () => {
  const long = 'y'.repeat(100_000)
  const text = renderOccurrence({ ...failure, reason: long }, 2)
  assert.ok(text.length < MAX_REASON + 500)
  assert.match(text, new RegExp(`\\*\\*Reason:\\*\\* \`y{${MAX_REASON}}\` \\[${100_000 - MAX_REASON} characters cut\\]\\n$`))
})

test('occurrence and recovery texts are well-formed one-liners: no half emoji, no raw control codes', () => {
  // An emoji straddling the cut, an ESC sequence and a line break: each field stays on its line.
  const reason = 'x'.repeat(MAX_REASON - 1) + '\u{1F680}tail'
  const text = renderOccurrence({ ...failure, reason, commitSha: 'ab\u001b[31mc', pipelineUrl: 'not\na url' }, 2)
  assert.is(text, (text as string & { toWellFormed(): string }).toWellFormed(), 'no lone surrogate')
  assert.not.match(text, /\u001b/)
  assert.is(text.split('\n').length, 8)
  assert.match(text, new RegExp(`\\*\\*Reason:\\*\\* \`x{${MAX_REASON - 1}}\` \\[5 characters cut\\]\\n$`))
  assert.match(text, /\*\*Commit:\*\* `ab\u241b\[31mc`\n/)
  assert.match(text, /\*\*Pipeline:\*\* `not a url`\n/)
  const recovery = renderRecoveryComment({ environment: 'prod\nextra', commitSha: '\u0000sha', pipelineUrl: 'https://ci.example/p/1', time: failure.time })
  assert.match(recovery, /A deploy to `prod extra` succeeded/)
  assert.match(recovery, /\*\*Commit:\*\* `\u2400sha`\n/)
})

/**
 * Reads `text` as one CommonMark code span (§6.1) and returns its content, or undefined when the span
 * closes before the end of `text` (something would be left outside it as Markdown).
 */
function codeSpanContent(text: string): string | undefined {
  const fence = /^`+/.exec(text)?.[0]
  if (!fence) return undefined
  const runs = [...text.slice(fence.length).matchAll(/`+/g)].filter((m) => m[0].length === fence.length)
  const close = runs[0]
  if (!close || fence.length + close.index + fence.length !== text.length) return undefined
  const inner = text.slice(fence.length, text.length - fence.length)
  return inner.length > 1 && inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '' ? inner.slice(1, -1) : inner
}

const flat = (text: string) => text.replace(/\r\n?|\n/g, ' ')
const sameText = (shown: string | undefined, input: string) =>
  shown === flat(input) || (input.trim() === '' && shown !== undefined && shown.trim() === '') || shown === flat(input).slice(1, -1)

test('property: hostile reasons, commits and pipelines stay inside one code span or autolink each', () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.string(), fc.integer({ min: 2, max: 10_000 }), (reason, commitSha, pipelineUrl, n) => {
      const lines = renderOccurrence({ ...failure, reason: reason.slice(0, MAX_REASON), commitSha, pipelineUrl }, n).split('\n')
      assert.is(lines.length, 8, 'no input adds a line')
      assert.is(lines[0], OCCURRENCE_MARKER)
      assert.is(lines[1], `### Failed again: occurrence ${n}`)
      const value = (label: string, line: string | undefined) => {
        assert.ok(line?.startsWith(`**${label}:** `), line)
        return line!.slice(label.length + 6)
      }
      assert.ok(sameText(codeSpanContent(value('Commit', lines[4])), commitSha), lines[4])
      assert.ok(sameText(codeSpanContent(value('Reason', lines[6])), reason.slice(0, MAX_REASON)), lines[6])
      const pipeline = value('Pipeline', lines[5])
      if (pipeline.startsWith('<')) assert.is(pipeline, `<${pipelineUrl}>`)
      else assert.ok(sameText(codeSpanContent(pipeline), pipelineUrl), pipeline)
    }),
    { numRuns: 3000 },
  )
})

test.run()
