import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'
import { renderBody, renderTitle, type Failure } from '../../../../lib/core/text/issue.ts'
import { parseTemplate, type IssueTemplate } from '../../../../lib/core/text/template.ts'
import { failedJobsExtras, templateBody, templateTitle } from '../../../../lib/core/text/template-render.ts'

const GITHUB = { title: 256, body: 65_536 }
const ZWSP = '\u200B'

const parse = (text: string, extras: IssueTemplate['extras'] = {}): IssueTemplate => {
  const { template, problems } = parseTemplate(text, 'issue.md')
  assert.equal(problems, [])
  return { ...template!, extras }
}

const hostile: Failure = {
  ...SAMPLE_FAILURE,
  commitMessage: 'Fix\n```\n# Owned\n@security-team please look\n/close\n~~~',
  reason: '<details> @here #12 &#64;admin\n# Heading\n- item',
}

test('each value is escaped for where it lands: Markdown text, or inside the template\'s code fence', () => {
  const t = parse('Reason: {{reason}}\n\n```\n{{commit_message}}\n```\nEnd\n')
  assert.is(
    templateBody(t, hostile, 'github', GITHUB),
    [
      `Reason: \\<details> @${ZWSP}here #${ZWSP}12 \\&#${ZWSP}64;admin`,
      '\\# Heading',
      '\\- item',
      '',
      '```',
      'Fix',
      `\`${ZWSP}\`${ZWSP}\``,
      '# Owned',
      '@security-team please look',
      '/close',
      `~${ZWSP}~${ZWSP}~`,
      '```',
      'End',
      '',
    ].join('\n'),
  )
})

test('GitLab: references and quick actions are defused in text and in fences', () => {
  const t = parse('{{reason}} !3 ~x\n```\n{{commit_message}}\n```\n')
  const body = templateBody(t, { ...hostile, reason: 'see !3 and ~bug %v1 $4' }, 'gitlab', GITHUB)
  assert.ok(body.startsWith(`see !${ZWSP}3 and ~${ZWSP}bug %${ZWSP}v1 $${ZWSP}4 !3 ~x\n`), body)
  assert.ok(body.includes(`\n${ZWSP}/close\n`), body)
})

test('the raw form is only what is asked for explicitly: {{{x}}} and {{&x}}', () => {
  const t = parse('{{{reason}}}|{{&environment}}|{{reason}}')
  const body = templateBody(t, { ...SAMPLE_FAILURE, reason: '@here <b>' }, 'github', GITHUB)
  assert.is(body, `@here <b>|staging|@${ZWSP}here \\<b>`)
})

test('default_body is the original body itself, and wraps as Markdown without escaping', () => {
  const t = parse('> Owned by the web team\n\n{{default_body}}')
  assert.is(templateBody(t, hostile, 'github', GITHUB), `> Owned by the web team\n\n${renderBody(hostile)}`)
  assert.is(templateBody(parse('{{default_body}}'), hostile, 'gitlab', GITHUB), renderBody(hostile, 'gitlab'))
})

test('extras render when present, and sections show them only then', () => {
  const text = '{{#actor}}by {{actor}} on {{ref}} (attempt {{run_attempt}}): {{job_url}}{{/actor}}{{^actor}}no actor{{/actor}}'
  assert.is(templateBody(parse(text), SAMPLE_FAILURE, 'github', GITHUB), 'no actor')
  const extras = { actor: 'octo-cat', ref: 'main', run_attempt: '2', job_url: 'https://ci.example/j/9' }
  assert.is(templateBody(parse(text, extras), SAMPLE_FAILURE, 'github', GITHUB), 'by octo-cat on main (attempt 2): https://ci.example/j/9')
})

test('the title is one line, unescaped like the original one, and cut with a note to the limit', () => {
  const t = parse('---\ntitle: "{{environment}} — {{commit_message}} — {{date}}"\n---\n')
  assert.is(templateTitle(t, { ...hostile, commitMessage: 'a\nb @x' }, 'github', GITHUB), 'staging — a b @x — 2026-11-05')
  const long = templateTitle(t, { ...SAMPLE_FAILURE, commitMessage: 'm'.repeat(400) }, 'github', GITHUB)
  assert.is(long.length <= 256, true)
  assert.match(long, /^staging — m+… \[\d+ characters cut\]$/)
  assert.is(templateTitle(t, { ...SAMPLE_FAILURE, commitMessage: 'm'.repeat(400) }, 'github', GITHUB), long, 'the same cut every time: the title is the duplicate key')
})

test('no title in the template keeps the original title; default_title can be wrapped', () => {
  assert.is(templateTitle(parse('x'), SAMPLE_FAILURE, 'github', GITHUB), renderTitle(SAMPLE_FAILURE))
  assert.is(templateTitle(parse('---\ntitle: "{{default_title}} (web)"\n---\n'), SAMPLE_FAILURE, 'github', GITHUB), `${renderTitle(SAMPLE_FAILURE)} (web)`)
})

test('the body budget holds, the log excerpt cut first (its start), then the texts', () => {
  const log = { text: Array.from({ length: 3000 }, (_, i) => `line ${i} ${'x'.repeat(20)}`).join('\n'), source: 'deploy.log' }
  const failure: Failure = { ...SAMPLE_FAILURE, log, commitMessage: 'short message' }
  const t = parse('{{commit_message}}\n{{log_excerpt}}\n```\n{{log}}\n```\n')
  const limits = { title: 256, body: 50_000 }
  const body = templateBody(t, failure, 'github', limits)
  assert.is(body.length <= limits.body, true)
  assert.is(body.length > limits.body - 200, true, 'cut no more than needed')
  assert.ok(body.startsWith('short message\n### Log excerpt'), 'the message is whole')
  assert.ok(body.includes('line 2999 '), 'the end of the log is kept')
  assert.not.ok(body.includes('\nline 0 '), 'its start is cut')
  assert.match(body, /\[\d+ characters cut\]/)

  const tight = templateBody(t, { ...failure, commitMessage: 'M'.repeat(30_000) }, 'github', { title: 256, body: 20_000 })
  assert.is(tight.length <= 20_000, true)
  assert.match(tight, /^M+\n\[\d+ characters cut\]\n### Log excerpt/)
})

test('a template whose own text is over the budget is cut at its end, with a note', () => {
  const body = templateBody(parse('y'.repeat(70_000) + '{{reason}}'), SAMPLE_FAILURE, 'github', GITHUB)
  assert.is(body.length <= 65_536, true)
  assert.match(body, /\*\[\d+ characters cut\]\*$/)
})

test('failedJobsExtras: job and step names on one line each; nothing when nothing failed', () => {
  const jobs = [
    { id: '1', name: 'build', url: 'https://ci.example/j/1', steps: [], running: false },
    { id: '2', name: 'deploy', url: 'https://ci.example/j/2', steps: [{ name: 'Run smoke tests', number: 4, url: 'https://ci.example/j/2#step:4:1' }], running: true },
  ]
  assert.equal(failedJobsExtras(jobs), { failed_jobs: 'build, deploy', failed_steps: 'deploy › Run smoke tests' })
  assert.equal(failedJobsExtras([]), {})
  const body = templateBody(parse('Failed: {{failed_jobs}}{{#failed_steps}} ({{failed_steps}}){{/failed_steps}}', failedJobsExtras(jobs)), SAMPLE_FAILURE, 'github', GITHUB)
  assert.is(body, 'Failed: build, deploy (deploy › Run smoke tests)')
})

test('each landing: an HTML block and a tag\'s attribute get entities, a table cell no pipe, a link\'s text no bracket, its address encoding; {{{raw}}} stays raw', () => {
  const t = parse(['<details><summary>{{reason}}</summary>', '', '<a title="{{reason}}">x</a>', '', '| a |', '|---|', '| {{reason}} |', '{{reason}}', '', '[{{reason}}]({{pipeline}}) [t]({{reason}})', '', '{{reason}} {{{reason}}}'].join('\n'))
  const failure = { ...SAMPLE_FAILURE, reason: '</summary><b>&"\'|]\\', pipelineUrl: 'https://ci.example/p (7)' }
  assert.is(
    templateBody(t, failure, 'github', GITHUB),
    [
      '<details><summary>&lt;/summary&gt;&lt;b&gt;&amp;&quot;&#x27;|]\\</summary>',
      '',
      '<a title="&lt;/summary&gt;&lt;b&gt;&amp;&quot;&#x27;|]\\">x</a>',
      '',
      '| a |',
      '|---|',
      "| \\</summary>\\<b>&\"'&#124;]\\\\ |",
      "\\</summary>\\<b>&\"'&#124;]\\\\",
      '',
      "[\\</summary>\\<b>&\"'&#124;\\]\\\\](https://ci.example/p%20%287%29) [t]()",
      '',
      "\\</summary>\\<b>&\"'|]\\ </summary><b>&\"'|]\\",
    ].join('\n'),
  )
})

test('a blank line ends an HTML block and a table: what follows is Markdown text again', () => {
  const t = parse('<div>\n\n{{reason}}\n\n| a |\n|---|\n\n{{reason}}')
  assert.is(templateBody(t, { ...SAMPLE_FAILURE, reason: 'a|<b>' }, 'github', GITHUB), '<div>\n\na|\\<b>\n\n| a |\n|---|\n\na|\\<b>')
})

test.run()
