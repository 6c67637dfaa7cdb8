import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseTemplate, TEMPLATE_VARIABLES } from '../../../../lib/core/text/template.ts'

const problems = (text: string) => parseTemplate(text, 'issue.md').problems

test('front matter: title, labels (list or comma line), assignees and milestone are read', () => {
  const { template, problems: found } = parseTemplate(
    '---\ntitle: "{{environment}} down"\nlabels: [sev2, "team: web"]\nassignees: alice, bob\nmilestone: Q4 2026\n---\nBody {{reason}}\n',
    'issue.md',
  )
  assert.equal(found, [])
  assert.equal(template!.labels, ['sev2', 'team: web'])
  assert.equal(template!.assignees, ['alice', 'bob'])
  assert.is(template!.milestone, 'Q4 2026')
  assert.ok(template!.title)
})

test('no front matter: the whole file is the body, the title and lists stay the original script\'s', () => {
  const { template } = parseTemplate('Just {{reason}}\n---\nnot front matter\n', 'issue.md')
  assert.is(template!.title, undefined)
  assert.equal(template!.labels, [])
  assert.is(template!.milestone, undefined)
})

test('an unknown variable is refused, naming its line and the known ones', () => {
  const [problem, ...rest] = problems('---\ntitle: "{{environment}}"\n---\nline one\nline {{reson}} two\n')
  assert.is(rest.length, 0)
  assert.is(problem!.startsWith('issue.md line 5: unknown variable {{reson}}; the variables are environment, commit'), true, problem)
})

test('unknown variables in sections, raw tags and the title are refused too; dotted names are unknown', () => {
  const found = problems('---\ntitle: "{{environment}} {{{who}}}"\n---\n{{#nope}}x{{/nope}}\n{{&raw}}\n{{reason.length}}\n')
  assert.equal(found.map((p) => p.replace(/; the variables are .*/, '')), [
    'issue.md line 2: unknown variable {{who}}',
    'issue.md line 4: unknown variable {{nope}}',
    'issue.md line 5: unknown variable {{raw}}',
    'issue.md line 6: unknown variable {{reason.length}}',
  ])
})

test('malformed front matter, an unclosed front matter, unknown keys and wrong shapes name their lines', () => {
  assert.equal(problems('---\ntitle: [a\n---\nbody'), ['issue.md line 3: malformed front matter: Flow sequence in block collection must be sufficiently indented and end with a ]'])
  assert.equal(problems('---\ntitle: a\nbody'), ['issue.md line 1: the front matter opened by --- is never closed; end it with a line holding only ---'])
  assert.equal(problems('---\ntitle: "{{date}}"\nowner: me\n---\n'), ['issue.md line 3: unknown front matter key "owner"; the keys are title, labels, assignees and milestone'])
  assert.equal(problems('---\nlabels: {a: 1}\n---\n'), ['issue.md line 2: labels must be a list of names (or one comma-separated line)'])
  assert.equal(problems('---\n- a\n- b\n---\n'), ['issue.md line 2: the front matter must be key: value lines (title, labels, assignees, milestone)'])
})

test('an unclosed tag or section, and partials, are refused with their line', () => {
  assert.equal(problems('a\nb {{reason\n'), ['issue.md line 2: Unclosed tag; every {{ needs its }}, every {{#x}} its {{/x}}'])
  assert.equal(problems('a\n\n{{#actor}} by'), ['issue.md line 3: Unclosed section "actor"; every {{ needs its }}, every {{#x}} its {{/x}}'])
  assert.equal(problems('x\n{{>footer}}'), ['issue.md line 2: partials ({{>footer}}) are not supported; write the text in the template'])
})

test('a title naming none of environment, commit or date would merge failures: refused, naming the fix', () => {
  assert.equal(problems('---\ntitle: "Deploy failed: {{reason}}"\n---\n'), [
    'issue.md line 2: the title names none of {{environment}}, {{commit}} or {{date}}, so different failures would share one issue; add at least one of them (or {{default_title}})',
  ])
  for (const ok of ['{{environment}}', '{{commit}} x', 'on {{date}}', '{{default_title}} (web)', '{{#environment}}{{environment}}{{/environment}}']) {
    assert.equal(problems(`---\ntitle: "${ok}"\n---\n`), [], ok)
  }
})

test('the documented variables: the original body\'s, the extras and the defaults', () => {
  for (const name of ['environment', 'commit', 'commit_message', 'time', 'date', 'pipeline', 'reason', 'log_excerpt', 'failed_jobs', 'failed_steps', 'job_url', 'run_attempt', 'actor', 'ref', 'default_body']) {
    assert.ok((TEMPLATE_VARIABLES as readonly string[]).includes(name), name)
  }
})

test.run()
